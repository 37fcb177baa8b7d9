import { STUDIO_PUBLISHING_STATES } from '@timbre/contract'
import { z } from 'zod'

export const publishingView = z.object({
  project_id: z.string(),
  state: z.enum(STUDIO_PUBLISHING_STATES),
  progress: z.number().int().nullable(),
  public_path: z.string().nullable(),
  is_published: z.boolean(),
  has_unpublished_changes: z.boolean(),
  published_at_unix: z.number().int().nullable(),
  full_access: z.boolean(),
  preview_seconds: z.number().int(),
  has_image: z.boolean(),
  last_error: z.string().nullable(),
})

export const publishBody = z
  .object({
    /** Listeners hear whole chapters; without it they hear the free preview of each chapter. */
    full_access: z.boolean().optional(),
  })
  .optional()

export const publicSlugParams = z.object({ slug: z.string().min(8).max(64) })
export const publicChapterParams = publicSlugParams.extend({
  index: z.coerce.number().int().min(1).max(10_000),
})
