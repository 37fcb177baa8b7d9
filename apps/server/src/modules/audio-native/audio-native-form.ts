import { AUDIO_NATIVE_MAX_PAGE_BYTES } from '@timbre/contract'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { textProblem } from '../../plugins/input-hygiene.js'

// The multipart bodies of Audio Native calls: text fields (some repeated, such as
// pronunciation_dictionary_locators) and at most one article file in `file`.

export const AUDIO_NATIVE_MULTIPART_LIMITS = {
  fileSize: AUDIO_NATIVE_MAX_PAGE_BYTES,
  files: 1,
  fields: 60,
  fieldSize: 64 * 1024,
  fieldNameSize: 100,
  parts: 61,
  headerPairs: 200,
}

export interface AudioNativeForm {
  fields: Map<string, string[]>
  file?: { fileName: string; data: Buffer }
}

const tooLarge = (message: string) => new AppError('payload_too_large', { message })

export async function readAudioNativeForm(request: FastifyRequest): Promise<AudioNativeForm> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', { message: 'Send the form as multipart/form-data.' })
  }
  const form: AudioNativeForm = { fields: new Map() }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume()
          throw new AppError('validation_error', {
            message: `Unexpected file field '${part.fieldname.replace(/[^\x20-\x7e]/g, '?')}'; send the article as 'file'.`,
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
      form.fields.set(part.fieldname, [...(form.fields.get(part.fieldname) ?? []), value])
    }
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge(`The article file may be at most ${AUDIO_NATIVE_MAX_PAGE_BYTES / 1024 / 1024} MB.`)
    if (code === 'FST_FILES_LIMIT') throw tooLarge('Send one article file per request.')
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw tooLarge('Too many form fields.')
    throw error
  }
  return form
}

export function formField(form: AudioNativeForm, name: string): string | undefined {
  const values = form.fields.get(name)
  return values?.[values.length - 1]
}

export function formBoolean(form: AudioNativeForm, name: string): boolean | undefined {
  const value = formField(form, name)
  if (value === undefined || value === '') return undefined
  if (value === 'true') return true
  if (value === 'false') return false
  throw new AppError('validation_error', { message: `'${name}' must be true or false.`, param: name })
}
