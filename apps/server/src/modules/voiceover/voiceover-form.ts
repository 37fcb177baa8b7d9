import { VOICEOVER_VIDEO_MAX_BYTES } from '@timbre/contract'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { textProblem } from '../../plugins/input-hygiene.js'
import { projectName } from './voiceover.schemas.js'

// The multipart body of project creation: `name`, optional `duration_seconds` and at most one
// media file in `file`. A file over the limit answers the product's "file too big" message.

export const VOICEOVER_MULTIPART_LIMITS = {
  // One byte over the limit is enough to know the file is too big.
  fileSize: VOICEOVER_VIDEO_MAX_BYTES,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 11,
}

export interface VoiceoverForm {
  name: string
  durationSeconds: number | null
  media: { fileName: string; data: Buffer } | null
}

function explain(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('voiceover_media_too_big', { param: 'file' })
  if (code === 'FST_FILES_LIMIT')
    return new AppError('payload_too_large', { message: 'Send one media file.' })
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('payload_too_large', { message: 'Too many form fields.' })
  return error
}

export async function readVoiceoverForm(request: FastifyRequest): Promise<VoiceoverForm> {
  const fields = new Map<string, string>()
  let media: VoiceoverForm['media'] = null
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') {
            part.file.resume()
            throw new AppError('validation_error', {
              message: "Send the media as 'file'.",
              param: part.fieldname,
            })
          }
          media = { fileName: part.filename ?? 'media', data: await part.toBuffer() }
          continue
        }
        const value = String(part.value)
        const problem = textProblem(value)
        if (problem) throw new AppError('validation_error', { message: problem, param: part.fieldname })
        fields.set(part.fieldname, value)
      }
    } catch (error) {
      throw explain(error)
    }
  } else {
    const body = (request.body ?? {}) as Record<string, unknown>
    for (const key of ['name', 'duration_seconds'])
      if (body[key] !== undefined) fields.set(key, String(body[key]))
  }
  const name = projectName.safeParse(fields.get('name') ?? '')
  if (!name.success) {
    throw new AppError('validation_error', {
      message: name.error.issues[0]?.message ?? 'name is required.',
      param: 'name',
    })
  }
  const rawDuration = fields.get('duration_seconds')
  const durationSeconds = rawDuration === undefined || rawDuration === '' ? null : Number(rawDuration)
  if (durationSeconds !== null && !Number.isFinite(durationSeconds)) {
    throw new AppError('validation_error', {
      message: 'duration_seconds must be a number.',
      param: 'duration_seconds',
    })
  }
  return { name: name.data, durationSeconds, media }
}
