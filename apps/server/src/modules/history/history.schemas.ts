import {
  FEEDBACK_THUMBS_UP_TEXT_MAX,
  HISTORY_PAGE_SIZE_DEFAULT,
  HISTORY_PAGE_SIZE_MAX,
} from '@timbre/contract'
import { z } from 'zod'

// Request and response shapes of the history API, named and shaped as the public
// ElevenLabs v1 API (`GET /v1/history` and friends) so its SDKs parse them.

/** Latest instant a unix timestamp may name (9999-12-31): PostgreSQL's to_timestamp stays in range. */
const MAX_UNIX_SECONDS = 253_402_300_799
const unixSeconds = z.coerce.number().int().min(0).max(MAX_UNIX_SECONDS)
const itemId = z.string().min(1).max(64)

export const HISTORY_SOURCES = ['TTS', 'STS', 'Flows', 'SFX'] as const

export const historyListQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(HISTORY_PAGE_SIZE_MAX).default(HISTORY_PAGE_SIZE_DEFAULT),
  start_after_history_item_id: itemId.optional(),
  voice_id: z.string().min(1).max(64).optional(),
  model_id: z.string().min(1).max(64).optional(),
  search: z.string().max(1000).optional(),
  source: z.enum(HISTORY_SOURCES).optional(),
  date_before_unix: unixSeconds.optional(),
  date_after_unix: unixSeconds.optional(),
  sort_direction: z.enum(['asc', 'desc']).default('desc'),
})
export type HistoryListQueryInput = z.infer<typeof historyListQuery>

export const historyItemParams = z.object({ history_item_id: itemId })
export const shareTokenParams = z.object({ token: z.string().min(1).max(128) })

/** `default` (or null, or omitted) keeps the stored audio; `wav` converts (public API: "can be wav or default"). */
export const DOWNLOAD_FORMATS = ['default', 'mp3', 'wav'] as const
export const downloadBody = z.strictObject({
  history_item_ids: z
    .array(itemId)
    .min(1, 'history_item_ids must name at least one item.')
    .max(HISTORY_PAGE_SIZE_MAX),
  output_format: z.enum(DOWNLOAD_FORMATS).nullable().optional(),
})
export type DownloadBody = z.infer<typeof downloadBody>

export const feedbackBody = z.strictObject({
  thumbs_up: z.boolean(),
  // Lengths past the widest dialog are refused here; the finer rules are in feedback.rules.ts.
  feedback: z
    .string()
    .max(FEEDBACK_THUMBS_UP_TEXT_MAX * 4)
    .default(''),
  emotions: z.boolean().default(false),
  inaccurate_clone: z.boolean().default(false),
  glitches: z.boolean().default(false),
  audio_quality: z.boolean().default(false),
  other: z.boolean().default(false),
})
export type FeedbackBody = z.infer<typeof feedbackBody>

export const feedbackSchema = z
  .object({
    thumbs_up: z.boolean(),
    feedback: z.string(),
    emotions: z.boolean(),
    inaccurate_clone: z.boolean(),
    glitches: z.boolean(),
    audio_quality: z.boolean(),
    other: z.boolean(),
    review_status: z.string(),
  })
  .meta({ id: 'HistoryFeedback' })
export type HistoryFeedback = z.infer<typeof feedbackSchema>

const charAlignment = z.object({
  characters: z.array(z.string()),
  character_start_times_seconds: z.array(z.number()),
  character_end_times_seconds: z.array(z.number()),
})
export const alignmentsSchema = z.object({ alignment: charAlignment, normalized_alignment: charAlignment })
export type HistoryAlignments = z.infer<typeof alignmentsSchema>

export const dialogueEntrySchema = z.object({
  text: z.string(),
  voice_id: z.string(),
  voice_name: z.string(),
})

export const historyItemSchema = z
  .object({
    history_item_id: z.string(),
    request_id: z.string(),
    voice_id: z.string().nullable(),
    model_id: z.string().nullable(),
    voice_name: z.string().nullable(),
    voice_category: z.string().nullable(),
    text: z.string().nullable(),
    date_unix: z.number().int(),
    character_count_change_from: z.number(),
    character_count_change_to: z.number(),
    content_type: z.string(),
    state: z.literal('created'),
    settings: z.record(z.string(), z.unknown()).nullable(),
    feedback: feedbackSchema.nullable(),
    share_link_id: z.string().nullable(),
    source: z.string(),
    alignments: alignmentsSchema.nullable(),
    dialogue: z.array(dialogueEntrySchema).nullable(),
    output_format: z.string(),
  })
  .meta({ id: 'SpeechHistoryItem' })
export type HistoryItemView = z.infer<typeof historyItemSchema>

export const historyPageSchema = z.object({
  history: z.array(historyItemSchema),
  has_more: z.boolean(),
  last_history_item_id: z.string().nullable(),
  /** Unix time of the last item returned (public API `scanned_until`); null for an empty page. */
  scanned_until: z.number().int().nullable(),
})
export type HistoryPage = z.infer<typeof historyPageSchema>

export const shareLinkSchema = z.object({ share_link: z.string(), public_user_name: z.string() })
