import {
  AUDIO_ISOLATION_HISTORY_PAGE_SIZE_DEFAULT,
  AUDIO_ISOLATION_HISTORY_PAGE_SIZE_MAX,
} from '@timbre/contract'
import { z } from 'zod'

// Voice isolation, named and shaped as the public API (the SDK's audioIsolation client).

export const isolationTags = ['audio isolation']
export const isolationConfig = { scope: 'audio-isolation' as const, verifiedEmail: true }

export const FILE_FORMATS = ['other', 'pcm_s16le_16'] as const

export const isolationHistoryQuery = z.object({
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(AUDIO_ISOLATION_HISTORY_PAGE_SIZE_MAX)
    .default(AUDIO_ISOLATION_HISTORY_PAGE_SIZE_DEFAULT),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().max(1000).optional(),
})

export const isolationItemParams = z.object({ history_item_id: z.string().min(1).max(64) })

export const isolationHistoryItem = z.object({
  id: z.string(),
  title: z.string(),
  created_at_unix: z.number().int(),
  format: z.string(),
  duration_seconds: z.number(),
  download_url: z.string(),
  supports_video: z.boolean(),
  processing: z.boolean(),
  video_processing_failed: z.boolean(),
  preview_b64: z.string().optional(),
})

export const isolationHistoryResponse = z.object({
  items: z.array(isolationHistoryItem),
  has_more: z.boolean(),
})

export const isolationJobParams = z.object({ job_id: z.string().min(1).max(64) })
export const isolationJob = z.object({
  job_id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** Percent done, 0-100. */
  progress: z.number(),
  history_item_id: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
})
