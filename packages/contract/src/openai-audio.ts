// The OpenAI-compatible audio API served beside the ElevenLabs one, under its own base path, for
// tools that speak only OpenAI's audio calls: how its names map onto this product's voices,
// models and output formats.

/** Where the OpenAI-compatible routes live; clients set their base URL to the server plus this. */
export const OPENAI_BASE_PATH = '/openai/v1'

/**
 * OpenAI's built-in voice names, each read by the premade voice closest to its character (a
 * voice id of the workspace's own works too).
 */
export const OPENAI_VOICE_ALIASES: Readonly<Record<string, string>> = {
  alloy: 'KGpOyQNcdOyZbkBFTFoO', // Emma: warm and even
  ash: 'xtzHq8STZHE6svi34zWH', // Noah: calm
  ballad: '8xMS9BMoXOJrLo8F2nXM', // Callum
  cedar: 'TY2xA6bznBRkirAgsXOh', // Walter: deep
  coral: 'KiUBKnCfK2vuAiSDMK2x', // Grace: bright
  echo: 'xtzHq8STZHE6svi34zWH', // Noah
  fable: '8xMS9BMoXOJrLo8F2nXM', // Callum: a storyteller's accent
  marin: 'KGpOyQNcdOyZbkBFTFoO', // Emma
  nova: 'KiUBKnCfK2vuAiSDMK2x', // Grace: lively
  onyx: 'TY2xA6bznBRkirAgsXOh', // Walter: deep
  sage: 'KGpOyQNcdOyZbkBFTFoO', // Emma: calm
  shimmer: 'KiUBKnCfK2vuAiSDMK2x', // Grace
  verse: 'zqQdgCWwDllJtWR6zqlI', // Ken: crisp
}

/** OpenAI's speech models, each made by one of ours (one of our model ids works too). */
export const OPENAI_SPEECH_MODEL_ALIASES: Readonly<Record<string, string>> = {
  'tts-1': 'eleven_flash_v2_5',
  'tts-1-hd': 'eleven_multilingual_v2',
  'gpt-4o-mini-tts': 'eleven_multilingual_v2',
}

/** OpenAI's transcription models, all made by our one recogniser (one of our model ids works too). */
export const OPENAI_TRANSCRIPTION_MODEL_ALIASES: Readonly<Record<string, string>> = {
  'whisper-1': 'scribe_v1',
  'gpt-4o-transcribe': 'scribe_v1',
  'gpt-4o-mini-transcribe': 'scribe_v1',
}

/**
 * OpenAI's audio formats and ours. OpenAI's raw PCM and WAV are 24 kHz 16-bit mono; AAC and FLAC
 * have no encoder here and are refused by name.
 */
export const OPENAI_SPEECH_FORMATS: Readonly<Record<string, string>> = {
  mp3: 'mp3_44100_128',
  opus: 'opus_48000_64',
  wav: 'wav_24000',
  pcm: 'pcm_24000',
}
export const OPENAI_SPEECH_FORMATS_REFUSED = ['aac', 'flac'] as const
export const OPENAI_SPEECH_DEFAULT_FORMAT = 'mp3'
/** OpenAI's input limit for one speech request, in characters. */
export const OPENAI_SPEECH_INPUT_MAX = 4096
export const OPENAI_TRANSCRIPTION_FORMATS = ['json', 'text', 'srt', 'verbose_json', 'vtt'] as const
export type OpenAiTranscriptionFormat = (typeof OPENAI_TRANSCRIPTION_FORMATS)[number]
