import { VOICE_DESIGN_MODEL_IDS } from '@timbre/contract'
import { z } from 'zod'
import { voice } from '../voices/voices.module.js'

// Voice design and remix, named and shaped as the public API (the SDK's textToVoice client).
// Length rules of the description and text are checked in the service, with the product's
// messages, rather than by the schema's generic ones.

export const outputFormatQuery = z.object({ output_format: z.string().max(40).optional() })

const designFields = {
  voice_description: z.string().max(5000),
  text: z.string().max(5000).nullish(),
  auto_generate_text: z.boolean().optional(),
  loudness: z.number().min(-1).max(1).optional(),
  seed: z.number().int().min(0).max(4_294_967_295).optional(),
  guidance_scale: z.number().min(0).max(100).optional(),
  quality: z.number().min(-1).max(1).nullish(),
  stream_previews: z.boolean().optional(),
  should_enhance: z.boolean().optional(),
  remixing_session_id: z.string().max(100).nullish(),
  remixing_session_iteration_id: z.string().max(100).nullish(),
  prompt_strength: z.number().min(0).max(1).nullish(),
}

/** POST /v1/text-to-voice/create-previews (the older call) and /design. */
export const designBody = z.object({
  ...designFields,
  model_id: z.enum(VOICE_DESIGN_MODEL_IDS).optional(),
  reference_audio_base64: z.string().max(1).nullish().describe('Not supported here: leave empty.'),
})
export type DesignBody = z.infer<typeof designBody>

export const remixBody = z.object(designFields)
export type RemixBody = z.infer<typeof remixBody>

export const voiceIdParams = z.object({ voice_id: z.string().min(1).max(64) })
export const generatedVoiceParams = z.object({ generated_voice_id: z.string().min(1).max(64) })

export const previewsResponse = z.object({
  previews: z.array(
    z.object({
      audio_base_64: z.string(),
      generated_voice_id: z.string(),
      media_type: z.string(),
      duration_secs: z.number(),
      language: z.string(),
    }),
  ),
  text: z.string(),
})

export const createVoiceBody = z.object({
  voice_name: z.string().max(1000),
  voice_description: z.string().max(5000),
  generated_voice_id: z.string().min(1).max(64),
  labels: z.record(z.string(), z.string().max(1000).nullish()).nullish(),
  played_not_selected_voice_ids: z.array(z.string().max(64)).max(100).nullish(),
})
export type CreateVoiceBody = z.infer<typeof createVoiceBody>

export const createVoiceResponse = voice
