import { z } from 'zod'
import { LOCATORS_MESSAGE, voiceSettings } from './tts.schemas.js'

// The public WebSocket protocol of /v1/text-to-speech/{voice_id}/stream-input.
const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1')

export const streamInputQuery = z.object({
  model_id: z.string().max(64).optional(),
  language_code: z.string().max(16).optional(),
  output_format: z.string().max(32).optional(),
  enable_logging: booleanQuery.optional(),
  enable_ssml_parsing: booleanQuery.optional(),
  inactivity_timeout: z.coerce.number().int().min(1).max(180).optional(),
  sync_alignment: booleanQuery.optional(),
  auto_mode: booleanQuery.optional(),
  apply_text_normalization: z.enum(['auto', 'on', 'off']).optional(),
  seed: z.coerce.number().int().min(0).max(4_294_967_295).optional(),
  optimize_streaming_latency: z.coerce.number().int().min(0).max(4).optional(),
})
export type StreamInputQuery = z.infer<typeof streamInputQuery>

export const clientMessage = z.object({
  text: z.string().max(10_000),
  voice_settings: voiceSettings,
  generation_config: z
    .object({ chunk_length_schedule: z.array(z.number().int().min(5).max(500)).min(1).max(10).nullish() })
    .nullish(),
  pronunciation_dictionary_locators: z
    .array(
      z.object({ pronunciation_dictionary_id: z.string().max(64), version_id: z.string().max(64).nullish() }),
    )
    .max(3, { message: LOCATORS_MESSAGE })
    .nullish(),
  try_trigger_generation: z.boolean().nullish(),
  flush: z.boolean().nullish(),
  xi_api_key: z.string().max(200).nullish(),
  authorization: z.string().max(300).nullish(),
})
export type ClientMessage = z.infer<typeof clientMessage>

/** The public API's default generation schedule. */
export const DEFAULT_CHUNK_LENGTH_SCHEDULE = [120, 160, 250, 290]
