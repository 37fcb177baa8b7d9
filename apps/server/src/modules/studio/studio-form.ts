import { STUDIO_DOCUMENT_MAX_BYTES } from '@timbre/contract'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { textProblem } from '../../plugins/input-hygiene.js'

// The multipart bodies of project creation and the content call: text fields (some repeated,
// such as genres) and at most one document in `from_document`. Limits answer 413, never 500.

export const STUDIO_MULTIPART_LIMITS = {
  fileSize: STUDIO_DOCUMENT_MAX_BYTES,
  files: 2,
  fields: 60,
  fieldSize: 2 * 1024 * 1024,
  fieldNameSize: 100,
  parts: 61,
  headerPairs: 200,
}

export interface StudioForm {
  fields: Map<string, string[]>
  document?: { fileName: string; data: Buffer }
  cover?: Buffer
}

const tooLarge = (message: string) => new AppError('payload_too_large', { message })

function explainLimit(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return tooLarge(
      `The document and the cover image may be at most ${STUDIO_DOCUMENT_MAX_BYTES / 1024 / 1024} MB each.`,
    )
  if (code === 'FST_FILES_LIMIT') return tooLarge('Send one document and one cover image per request.')
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return tooLarge('Too many form fields.')
  return error
}

export async function readStudioForm(request: FastifyRequest): Promise<StudioForm> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', { message: 'Send the project as multipart/form-data.' })
  }
  const form: StudioForm = { fields: new Map() }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'cover_image') {
          form.cover = await part.toBuffer()
          continue
        }
        if (part.fieldname !== 'from_document') {
          part.file.resume()
          throw new AppError('validation_error', {
            message: `Unexpected file field '${part.fieldname}'; send the document as 'from_document' and the cover as 'cover_image'.`,
            param: part.fieldname,
          })
        }
        form.document = { fileName: part.filename ?? '', data: await part.toBuffer() }
        continue
      }
      if (part.valueTruncated) throw tooLarge(`The field '${part.fieldname}' is too long.`)
      const value = String(part.value)
      const problem = textProblem(value)
      if (problem) throw new AppError('validation_error', { message: problem, param: part.fieldname })
      form.fields.set(part.fieldname, [...(form.fields.get(part.fieldname) ?? []), value])
    }
  } catch (error) {
    throw explainLimit(error)
  }
  return form
}

/** The single value of a field (the last one sent), or undefined. */
export function field(form: StudioForm, name: string): string | undefined {
  const values = form.fields.get(name)
  return values?.[values.length - 1]
}

/** A boolean field as multipart sends them ('true' / 'false'). */
export function booleanField(form: StudioForm, name: string): boolean | undefined {
  const value = field(form, name)
  if (value === undefined) return undefined
  if (value === 'true') return true
  if (value === 'false') return false
  throw new AppError('validation_error', { message: `'${name}' must be true or false.`, param: name })
}
