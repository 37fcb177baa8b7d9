import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { textProblem } from '../../plugins/input-hygiene.js'
import type { EditForm } from './voice-edit.service.js'
import { VOICE_LIMITS } from './voice-limits.js'

// Reads the multipart body of a voice edit into memory within VOICE_LIMITS: a file over its
// limit, too many files or too many bytes in all answer 413 with a JSON detail, never 500.

const FILE_FIELDS = new Set(['files', 'files[]'])

export const MULTIPART_LIMITS = {
  fileSize: VOICE_LIMITS.sampleBytesMax,
  files: VOICE_LIMITS.filesPerRequest,
  fields: VOICE_LIMITS.fieldsMax,
  fieldSize: VOICE_LIMITS.fieldBytesMax,
  fieldNameSize: 100,
  parts: VOICE_LIMITS.filesPerRequest + VOICE_LIMITS.fieldsMax,
  headerPairs: 200,
}

const MiB = 1024 * 1024
const tooLarge = (message: string) => new AppError('payload_too_large', { message, param: 'files' })

/** The multipart plugin's limit errors, with the limit in the message. */
function explainLimit(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return tooLarge(`Each file may be at most ${VOICE_LIMITS.sampleBytesMax / MiB} MiB.`)
  if (code === 'FST_FILES_LIMIT')
    return tooLarge(`At most ${VOICE_LIMITS.filesPerRequest} files per request.`)
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return tooLarge('Too many form fields.')
  return error
}

/** Refuses a declared body larger than the edit call can ever take, before reading it. */
export async function refuseOversizedBody(request: FastifyRequest): Promise<void> {
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > VOICE_LIMITS.requestBytesMax + VOICE_LIMITS.fieldBytesMax * 4) {
    throw tooLarge(`The upload is larger than ${VOICE_LIMITS.requestBytesMax / MiB} MiB.`)
  }
}

/** A control character in a file name (CR, LF, NUL, ...) is never part of a real name. */
const CONTROL_CHARACTER = /\p{Cc}/u

/** A field name fit to quote back in a message. */
const printable = (name: string) => name.replace(/[^\x20-\x7e]/g, '?')

/** Field names, field values and file names must be clean text (see plugins/input-hygiene.ts). */
function checkText(value: string, param: string, what: string): void {
  const problem =
    textProblem(value) ??
    (what === 'file name' && CONTROL_CHARACTER.test(value)
      ? 'Text may not contain control characters.'
      : undefined)
  if (!problem) return
  throw new AppError('validation_error', {
    message: `Invalid ${what} in '${param}': ${problem}`,
    param,
  })
}

export async function readEditForm(request: FastifyRequest): Promise<EditForm> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', { message: 'Send the voice edit as multipart/form-data.' })
  }
  const form: EditForm = { fields: {}, files: [] }
  let total = 0
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // An unread file stream would stall the parser: drain it before refusing the part.
        try {
          checkText(part.fieldname, printable(part.fieldname), 'field name')
          checkText(part.filename ?? '', part.fieldname, 'file name')
        } catch (error) {
          part.file.resume()
          throw error
        }
        if (!FILE_FIELDS.has(part.fieldname)) {
          part.file.resume()
          throw new AppError('validation_error', {
            message: `Unexpected file field '${part.fieldname}': send audio samples as 'files'.`,
            param: part.fieldname,
          })
        }
        const data = await part.toBuffer()
        total += data.length
        if (total > VOICE_LIMITS.requestBytesMax) {
          throw tooLarge(`The files together are larger than ${VOICE_LIMITS.requestBytesMax / MiB} MiB.`)
        }
        form.files.push({ fileName: part.filename ?? '', data })
      } else {
        checkText(part.fieldname, printable(part.fieldname), 'field name')
        if (part.valueTruncated) {
          throw tooLarge(`The field '${part.fieldname}' is longer than ${VOICE_LIMITS.fieldBytesMax} bytes.`)
        }
        const value = String(part.value)
        checkText(value, part.fieldname, 'value')
        form.fields[part.fieldname] = value
      }
    }
  } catch (error) {
    throw explainLimit(error)
  }
  return form
}
