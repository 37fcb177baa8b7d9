import {
  DUBBING_EXPORT_FORMATS,
  DUBBING_LIST_PAGE_SIZE_DEFAULT,
  DUBBING_LIST_PAGE_SIZE_MAX,
  DUBBING_RENDER_TYPES,
} from '@timbre/contract'
import { z } from 'zod'

// Dubbing, named and shaped as the public API (the SDK's dubbing client and its resource editor).

export const dubbingTags = ['dubbing']
export const dubbingConfig = { scope: 'dubbing' as const, verifiedEmail: true }

const id = z.string().min(1).max(64)
const language = z.string().min(2).max(8)

export const dubParams = z.object({ dubbing_id: id })
export const dubLanguageParams = z.object({ dubbing_id: id, language_code: language })
export const transcriptsParams = z.object({
  dubbing_id: id,
  language_code: language,
  format_type: z.enum(['srt', 'webvtt', 'json']),
})
export const segmentParams = z.object({ dubbing_id: id, segment_id: id })
export const segmentLanguageParams = z.object({ dubbing_id: id, segment_id: id, language })
export const speakerParams = z.object({ dubbing_id: id, speaker_id: id })
export const renderParams = z.object({ dubbing_id: id, language })

export const listQuery = z.object({
  cursor: z.string().max(200).optional(),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(DUBBING_LIST_PAGE_SIZE_MAX)
    .default(DUBBING_LIST_PAGE_SIZE_DEFAULT),
  dubbing_status: z.enum(['dubbing', 'dubbed', 'failed']).optional(),
  filter_by_creator: z.string().max(20).optional(),
  order_by: z.string().max(20).optional(),
  order_direction: z.string().max(10).optional(),
})

export const transcriptQuery = z.object({ format_type: z.enum(['srt', 'webvtt', 'json']).default('json') })
export const exportQuery = z.object({ format: z.enum(DUBBING_EXPORT_FORMATS) })

const seconds = z
  .number()
  .min(0)
  .max(24 * 3600)
const ids = z.array(id).max(10_000)
const languages = z.array(language).max(40).optional()

export const segmentUpdateBody = z
  .object({ start_time: seconds.optional(), end_time: seconds.optional(), text: z.string().optional() })
  .strict()
export const segmentCreateBody = z
  .object({
    start_time: seconds,
    end_time: seconds,
    text: z.string().optional(),
    translations: z.record(z.string(), z.string().optional()).optional(),
  })
  .strict()
export const speakerBody = z.object({
  speaker_name: z.string().min(1).max(100).optional(),
  voice_id: z.string().min(1).max(64).optional(),
  voice_stability: z.number().min(0).max(1).optional(),
  voice_similarity: z.number().min(0).max(1).optional(),
  voice_style: z.number().min(0).max(1).optional(),
  languages,
})
export const languageBody = z.object({ language: language.optional() })
export const segmentsBody = z.object({ segments: ids })
export const segmentsLanguagesBody = z.object({ segments: ids, languages })
export const migrateBody = z.object({ segment_ids: ids, speaker_id: id })
export const renderBody = z.object({
  render_type: z.enum(DUBBING_RENDER_TYPES),
  normalize_volume: z.boolean().optional(),
})
export const editorBody = z.object({ session_id: z.string().min(8).max(64) })

export const dubMetadataSchema = z
  .object({
    dubbing_id: z.string(),
    name: z.string(),
    status: z.string(),
    source_language: z.string(),
    target_languages: z.array(z.string()),
    editable: z.boolean(),
    created_at: z.string(),
    media_metadata: z.object({ content_type: z.string(), duration: z.number() }),
    error: z.string().optional(),
    progress: z.number(),
    progress_message: z.string().nullable(),
    refunded: z.boolean(),
    credits: z.number(),
  })
  .passthrough()

export const versionSchema = z.object({ version: z.number().int() })
