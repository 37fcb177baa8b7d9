import { OPENAI_TRANSCRIPTION_FORMATS, SPEECH_TO_TEXT_MAX_BYTES } from '@timbre/contract'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { multipartForm, readMultipart } from '../../platform/http/multipart.js'
import type { TranscriptionRequest } from './openai-audio.service.js'

// The multipart body of OpenAI's POST /audio/transcriptions, with its field names.

export const transcriptionForm = multipartForm({
  files: {
    file: {
      description: 'The audio file: WAV, MP3, OGG, FLAC, M4A or WebM, recognised by content.',
      maxBytes: SPEECH_TO_TEXT_MAX_BYTES,
      required: true,
      tooLarge: () => new AppError('speech_to_text_file_too_big', { param: 'file' }),
    },
  },
  fields: {
    model: { description: 'whisper-1, gpt-4o-transcribe or one of our model ids.', required: true },
    language: { description: 'ISO 639-1 code of the language spoken.' },
    prompt: { description: 'Accepted for compatibility; the recogniser takes no prompt.', maxBytes: 8192 },
    response_format: { description: 'The shape of the answer.', enum: OPENAI_TRANSCRIPTION_FORMATS },
    temperature: { description: 'Accepted for compatibility; decoding is deterministic.', kind: 'number' },
    timestamp_granularities: {
      description: 'word and/or segment, with verbose_json (sent as timestamp_granularities[]).',
      enum: ['word', 'segment'],
      maxCount: 2,
    },
    stream: {
      description: 'Streaming is not offered: false or absent.',
      kind: 'boolean',
    },
  },
})

export async function readTranscriptionRequest(request: FastifyRequest): Promise<TranscriptionRequest> {
  const body = await readMultipart(request, transcriptionForm)
  if (body.boolean('stream'))
    throw new AppError('validation_error', {
      param: 'stream',
      message: 'Streamed transcription is not available on this server; send stream=false.',
    })
  const upload = body.file('file')
  return {
    file: upload ? { data: upload.data, fileName: upload.fileName.slice(0, 255), fileFormat: 'other' } : null,
    model: body.text('model') ?? '',
    language: body.text('language') || null,
    responseFormat: body.text('response_format') || undefined,
    granularities: body.texts('timestamp_granularities'),
  }
}
