import { VOICEOVER_VIDEO_MAX_BYTES } from '@timbre/contract'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { isMultipart, multipartForm, readMultipart } from '../../platform/http/multipart.js'
import { projectName } from './voiceover.schemas.js'

// The body of project creation, multipart or JSON: `name`, optional `duration_seconds` and, in
// a multipart body, at most one media file in `file`. A file over the limit answers the
// product's "file too big" message.

export const voiceoverProjectForm = multipartForm({
  files: {
    file: {
      description:
        'An MP4 video or an audio file (WAV, MP3, OGG, FLAC, M4A, WebM), at most 30 minutes, recognised by ' +
        'content. With media, the timeline is as long as the media and a foreground track holds it as one clip.',
      maxBytes: VOICEOVER_VIDEO_MAX_BYTES,
      tooLarge: () => new AppError('voiceover_media_too_big', { param: 'file' }),
    },
  },
  fields: {
    name: {
      description: 'The project name, under 50 characters.',
      required: true,
      missing: 'name is required.',
      maxBytes: 1024,
    },
    duration_seconds: {
      description: 'The timeline length without media; default 60, at most 1,800.',
      kind: 'number',
      maxBytes: 1024,
    },
  },
})

export interface VoiceoverForm {
  name: string
  durationSeconds: number | null
  media: { fileName: string; data: Buffer } | null
}

export async function readVoiceoverForm(request: FastifyRequest): Promise<VoiceoverForm> {
  const fields = new Map<string, string>()
  let media: VoiceoverForm['media'] = null
  if (isMultipart(request)) {
    const form = await readMultipart(request, voiceoverProjectForm)
    media = form.file('file') ?? null
    for (const [key, value] of Object.entries(form.textRecord()))
      if (value !== undefined) fields.set(key, value)
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
