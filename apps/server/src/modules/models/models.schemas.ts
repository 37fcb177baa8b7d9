import { z } from 'zod'

// The public API's Model (GET /v1/models), field for field.
export const model = z.object({
  model_id: z.string(),
  name: z.string(),
  description: z.string(),
  can_be_finetuned: z.boolean(),
  can_do_text_to_speech: z.boolean(),
  can_do_voice_conversion: z.boolean(),
  can_use_style: z.boolean(),
  can_use_speaker_boost: z.boolean(),
  serves_pro_voices: z.boolean(),
  token_cost_factor: z.number(),
  requires_alpha_access: z.boolean(),
  max_characters_request_free_user: z.number().int(),
  max_characters_request_subscribed_user: z.number().int(),
  maximum_text_length_per_request: z.number().int(),
  languages: z.array(z.object({ language_id: z.string(), name: z.string() })),
  model_rates: z.object({ character_cost_multiplier: z.number() }),
  concurrency_group: z.string(),
})
export type ModelView = z.infer<typeof model>
