import { z } from 'zod'

// The public protocol of /v1/speech-to-text/realtime: the query a session opens with, and the
// messages a client sends.

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1')

/** A repeated query parameter arrives as a string once and as an array after. */
const listQuery = z
  .union([z.string().max(50), z.array(z.string().max(50)).max(100)])
  .transform((v) => (Array.isArray(v) ? v : [v]))

export const AUDIO_FORMATS = {
  pcm_8000: { sampleRate: 8000, encoding: 'pcm_s16le' },
  pcm_16000: { sampleRate: 16000, encoding: 'pcm_s16le' },
  pcm_22050: { sampleRate: 22050, encoding: 'pcm_s16le' },
  pcm_24000: { sampleRate: 24000, encoding: 'pcm_s16le' },
  pcm_44100: { sampleRate: 44100, encoding: 'pcm_s16le' },
  pcm_48000: { sampleRate: 48000, encoding: 'pcm_s16le' },
  ulaw_8000: { sampleRate: 8000, encoding: 'mulaw' },
} as const
export type AudioFormatName = keyof typeof AUDIO_FORMATS

export const realtimeQuery = z.object({
  model_id: z.string().max(64),
  audio_format: z
    .enum(Object.keys(AUDIO_FORMATS) as [AudioFormatName, ...AudioFormatName[]])
    .default('pcm_16000'),
  commit_strategy: z.enum(['manual', 'vad']).default('manual'),
  vad_silence_threshold_secs: z.coerce.number().min(0.3).max(3).default(1.5),
  vad_threshold: z.coerce.number().min(0.1).max(0.9).default(0.4),
  min_speech_duration_ms: z.coerce.number().int().min(50).max(2000).default(100),
  min_silence_duration_ms: z.coerce.number().int().min(50).max(2000).default(100),
  language_code: z.string().max(16).optional(),
  include_timestamps: booleanQuery.default(false),
  include_language_detection: booleanQuery.default(false),
  keyterms: listQuery.optional(),
  enable_logging: booleanQuery.default(true),
  /** A single-use token (not issued by this server: answered with an auth error). */
  token: z.string().max(4096).optional(),
})
export type RealtimeQuery = z.infer<typeof realtimeQuery>

/** Every message starts with its type; only audio chunks are defined so far. */
export const clientEnvelope = z.object({ message_type: z.string().max(64) })

export const inputAudioChunk = z.object({
  message_type: z.literal('input_audio_chunk'),
  audio_base_64: z.string(),
  commit: z.boolean().default(false),
  sample_rate: z.number().int().optional(),
  previous_text: z.string().max(10_000).nullish(),
})
export type InputAudioChunk = z.infer<typeof inputAudioChunk>
