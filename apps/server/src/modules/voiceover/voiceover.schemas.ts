import {
  VOICEOVER_CLIP_KINDS,
  VOICEOVER_CLIP_TEXT_MAX,
  VOICEOVER_MAX_SECONDS,
  VOICEOVER_NAME_MAX,
  VOICEOVER_TRACK_TYPES,
} from '@timbre/contract'
import { z } from 'zod'

// Request and response shapes of /v1/voiceover (snake_case, times in seconds).

const id = z.string().min(1).max(64)
const seconds = z
  .number()
  .finite()
  .min(-VOICEOVER_MAX_SECONDS)
  .max(VOICEOVER_MAX_SECONDS * 2)

export const projectParams = z.object({ project_id: id })
export const trackParams = projectParams.extend({ track_id: id })
export const clipParams = projectParams.extend({ clip_id: id })
export const renderParams = projectParams.extend({ render_id: id })

export const projectName = z
  .string()
  .trim()
  .min(1, 'name is required.')
  .max(VOICEOVER_NAME_MAX, `name must be under ${VOICEOVER_NAME_MAX + 1} characters.`)

export const updateProjectBody = z.object({
  name: projectName.optional(),
  duration_seconds: z.number().finite().positive().max(VOICEOVER_MAX_SECONDS).optional(),
})

export const addTrackBody = z.object({
  type: z.enum(VOICEOVER_TRACK_TYPES),
  name: z.string().trim().min(1).max(60).optional(),
  voice_id: id.nullable().optional(),
  language: z.string().trim().min(2).max(16).nullable().optional(),
})

export const updateTrackBody = z.object({
  name: z.string().trim().min(1).max(60).optional(),
  voice_id: id.optional(),
  language: z.string().trim().min(2).max(16).optional(),
  muted: z.boolean().optional(),
})

const clipFields = {
  start_seconds: seconds,
  end_seconds: seconds.optional(),
  source_start_seconds: seconds.optional(),
  text: z.string().max(VOICEOVER_CLIP_TEXT_MAX).optional(),
  prompt: z.string().max(450).optional(),
  voice_id: id.optional(),
}

export const addClipBody = z.object({ track_id: id, kind: z.enum(VOICEOVER_CLIP_KINDS), ...clipFields })
export const updateClipBody = z.object({
  track_id: id.optional(),
  ...clipFields,
  start_seconds: seconds.optional(),
})
export const splitClipBody = z.object({ at_seconds: seconds })

const media = z
  .object({
    kind: z.enum(['audio', 'video']),
    mime_type: z.string(),
    file_name: z.string(),
    duration_seconds: z.number(),
  })
  .nullable()

const projectSummary = z.object({
  project_id: z.string(),
  name: z.string(),
  duration_seconds: z.number(),
  media,
  created_at_unix: z.number(),
  updated_at_unix: z.number(),
})

export const trackView = z
  .object({
    track_id: z.string(),
    type: z.enum(VOICEOVER_TRACK_TYPES),
    name: z.string(),
    voice_id: z.string().nullable(),
    language: z.string().nullable(),
    muted: z.boolean(),
    position: z.number(),
  })
  .meta({ id: 'VoiceoverTrack' })

export const clipView = z
  .object({
    clip_id: z.string(),
    track_id: z.string(),
    kind: z.enum(VOICEOVER_CLIP_KINDS),
    start_seconds: z.number(),
    end_seconds: z.number(),
    source_start_seconds: z.number(),
    text: z.string().nullable(),
    voice_id: z.string().nullable(),
    has_audio: z.boolean(),
    audio_duration_seconds: z.number().nullable(),
    history_item_id: z.string().nullable(),
  })
  .meta({ id: 'VoiceoverClip' })

export const renderView = z
  .object({
    render_id: z.string(),
    project_id: z.string(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    progress: z.number(),
    duration_seconds: z.number().nullable(),
    has_video: z.boolean(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    created_at_unix: z.number(),
  })
  .meta({ id: 'VoiceoverRender' })

export const projectList = z
  .object({ projects: z.array(projectSummary) })
  .meta({ id: 'VoiceoverProjectList' })
export const projectView = projectSummary
  .extend({ tracks: z.array(trackView), clips: z.array(clipView), latest_render: renderView.nullable() })
  .meta({ id: 'VoiceoverProject' })
export const splitResult = z.object({ clips: z.array(clipView) })
export const statusOk = z.object({ status: z.literal('ok') })
