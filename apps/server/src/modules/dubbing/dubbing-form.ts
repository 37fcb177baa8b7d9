import { DUBBING_MAX_BYTES } from '@timbre/contract'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { multipartForm, readMultipart } from '../../platform/http/multipart.js'

// The multipart body of POST /v1/dubbing, with the public API's field names. A file over the
// limit is refused while it arrives; a second file is refused with the product's message.

const tooBig = () => new AppError('dubbing_file_too_big', { param: 'file' })
const SIDE_FILE_BYTES = 20 * 1024 * 1024

export const dubbingForm = multipartForm({
  files: {
    file: {
      description: 'The audio or video file to dub (any common container), recognised by content.',
      maxBytes: DUBBING_MAX_BYTES,
      maxCount: 2,
      tooLarge: tooBig,
    },
    csv_file: { description: 'Not used by this server (manual CSV dubbing).', maxBytes: SIDE_FILE_BYTES },
    foreground_audio_file: { description: 'Not used by this server.', maxBytes: SIDE_FILE_BYTES },
    background_audio_file: { description: 'Not used by this server.', maxBytes: SIDE_FILE_BYTES },
  },
  fields: {
    name: { description: 'A name for the dub.' },
    source_url: { description: 'An HTTPS URL of the file, instead of `file`.', maxBytes: 4096 },
    source_lang: { description: "The source language (ISO 639-1), or 'auto' to detect it." },
    target_lang: { description: 'The language to dub into (ISO 639-1).' },
    target_accent: { description: 'Not used by this server.' },
    num_speakers: { description: 'The number of speakers; 0 detects it.', kind: 'integer' },
    watermark: { description: 'Watermark the video (priced lower).', kind: 'boolean' },
    start_time: { description: 'Where the dubbed range starts, in seconds.', kind: 'number' },
    end_time: { description: 'Where the dubbed range ends, in seconds.', kind: 'number' },
    highest_resolution: { description: 'Keep the highest resolution of the video.', kind: 'boolean' },
    drop_background_audio: { description: 'Leave the background sound out of the dub.', kind: 'boolean' },
    use_profanity_filter: { description: 'Mask profanity in transcripts.', kind: 'boolean' },
    dubbing_studio: { description: 'Prepare the dub for the editor (priced higher).', kind: 'boolean' },
    disable_voice_cloning: {
      description: 'Use the nearest premade voice instead of a clone of each speaker.',
      kind: 'boolean',
    },
    mode: { description: "'automatic' (the only mode here) or 'manual'.", enum: ['automatic', 'manual'] },
    csv_fps: { description: 'Not used by this server.', kind: 'number' },
  },
})

export interface DubbingRequest {
  file: { data: Buffer; fileName: string } | null
  sourceUrl: string | null
  name: string | null
  sourceLang: string
  targetLang: string | null
  numSpeakers: number
  watermark: boolean
  startTime: number | null
  endTime: number | null
  highestResolution: boolean
  dropBackgroundAudio: boolean
  useProfanityFilter: boolean
  dubbingStudio: boolean
  disableVoiceCloning: boolean
}

export async function readDubbingForm(request: FastifyRequest): Promise<DubbingRequest> {
  const body = await readMultipart(request, dubbingForm)
  const files = body.files('file')
  if (files.length > 1) throw new AppError('dubbing_one_file', { param: 'file' })
  if (body.text('mode') === 'manual')
    throw new AppError('validation_error', {
      message: "mode 'manual' (dubbing from a CSV) is not available on this server; use 'automatic'.",
      param: 'mode',
    })
  const number = (name: 'start_time' | 'end_time' | 'num_speakers') => {
    const value = body.text(name)
    return value === undefined || value === '' ? null : Number(value)
  }
  const file = files[0]
  return {
    file: file ? { data: file.data, fileName: file.fileName.slice(0, 255) } : null,
    sourceUrl: body.text('source_url') || null,
    name: body.text('name')?.trim() || null,
    sourceLang: (body.text('source_lang') || 'auto').toLowerCase(),
    targetLang: body.text('target_lang')?.toLowerCase() || null,
    numSpeakers: number('num_speakers') ?? 0,
    watermark: body.boolean('watermark') ?? false,
    startTime: number('start_time'),
    endTime: number('end_time'),
    highestResolution: body.boolean('highest_resolution') ?? false,
    dropBackgroundAudio: body.boolean('drop_background_audio') ?? false,
    useProfanityFilter: body.boolean('use_profanity_filter') ?? false,
    dubbingStudio: body.boolean('dubbing_studio') ?? false,
    disableVoiceCloning: body.boolean('disable_voice_cloning') ?? false,
  }
}
