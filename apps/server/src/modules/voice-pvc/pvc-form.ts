import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { textProblem } from '../../plugins/input-hygiene.js'
import type { UploadedFile } from './pvc.service.js'
import { PVC_LIMITS } from './pvc-limits.js'

// Multipart bodies of the professional clone calls (samples, captcha recording, supporting
// documents), read into memory within PVC_LIMITS: a file over its limit or too many bytes
// answer 413 with the limit in the message, never 500.

const MiB = 1024 * 1024

export const PVC_MULTIPART_LIMITS = {
  fileSize: PVC_LIMITS.sampleBytesMax,
  files: PVC_LIMITS.filesPerRequest,
  fields: 10,
  fieldSize: 64 * 1024,
  fieldNameSize: 100,
  parts: PVC_LIMITS.filesPerRequest + 10,
  headerPairs: 200,
}

const tooLarge = (message: string) => new AppError('payload_too_large', { message, param: 'files' })

function explainLimit(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return tooLarge(`Each file may be at most ${PVC_LIMITS.sampleBytesMax / MiB} MiB.`)
  if (code === 'FST_FILES_LIMIT') return tooLarge(`At most ${PVC_LIMITS.filesPerRequest} files per request.`)
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return tooLarge('Too many form fields.')
  return error
}

/** Refuses a declared body larger than any of these calls takes, before reading it. */
export async function refuseOversizedBody(request: FastifyRequest): Promise<void> {
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > PVC_LIMITS.requestBytesMax + 1024 * 1024) {
    throw tooLarge(`The upload is larger than ${PVC_LIMITS.requestBytesMax / MiB} MiB.`)
  }
}

function checkText(value: string, param: string): void {
  const problem =
    textProblem(value) ?? (/\p{Cc}/u.test(value) ? 'Text may not contain control characters.' : undefined)
  if (problem)
    throw new AppError('validation_error', { message: `Invalid text in '${param}': ${problem}`, param })
}

export interface PvcForm {
  files: UploadedFile[]
  fields: Record<string, string>
}

/** Reads files of the given field names (with or without `[]`) and text fields. */
export async function readPvcForm(request: FastifyRequest, fileField: string): Promise<PvcForm> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', { message: 'Send this call as multipart/form-data.' })
  }
  const form: PvcForm = { files: [], fields: {} }
  let total = 0
  try {
    for await (const part of request.parts()) {
      const name = part.fieldname.replace(/\[\]$/, '')
      if (part.type === 'file') {
        if (name !== fileField) {
          part.file.resume()
          throw new AppError('validation_error', {
            message: `Unexpected file field: send the audio as '${fileField}'.`,
            param: fileField,
          })
        }
        const fileName = part.filename ?? ''
        try {
          checkText(fileName, fileField)
        } catch (error) {
          part.file.resume()
          throw error
        }
        const data = await part.toBuffer()
        total += data.length
        if (total > PVC_LIMITS.requestBytesMax) {
          throw tooLarge(`The files together are larger than ${PVC_LIMITS.requestBytesMax / MiB} MiB.`)
        }
        form.files.push({ fileName, data })
      } else {
        if (part.valueTruncated) throw tooLarge(`The field '${name}' is too long.`)
        const value = String(part.value)
        checkText(value, name)
        form.fields[name] = value
      }
    }
  } catch (error) {
    throw explainLimit(error)
  }
  return form
}
