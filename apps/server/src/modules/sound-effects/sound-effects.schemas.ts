import { SOUND_EFFECT_MODEL_ID, SOUND_EFFECT_TEXT_MAX } from '@timbre/contract'
import { z } from 'zod'

// POST /v1/sound-generation, named and shaped as the public API (the SDK's
// textToSoundEffects.convert sends exactly these).

export const soundEffectBody = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'text must not be empty.')
    .max(SOUND_EFFECT_TEXT_MAX, `text may be at most ${SOUND_EFFECT_TEXT_MAX} characters.`),
  // The range is checked by the service, so its message is the product's own.
  duration_seconds: z.number().nullable().optional(),
  prompt_influence: z.number().min(0).max(1).nullable().optional(),
  loop: z.boolean().nullable().optional(),
  model_id: z.literal(SOUND_EFFECT_MODEL_ID).nullable().optional(),
})
export type SoundEffectBody = z.infer<typeof soundEffectBody>

export const soundEffectQuery = z.object({
  output_format: z.string().max(40).optional(),
})
export type SoundEffectQuery = z.infer<typeof soundEffectQuery>
