import {
  MUSIC_LINE_MAX,
  MUSIC_LINES_MAX,
  MUSIC_MAX_SECTIONS,
  MUSIC_MODEL_IDS,
  MUSIC_PROMPT_MAX,
  MUSIC_STYLE_MAX,
  MUSIC_STYLES_MAX,
} from '@timbre/contract'
import { z } from 'zod'

// The music calls, named and shaped as the public API (the SDK's music client sends these).

const style = z.string().trim().min(1).max(MUSIC_STYLE_MAX)
const styles = z.array(style).max(MUSIC_STYLES_MAX)

export const songSection = z.object({
  section_name: z.string().trim().min(1).max(100),
  positive_local_styles: styles.default([]),
  negative_local_styles: styles.default([]),
  // The range is checked by the service, so its message is the product's own.
  duration_ms: z.number().int(),
  lines: z.array(z.string().max(MUSIC_LINE_MAX)).max(MUSIC_LINES_MAX).default([]),
  source_from: z.unknown().optional(),
})

export const compositionPlan = z.object({
  positive_global_styles: styles.default([]),
  negative_global_styles: styles.default([]),
  sections: z.array(songSection).max(MUSIC_MAX_SECTIONS),
})
export type CompositionPlanInput = z.infer<typeof compositionPlan>

const flag = z.boolean().nullable().optional()

export const composeBody = z.object({
  prompt: z.string().max(MUSIC_PROMPT_MAX).nullable().optional(),
  composition_plan: compositionPlan.nullable().optional(),
  music_length_ms: z.number().int().nullable().optional(),
  model_id: z.enum(MUSIC_MODEL_IDS).nullable().optional(),
  seed: z.number().int().min(0).max(2_147_483_647).nullable().optional(),
  force_instrumental: flag,
  finetune_id: z.string().max(64).nullable().optional(),
  respect_sections_durations: flag,
  store_for_inpainting: flag,
  sign_with_c2pa: flag,
  with_timestamps: flag,
  with_waveform_visual: flag,
})
export type ComposeBody = z.infer<typeof composeBody>

export const outputQuery = z.object({
  output_format: z.string().max(40).optional(),
})
export type OutputQuery = z.infer<typeof outputQuery>

export const planBody = z.object({
  prompt: z.string().max(MUSIC_PROMPT_MAX),
  music_length_ms: z.number().int().nullable().optional(),
  source_composition_plan: compositionPlan.nullable().optional(),
  model_id: z.enum(MUSIC_MODEL_IDS).nullable().optional(),
})
export type PlanBody = z.infer<typeof planBody>
