import { z } from 'zod'

// Request fields of the public text-to-speech API. Unknown fields are
// ignored, as the public API does, so SDKs that send newer fields keep working.

export const voiceSettings = z
  .object({
    stability: z.number().min(0).max(1).nullish(),
    similarity_boost: z.number().min(0).max(1).nullish(),
    style: z.number().min(0).max(1).nullish(),
    use_speaker_boost: z.boolean().nullish(),
    speed: z.number().min(0.7).max(1.2).nullish(),
    volume: z.number().min(0).max(2).nullish(),
  })
  .nullish()

/** The public API's limit: at most three dictionaries per request, applied in order. */
export const LOCATORS_MESSAGE = 'At most 3 pronunciation dictionaries can be used per request.'

const locator = z.object({
  pronunciation_dictionary_id: z.string().min(1).max(64),
  version_id: z.string().min(1).max(64).nullish(),
})

export const ttsBody = z.object({
  text: z.string().max(100_000),
  model_id: z.string().max(64).nullish(),
  language_code: z.string().max(16).nullish(),
  voice_settings: voiceSettings,
  pronunciation_dictionary_locators: z.array(locator).max(3, { message: LOCATORS_MESSAGE }).nullish(),
  seed: z.number().int().min(0).max(4_294_967_295).nullish(),
  previous_text: z.string().max(10_000).nullish(),
  next_text: z.string().max(10_000).nullish(),
  previous_request_ids: z.array(z.string().max(64)).max(3).nullish(),
  next_request_ids: z.array(z.string().max(64)).max(3).nullish(),
  apply_text_normalization: z.enum(['auto', 'on', 'off']).nullish(),
  apply_language_text_normalization: z.boolean().nullish(),
  use_pvc_as_ivc: z.boolean().nullish(),
})
export type TtsBody = z.infer<typeof ttsBody>

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1')

export const ttsQuery = z.object({
  output_format: z.string().max(32).optional(),
  enable_logging: booleanQuery.optional(),
  optimize_streaming_latency: z.coerce.number().int().min(0).max(4).optional(),
})
export type TtsQuery = z.infer<typeof ttsQuery>

export const voiceIdParams = z.object({ voice_id: z.string().min(1).max(64) })
export type VoiceIdParams = z.infer<typeof voiceIdParams>

export const charAlignment = z.object({
  characters: z.array(z.string()),
  character_start_times_seconds: z.array(z.number()),
  character_end_times_seconds: z.array(z.number()),
})
