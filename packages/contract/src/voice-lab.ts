// Voice design, remix and speech to speech: lengths, limits and credit prices of the product.

/** A voice description (design and remix) is at least this long. */
export const VOICE_DESCRIPTION_MIN = 20
export const VOICE_DESCRIPTION_MAX = 1000
/** Preview text of voice design and remix: 70 to 150 characters, in the web form and the API alike. */
export const VOICE_PREVIEW_TEXT_MIN = 70
export const VOICE_PREVIEW_TEXT_MAX = 150
/** Previews per design or remix request. */
export const VOICE_DESIGN_PREVIEW_COUNT = 3
/** How long a generated preview can be listened to and turned into a voice. */
export const VOICE_DESIGN_PREVIEW_TTL_SECONDS = 24 * 60 * 60
export const VOICE_DESIGN_MODEL_IDS = ['eleven_multilingual_ttv_v2', 'eleven_ttv_v3'] as const
export const VOICE_DESIGN_DEFAULT_FORMAT = 'mp3_44100_192'

/** Speech to speech is priced per minute of input audio. */
export const SPEECH_TO_SPEECH_CREDITS_PER_MINUTE = 1000
export const SPEECH_TO_SPEECH_MAX_BYTES = 50 * 1024 * 1024
export const SPEECH_TO_SPEECH_MAX_SECONDS = 5 * 60
/** Input whose loudest speech is quieter than this (RMS, dBFS) holds nothing to convert. */
export const SPEECH_TO_SPEECH_SILENCE_DB = -60
export const SPEECH_TO_SPEECH_MODEL_IDS = ['eleven_multilingual_sts_v2', 'eleven_english_sts_v2'] as const
export const SPEECH_TO_SPEECH_DEFAULT_MODEL = 'eleven_english_sts_v2'

export function speechToSpeechCredits(seconds: number): number {
  return Math.max(1, Math.ceil((seconds / 60) * SPEECH_TO_SPEECH_CREDITS_PER_MINUTE))
}

/** Voice design is priced as text to speech: one credit per character of the preview text. */
export function voiceDesignCredits(text: string): number {
  return Math.max(1, [...text].length)
}
