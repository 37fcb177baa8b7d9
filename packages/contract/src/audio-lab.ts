// Sound effects and voice isolation: lengths, limits and credit prices of the product.
import { DEFAULT_OUTPUT_FORMAT } from './speech.js'

/** A sound effect's requested length, in seconds (null asks for an automatic length). */
export const SOUND_EFFECT_MIN_SECONDS = 0.5
export const SOUND_EFFECT_MAX_SECONDS = 22
export const SOUND_EFFECT_DEFAULT_PROMPT_INFLUENCE = 0.3
export const SOUND_EFFECT_TEXT_MAX = 1000
/** Credits: a flat price when the length is automatic, per second when it is set. */
export const SOUND_EFFECT_AUTO_CREDITS = 200
export const SOUND_EFFECT_CREDITS_PER_SECOND = 40
export const SOUND_EFFECT_MODEL_ID = 'eleven_text_to_sound_v2'

/** Voice isolation is priced per minute of input audio. */
export const AUDIO_ISOLATION_CREDITS_PER_MINUTE = 1000
/** The largest upload and the longest recording voice isolation takes. */
export const AUDIO_ISOLATION_MAX_BYTES = 500 * 1024 * 1024
export const AUDIO_ISOLATION_MAX_SECONDS = 60 * 60
/** Input quieter than this (RMS, dBFS) has nothing to isolate. */
export const AUDIO_ISOLATION_SILENCE_DB = -60
export const AUDIO_ISOLATION_OUTPUT_FORMAT = DEFAULT_OUTPUT_FORMAT
export const AUDIO_ISOLATION_HISTORY_PAGE_SIZE_DEFAULT = 100
export const AUDIO_ISOLATION_HISTORY_PAGE_SIZE_MAX = 1000

export function soundEffectCredits(durationSeconds: number | null): number {
  return durationSeconds === null
    ? SOUND_EFFECT_AUTO_CREDITS
    : Math.ceil(durationSeconds * SOUND_EFFECT_CREDITS_PER_SECOND)
}

export function audioIsolationCredits(seconds: number): number {
  return Math.max(1, Math.ceil((seconds / 60) * AUDIO_ISOLATION_CREDITS_PER_MINUTE))
}
