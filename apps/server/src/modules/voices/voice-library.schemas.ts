import {
  SHARED_VOICE_SORTS,
  SHARED_VOICES_PAGE_SIZE_DEFAULT,
  SHARED_VOICES_PAGE_SIZE_MAX,
  VOICE_COLLECTION_ICON_MAX,
  VOICE_COLLECTION_TITLE_MAX,
  VOICE_TEXT_LIMITS,
} from '@timbre/contract'
import { z } from 'zod'
import { VOICE_CATEGORIES } from './voices.schemas.js'

// Request and response schemas of the shared voice library, similar voices, accents and voice
// collections. Field names follow the public API's LibraryVoiceResponse,
// GetLibraryVoicesResponse, VoiceAccentResponseModel and UserVoiceCollectionResponseModel.

const id = z.string().min(1).max(64)
const repeated = (max: number, item: z.ZodString) =>
  z
    .union([item, z.array(item)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(item).max(max, `At most ${max} values.`))

export const sharedVoicesQuery = z.object({
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(SHARED_VOICES_PAGE_SIZE_MAX)
    .default(SHARED_VOICES_PAGE_SIZE_DEFAULT),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  category: z.enum(VOICE_CATEGORIES).optional(),
  gender: z.string().trim().max(50).optional(),
  age: z.string().trim().max(50).optional(),
  accent: z.string().trim().max(50).optional(),
  language: z.string().trim().max(10).optional(),
  locale: z.string().trim().max(20).optional(),
  search: z.string().trim().max(200).optional(),
  use_cases: repeated(20, z.string().max(50)).optional(),
  descriptives: repeated(20, z.string().max(50)).optional(),
  featured: z.stringbool().optional(),
  min_notice_period_days: z.coerce.number().int().min(0).max(3650).optional(),
  include_custom_rates: z.stringbool().optional(),
  include_live_moderated: z.stringbool().optional(),
  reader_app_enabled: z.stringbool().optional(),
  owner_id: z.string().trim().max(100).optional(),
  sort: z.enum(SHARED_VOICE_SORTS).optional(),
})
export type SharedVoicesQuery = z.infer<typeof sharedVoicesQuery>

const verifiedLanguage = z.object({
  language: z.string(),
  model_id: z.string(),
  accent: z.string().nullable(),
  locale: z.string().nullable(),
  preview_url: z.string().nullable(),
})

export const libraryVoice = z.object({
  public_owner_id: z.string(),
  voice_id: z.string(),
  date_unix: z.number(),
  name: z.string(),
  accent: z.string(),
  gender: z.string(),
  age: z.string(),
  descriptive: z.string(),
  use_case: z.string(),
  category: z.enum(VOICE_CATEGORIES),
  language: z.string().nullable(),
  locale: z.string().nullable(),
  description: z.string().nullable(),
  preview_url: z.string().nullable(),
  usage_character_count_1y: z.number(),
  usage_character_count_7d: z.number(),
  play_api_usage_character_count_1y: z.number(),
  cloned_by_count: z.number(),
  rate: z.number().nullable(),
  fiat_rate: z.number().nullable(),
  free_users_allowed: z.boolean(),
  live_moderation_enabled: z.boolean(),
  featured: z.boolean(),
  verified_languages: z.array(verifiedLanguage),
  notice_period: z.number().nullable(),
  image_url: z.string().nullable(),
  is_added_by_user: z.boolean(),
  /** Not in the public model: how far this voice is from an uploaded clip (similar voices only). */
  similarity_distance: z.number().optional(),
})
export type LibraryVoice = z.infer<typeof libraryVoice>

export const libraryVoicesResponse = z.object({
  voices: z.array(libraryVoice),
  has_more: z.boolean(),
  total_count: z.number(),
  last_sort_id: z.string().nullable(),
})

export const sharedVoiceParams = z.object({ public_user_id: z.string().min(1).max(100), voice_id: id })
export const addSharedVoiceBody = z.object({
  new_name: z.string().trim().min(1).max(VOICE_TEXT_LIMITS.nameMax),
  bookmarked: z.boolean().nullish(),
})
export const addVoiceResponse = z.object({ voice_id: z.string() })

/** The owner's sharing settings (this server's own call; the public API has none for it). */
export const sharingBody = z.object({
  status: z.enum(['enabled', 'disabled', 'copied_disabled']),
  name: z.string().trim().min(1).max(VOICE_TEXT_LIMITS.nameMax).optional(),
  description: z.string().trim().max(VOICE_TEXT_LIMITS.descriptionMax).nullish(),
  labels: z
    .record(
      z.string().min(1).max(VOICE_TEXT_LIMITS.labelKeyMax),
      z.string().max(VOICE_TEXT_LIMITS.labelValueMax),
    )
    .refine((l) => Object.keys(l).length <= VOICE_TEXT_LIMITS.labelsMax, {
      message: `At most ${VOICE_TEXT_LIMITS.labelsMax} labels.`,
    })
    .optional(),
  category: z.enum(VOICE_CATEGORIES).optional(),
  live_moderation_enabled: z.boolean().optional(),
  free_users_allowed: z.boolean().optional(),
  reader_app_enabled: z.boolean().optional(),
  notice_period: z.number().int().min(0).max(3650).nullish(),
})
export type SharingBody = z.infer<typeof sharingBody>

export const sharingResponse = z.object({
  voice_id: z.string(),
  public_owner_id: z.string(),
  sharing: z.record(z.string(), z.unknown()),
})

export const accentsQuery = z.object({
  language: z.string().trim().max(10).optional(),
  model_id: z.string().trim().max(100).optional(),
})
export const accentsResponse = z.object({
  accents: z.array(
    z.object({ accent: z.string(), language: z.string(), code: z.string(), name: z.string() }),
  ),
})

export const collectionParams = z.object({ collection_id: id })
export const collectionVoiceParams = z.object({ collection_id: id, voice_id: id })
const title = z.string().trim().min(1).max(VOICE_COLLECTION_TITLE_MAX)
const icon = z.string().trim().min(1).max(VOICE_COLLECTION_ICON_MAX)
export const createCollectionBody = z.object({ title, icon })
export const updateCollectionBody = z.object({ title: title.optional(), icon: icon.optional() })
export const collection = z.object({
  collection_id: z.string(),
  title: z.string(),
  icon: z.string(),
  permission_on_resource: z.enum(['admin', 'editor', 'commenter', 'viewer']),
  /** Not in the public model: the voices in the collection. */
  voice_ids: z.array(z.string()),
})
export const collectionsResponse = z.object({ collections: z.array(collection) })
export const collectionIdResponse = z.object({ collection_id: z.string() })
export const collectionVoiceResponse = z.object({ collection_id: z.string(), voice_id: z.string() })
