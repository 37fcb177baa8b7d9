import { MAX_DICTIONARY_FILE_BYTES } from '@timbre/contract'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { textProblem } from '../../plugins/input-hygiene.js'

// The multipart body of add-from-file: name (required), description, workspace_access and one
// optional file (PLS, XML or TXT; at most 1 MB). Limits answer 413, never 500.

export const DICTIONARY_MULTIPART_LIMITS = {
  fileSize: MAX_DICTIONARY_FILE_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 16 * 1024,
  fieldNameSize: 100,
  parts: 11,
  headerPairs: 200,
}

export interface DictionaryFileForm {
  name?: string
  description?: string
  file?: { fileName: string; data: Buffer }
}

const tooLarge = (message: string) => new AppError('payload_too_large', { message, param: 'file' })

function explainLimit(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge('The dictionary file may be at most 1 MB.')
  if (code === 'FST_FILES_LIMIT') return tooLarge('Send one dictionary file per request.')
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return tooLarge('Too many form fields.')
  return error
}

export async function readDictionaryForm(request: FastifyRequest): Promise<DictionaryFileForm> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', { message: 'Send the dictionary as multipart/form-data.' })
  const form: DictionaryFileForm = {}
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume()
          throw new AppError('validation_error', {
            message: `Unexpected file field; send the dictionary as 'file'.`,
            param: 'file',
          })
        }
        form.file = { fileName: part.filename ?? '', data: await part.toBuffer() }
        continue
      }
      if (part.valueTruncated) throw tooLarge(`The field '${part.fieldname}' is too long.`)
      const value = String(part.value)
      const problem = textProblem(value)
      if (problem) throw new AppError('validation_error', { message: problem, param: part.fieldname })
      if (part.fieldname === 'name') form.name = value
      else if (part.fieldname === 'description') form.description = value
    }
  } catch (error) {
    throw explainLimit(error)
  }
  return form
}
