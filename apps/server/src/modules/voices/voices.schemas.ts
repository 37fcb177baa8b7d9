import { VOICES_PAGE_SIZE_DEFAULT, VOICES_PAGE_SIZE_MAX } from '@timbre/contract'
import { z } from 'zod'

// Request and response schemas of the voices endpoints. Field names follow the public API's
// Voice, GetVoicesV2Response and VoiceSettings, so the official SDKs parse them.

export const VOICE_CATEGORIES = [
  'premade',
  'cloned',
  'generated',
  'professional',
  'famous',
  'high_quality',
] as const
export const VOICE_TYPES = [
  'personal',
  'community',
  'default',
  'workspace',
  'non-default',
  'non-community',
  'saved',
] as const
export const FINE_TUNING_STATES = [
  'draft',
  'not_verified',
  'not_started',
  'queued',
  'fine_tuning',
  'fine_tuned',
  'failed',
  'delayed',
] as const

const id = z.string().min(1).max(64)
const flag = (fallback: boolean) => z.stringbool().default(fallback)
/** A query parameter that may repeat (`voice_ids=a&voice_ids=b`): always an array. */
const repeated = (max: number, item: z.ZodString) =>
  z
    .union([item, z.array(item)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(item).max(max, `At most ${max} values.`))

export const voiceIdParams = z.object({ voice_id: id })
export const sampleParams = z.object({ voice_id: id, sample_id: id })

export const listVoicesQuery = z.object({ show_legacy: flag(false) })
export const getVoiceQuery = z.object({ with_settings: flag(true) })
export const previewQuery = z.object({
  language: z
    .string()
    .regex(/^[a-z]{2}$/i, 'An ISO 639-1 code.')
    .optional(),
})

export const searchVoicesQuery = z.object({
  next_page_token: z.string().min(1).max(1024).optional(),
  page_size: z.coerce.number().int().min(1).max(VOICES_PAGE_SIZE_MAX).default(VOICES_PAGE_SIZE_DEFAULT),
  search: z.string().trim().max(200).optional(),
  sort: z.enum(['created_at_unix', 'name']).default('created_at_unix'),
  sort_direction: z.enum(['asc', 'desc']).default('desc'),
  voice_type: z.enum(VOICE_TYPES).optional(),
  category: z.enum(VOICE_CATEGORIES).optional(),
  fine_tuning_state: z.enum(FINE_TUNING_STATES).optional(),
  collection_id: z.string().min(1).max(100).optional(),
  include_total_count: flag(true),
  voice_ids: repeated(100, id).optional(),
  gender: z.string().max(50).optional(),
  age: z.string().max(50).optional(),
  accent: z.string().max(50).optional(),
  language: repeated(20, z.string().max(10)).optional(),
  use_cases: repeated(20, z.string().max(50)).optional(),
})
export type SearchVoicesQuery = z.infer<typeof searchVoicesQuery>

const unit = z.number().min(0).max(1)
export const voiceSettingsBody = z.object({
  stability: unit.nullish(),
  similarity_boost: unit.nullish(),
  style: unit.nullish(),
  speed: z.number().min(0.7).max(1.2).nullish(),
  use_speaker_boost: z.boolean().nullish(),
})
export type VoiceSettingsInput = z.infer<typeof voiceSettingsBody>

export const voiceSettings = z.object({
  stability: z.number(),
  similarity_boost: z.number(),
  style: z.number(),
  use_speaker_boost: z.boolean(),
  speed: z.number(),
})

const verifiedLanguage = z.object({
  language: z.string(),
  model_id: z.string(),
  accent: z.string().nullable(),
  locale: z.string().nullable(),
  preview_url: z.string().nullable(),
})

const sample = z.object({
  sample_id: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number(),
  hash: z.string(),
  duration_secs: z.number().nullable(),
  remove_background_noise: z.boolean(),
  has_isolated_audio: z.boolean(),
  has_isolated_audio_preview: z.boolean(),
})

const fineTuning = z.object({
  is_allowed_to_fine_tune: z.boolean(),
  state: z.record(z.string(), z.string()),
  verification_failures: z.array(z.string()),
  verification_attempts_count: z.number(),
  manual_verification_requested: z.boolean(),
  language: z.string().nullable(),
  progress: z.record(z.string(), z.number()),
  message: z.record(z.string(), z.string()),
  dataset_duration_seconds: z.number().nullable(),
})

export const voice = z.object({
  voice_id: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string().nullable(),
  labels: z.record(z.string(), z.string()),
  language: z.string().nullable(),
  preview_url: z.string().nullable(),
  samples: z.array(sample).nullable(),
  settings: voiceSettings.nullable(),
  fine_tuning: fineTuning,
  available_for_tiers: z.array(z.string()),
  high_quality_base_model_ids: z.array(z.string()),
  verified_languages: z.array(verifiedLanguage),
  collection_ids: z.array(z.string()),
  safety_control: z.string().nullable(),
  sharing: z.record(z.string(), z.unknown()).nullable(),
  voice_verification: z.object({
    requires_verification: z.boolean(),
    is_verified: z.boolean(),
    verification_failures: z.array(z.string()),
    verification_attempts_count: z.number(),
  }),
  permission_on_resource: z.string().nullable(),
  is_owner: z.boolean(),
  is_legacy: z.boolean(),
  is_mixed: z.boolean(),
  created_at_unix: z.number().nullable(),
})
export type VoiceView = z.infer<typeof voice>

export const voicesV1Response = z.object({ voices: z.array(voice) })
export const voicesV2Response = z.object({
  voices: z.array(voice),
  has_more: z.boolean(),
  next_page_token: z.string().nullable(),
  total_count: z.number(),
})
export const statusOk = z.object({ status: z.literal('ok') })

/** The answer of POST /v1/voices/add. */
export const addVoiceResponse = z.object({
  voice_id: z.string(),
  requires_verification: z.boolean(),
})
