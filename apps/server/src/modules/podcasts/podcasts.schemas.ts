import {
  PODCAST_DURATION_SCALES,
  PODCAST_HIGHLIGHT_MAX,
  PODCAST_HIGHLIGHT_MIN,
  PODCAST_MAX_HIGHLIGHTS,
  PODCAST_MODE_UNAVAILABLE_REASONS,
  PODCAST_MODES,
  STUDIO_QUALITY_PRESETS,
  STUDIO_TEXT_NORMALIZATION,
} from '@timbre/contract'
import { z } from 'zod'

// POST /v1/studio/podcasts as the SDK sends it (studio.createPodcast), plus Timbre's `turns`
// mode: the document read in turns by the two voices, which needs no language model.

const voiceId = z.string().min(1, 'A voice is required.').max(64)
const textSource = z.object({
  type: z.literal('text'),
  text: z.string().min(1, 'The text is empty.').max(100_000),
})
const urlSource = z.object({ type: z.literal('url'), url: z.string().min(1, 'URL is required.').max(2000) })
const oneSource = z.discriminatedUnion('type', [textSource, urlSource])

export const createPodcastBody = z.object({
  model_id: z.string().min(1).max(64),
  mode: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('conversation'),
      conversation: z.object({ host_voice_id: voiceId, guest_voice_id: voiceId }),
    }),
    z.object({ type: z.literal('bulletin'), bulletin: z.object({ host_voice_id: voiceId }) }),
    z.object({
      type: z.literal('turns'),
      turns: z.object({ host_voice_id: voiceId, guest_voice_id: voiceId }),
    }),
  ]),
  source: z.union([oneSource, z.array(oneSource).min(1).max(10)]),
  quality_preset: z.enum(STUDIO_QUALITY_PRESETS).optional(),
  duration_scale: z.enum(PODCAST_DURATION_SCALES).optional(),
  language: z
    .string()
    .regex(/^[a-z]{2}$/i, 'language must be a two-letter language code (ISO 639-1).')
    .optional(),
  intro: z.string().max(1000).optional(),
  outro: z.string().max(1000).optional(),
  instructions_prompt: z.string().max(3000).optional(),
  highlights: z
    .array(
      z
        .string()
        .min(PODCAST_HIGHLIGHT_MIN, `A highlight must be at least ${PODCAST_HIGHLIGHT_MIN} characters.`)
        .max(PODCAST_HIGHLIGHT_MAX, `A highlight may be at most ${PODCAST_HIGHLIGHT_MAX} characters.`),
    )
    .max(PODCAST_MAX_HIGHLIGHTS, `At most ${PODCAST_MAX_HIGHLIGHTS} highlights.`)
    .optional(),
  callback_url: z.string().max(2000).optional(),
  apply_text_normalization: z.enum(STUDIO_TEXT_NORMALIZATION).optional(),
})

export type CreatePodcastBody = z.infer<typeof createPodcastBody>

export const podcastModesResponse = z.object({
  modes: z.array(
    z.object({
      mode: z.enum(PODCAST_MODES),
      available: z.boolean(),
      unavailable_reason: z.enum(PODCAST_MODE_UNAVAILABLE_REASONS).nullable(),
    }),
  ),
})
