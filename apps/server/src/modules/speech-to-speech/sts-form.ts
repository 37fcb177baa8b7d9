import { SPEECH_TO_SPEECH_MAX_BYTES } from '@timbre/contract'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { multipartForm, readMultipart } from '../../platform/http/multipart.js'

/** An upload over the size limit, named as the audio field. */
export function stsTooBig(): AppError {
  return new AppError('speech_to_speech_too_long', { param: 'audio' })
}

// The multipart body of a speech-to-speech call: one file field `audio`, and the text fields
// model_id, voice_settings, seed, remove_background_noise and file_format. A file over the limit
// is refused while it arrives, never read whole; text inside voice_settings is checked before
// any audio is made.

export interface StsUpload {
  data: Buffer
  fileName: string
  fileFormat: 'other' | 'pcm_s16le_16'
  modelId: string | null
  voiceSettings: Record<string, unknown> | null
  seed: number | null
  removeBackgroundNoise: boolean
}

/** The audio of POST /v1/speech-to-speech/{voice_id} and /stream, and how to convert it. */
export const stsForm = multipartForm({
  files: {
    audio: {
      description:
        'The recording: WAV, MP3, OGG, FLAC, M4A or WebM, recognised by content, up to 5 minutes; or raw ' +
        '16 kHz 16-bit mono PCM with `file_format=pcm_s16le_16`.',
      maxBytes: SPEECH_TO_SPEECH_MAX_BYTES,
      required: true,
      tooLarge: stsTooBig,
    },
  },
  fields: {
    model_id: { description: 'eleven_english_sts_v2 or eleven_multilingual_sts_v2.' },
    voice_settings: { description: 'A JSON object, e.g. {"stability": 0.5}.', kind: 'json' },
    seed: { description: 'An integer from 0 to 4294967295.', kind: 'integer' },
    remove_background_noise: { description: 'true: RNNoise runs over the recording first.', kind: 'boolean' },
    file_format: { description: 'The kind of the recording.', enum: ['other', 'pcm_s16le_16'] },
    enable_logging: { description: 'Taken for compatibility; the query parameter decides.', kind: 'boolean' },
  },
})

function invalid(param: string, message: string): AppError {
  return new AppError('validation_error', { message, param })
}

export async function readStsForm(request: FastifyRequest): Promise<StsUpload> {
  const form = await readMultipart(request, stsForm)
  const audio = form.file('audio')
  const file = audio && { data: audio.data, fileName: audio.fileName.slice(0, 255) }
  const fields = form.textRecord()
  if (!file || file.data.length === 0) throw invalid('audio', "The field 'audio' is required.")
  const fileFormat = fields.file_format || 'other'
  if (fileFormat !== 'other' && fileFormat !== 'pcm_s16le_16')
    throw invalid('file_format', "file_format must be 'other' or 'pcm_s16le_16'.")
  let voiceSettings: Record<string, unknown> | null = null
  if (fields.voice_settings) {
    try {
      const parsed: unknown = JSON.parse(fields.voice_settings)
      if (parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed)))
        throw new Error('not an object')
      voiceSettings = parsed as Record<string, unknown> | null
    } catch {
      throw invalid('voice_settings', 'voice_settings must be a JSON object, e.g. {"stability": 0.5}.')
    }
  }
  let seed: number | null = null
  if (fields.seed) {
    seed = Number(fields.seed)
    if (!Number.isInteger(seed) || seed < 0 || seed > 4_294_967_295)
      throw invalid('seed', 'seed must be an integer from 0 to 4294967295.')
  }
  return {
    ...file,
    fileFormat,
    modelId: fields.model_id || null,
    voiceSettings,
    seed,
    removeBackgroundNoise: form.boolean('remove_background_noise') ?? false,
  }
}
