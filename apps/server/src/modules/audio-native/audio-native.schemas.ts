import { AUDIO_NATIVE_STATES } from '@timbre/contract'
import { z } from 'zod'

// Audio Native, named and shaped as the public API (the SDK's audioNative client), and the
// calls of the settings page and the embedded player.

export const projectParams = z.object({ project_id: z.string().min(1).max(64) })

export const createResponse = z.object({
  project_id: z.string(),
  converting: z.boolean(),
  html_snippet: z.string(),
})

export const editContentResponse = z.object({
  project_id: z.string(),
  converting: z.boolean(),
  publishing: z.boolean(),
  html_snippet: z.string(),
})

export const contentFromUrlBody = z.object({
  url: z.string().min(1).max(2000),
  author: z.string().max(500).optional(),
  title: z.string().max(500).optional(),
})

const projectView = z.object({
  project_id: z.string(),
  name: z.string(),
  voice_id: z.string(),
  model_id: z.string(),
  apply_text_normalization: z.string(),
  pronunciation_dictionary_locators: z.array(
    z.object({ pronunciation_dictionary_id: z.string(), version_id: z.string().nullable() }),
  ),
  allowed_urls: z.array(z.string()),
  content_selector: z.string().nullable(),
  page_url: z.string().nullable(),
  characters: z.number().int(),
  status: z.enum(AUDIO_NATIVE_STATES),
  progress: z.number().int(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  auto_publish: z.boolean().describe('Whether the pending conversion goes live when it ends'),
  live: z.boolean().describe('Whether published audio plays (it keeps playing while newer audio waits)'),
  created_at_unix: z.number().int(),
  updated_at_unix: z.number().int(),
})

export const settingsResponse = z.object({
  enabled: z.boolean(),
  snapshot_id: z.string().optional(),
  settings: z.object({
    title: z.string(),
    image: z.string(),
    author: z.string(),
    small: z.boolean(),
    text_color: z.string(),
    background_color: z.string(),
    sessionization: z.number().int(),
    audio_path: z.string().optional(),
    audio_url: z.string().optional(),
    status: z.enum(['processing', 'ready']),
  }),
  project: projectView.describe('Timbre: the player as the settings page shows it'),
})

export const updateSettingsBody = z.object({
  title: z.string().max(500).optional(),
  author: z.string().max(500).optional(),
  image: z.string().max(2000).optional(),
  small: z.boolean().optional(),
  text_color: z.string().max(20).optional(),
  background_color: z.string().max(20).optional(),
  sessionization: z.number().int().optional(),
  allowed_urls: z.array(z.string().max(2000)).max(200).optional(),
  content_selector: z.string().max(300).nullable().optional(),
  voice_id: z.string().min(1).max(64).optional(),
  model_id: z.string().min(1).max(64).optional(),
  apply_text_normalization: z.string().max(20).optional(),
  pronunciation_dictionary_locators: z.array(z.string().max(500)).max(10).optional(),
})

export const listResponse = z.object({ projects: z.array(projectView) })

export const analyticsResponse = z.object({
  project_id: z.string(),
  total_plays: z.number().int(),
  pages: z.array(
    z.object({ page_url: z.string(), plays: z.number().int(), last_played_unix: z.number().int() }),
  ),
})

export const playerQuery = z.object({ page: z.string().max(2000).optional() })

export const playerResponse = z.object({
  project_id: z.string(),
  title: z.string(),
  author: z.string(),
  image: z.string(),
  small: z.boolean(),
  text_color: z.string(),
  background_color: z.string(),
  status: z.enum(AUDIO_NATIVE_STATES),
  sessionization: z.number().int(),
  audio_version: z.number().int().nullable(),
  audio_url: z.string().nullable(),
})

export const convertBody = z
  .object({ auto_publish: z.boolean().optional() })
  .nullish()
  .describe(
    'auto_publish: whether this conversion goes live when it ends (default: as the content call asked)',
  )

export const playBody = z.object({
  page: z.string().max(2000).optional(),
  session: z.string().max(64).optional(),
})

export const audioQuery = z.object({
  v: z.coerce.number().int().min(0),
  exp: z.coerce.number().int().min(0),
  sig: z.string().min(1).max(100),
})
