import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'

// Reads the multipart body of a speech-to-speech call into memory: one file field `audio`, and
// the text fields model_id, voice_settings, seed, remove_background_noise and file_format. A
// file over the limit is refused while it arrives, never read whole.

export interface StsUpload {
  data: Buffer
  fileName: string
  fileFormat: 'other' | 'pcm_s16le_16'
  modelId: string | null
  voiceSettings: Record<string, unknown> | null
  seed: number | null
  removeBackgroundNoise: boolean
}

const FIELD_BYTES_MAX = 64 * 1024
const FIELDS = [
  'model_id',
  'voice_settings',
  'seed',
  'remove_background_noise',
  'file_format',
  'enable_logging',
]

export function stsMultipartLimits(maxBytes: number) {
  return {
    fileSize: maxBytes,
    files: 1,
    fields: FIELDS.length + 2,
    fieldSize: FIELD_BYTES_MAX,
    fieldNameSize: 100,
    parts: FIELDS.length + 3,
    headerPairs: 200,
  }
}

function invalid(param: string, message: string): AppError {
  return new AppError('validation_error', { message, param })
}

function flag(raw: string | undefined, param: string): boolean {
  if (raw === undefined || raw === '') return false
  if (raw === 'true' || raw === 'false') return raw === 'true'
  throw invalid(param, `${param} must be true or false.`)
}

export async function readStsForm(
  request: FastifyRequest,
  tooBig: () => AppError,
  maxBytes: number,
): Promise<StsUpload> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', { message: 'Send the audio as multipart/form-data.' })
  }
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes + FIELD_BYTES_MAX * FIELDS.length) throw tooBig()
  let file: { data: Buffer; fileName: string } | null = null
  const fields: Record<string, string> = {}
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'audio') {
          part.file.resume()
          throw invalid('audio', "Send the recording as the file field 'audio'.")
        }
        file = {
          data: await part.toBuffer(),
          fileName: (part.filename ?? '').replace(/\p{Cc}/gu, '').slice(0, 255),
        }
      } else {
        if (part.valueTruncated) throw new AppError('payload_too_large', { param: part.fieldname })
        fields[part.fieldname] = String(part.value)
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooBig()
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('payload_too_large', {
        message: 'Send one audio file and the documented fields only.',
      })
    throw error
  }
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
    removeBackgroundNoise: flag(fields.remove_background_noise, 'remove_background_noise'),
  }
}
