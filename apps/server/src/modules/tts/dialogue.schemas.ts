import { z } from 'zod'
import { LOCATORS_MESSAGE, voiceSettings } from './tts.schemas.js'

// Request body of the public text-to-dialogue API (all four variants).

export const MAX_DIALOGUE_INPUTS = 50

export const dialogueBody = z.object({
  inputs: z
    .array(z.object({ text: z.string().max(10_000), voice_id: z.string().min(1).max(64) }))
    .min(1)
    .max(MAX_DIALOGUE_INPUTS),
  model_id: z.string().max(64).nullish(),
  language_code: z.string().max(16).nullish(),
  settings: voiceSettings,
  pronunciation_dictionary_locators: z
    .array(
      z.object({ pronunciation_dictionary_id: z.string().max(64), version_id: z.string().max(64).nullish() }),
    )
    .max(3, { message: LOCATORS_MESSAGE })
    .nullish(),
  seed: z.number().int().min(0).max(4_294_967_295).nullish(),
  apply_text_normalization: z.enum(['auto', 'on', 'off']).nullish(),
})
export type DialogueBody = z.infer<typeof dialogueBody>
