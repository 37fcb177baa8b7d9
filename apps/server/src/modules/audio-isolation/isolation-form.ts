import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { FILE_FORMATS } from './audio-isolation.schemas.js'
import { fileTooBig, type IsolationLimits, type IsolationUpload } from './audio-isolation.service.js'

// Reads the multipart body of an isolation call into memory: one file field `audio`, and
// the text fields `file_format` and `preview_b64`. A file over the limit is refused while it
// arrives (413 with the product's message), never read whole.

/** The largest text field: a preview image in base64. */
export const FIELD_BYTES_MAX = 2 * 1024 * 1024

export function multipartLimits(limits: IsolationLimits) {
  return {
    fileSize: limits.maxBytes,
    files: 1,
    fields: 4,
    fieldSize: FIELD_BYTES_MAX,
    fieldNameSize: 100,
    parts: 5,
    headerPairs: 200,
  }
}

export async function readIsolationForm(
  request: FastifyRequest,
  limits: IsolationLimits,
): Promise<IsolationUpload> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', { message: 'Send the audio as multipart/form-data.' })
  }
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > limits.maxBytes + FIELD_BYTES_MAX * 2) {
    throw fileTooBig(limits)
  }
  let file: { data: Buffer; fileName: string } | null = null
  const fields: Record<string, string> = {}
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'audio') {
          part.file.resume()
          throw new AppError('validation_error', {
            message: `Unexpected file field '${part.fieldname.replace(/[^\x20-\x7e]/g, '?')}': send the audio as 'audio'.`,
            param: 'audio',
          })
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
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooBig(limits)
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('payload_too_large', {
        message: 'Send one audio file with file_format and preview_b64 only.',
      })
    throw error
  }
  if (!file)
    throw new AppError('validation_error', { message: "The field 'audio' is required.", param: 'audio' })
  const fileFormat = fields.file_format ?? 'other'
  if (!(FILE_FORMATS as readonly string[]).includes(fileFormat)) {
    throw new AppError('validation_error', {
      message: "file_format must be 'other' or 'pcm_s16le_16'.",
      param: 'file_format',
    })
  }
  return {
    ...file,
    fileFormat: fileFormat as IsolationUpload['fileFormat'],
    previewB64: fields.preview_b64 || null,
  }
}
