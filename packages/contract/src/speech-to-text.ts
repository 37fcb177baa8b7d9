// Speech to text and forced alignment: limits, options and credit prices of the product.

/** Transcription is priced per minute of audio, counted by the second; audio with no speech is free. */
export const SPEECH_TO_TEXT_CREDITS_PER_MINUTE = 100
/** Forced alignment is priced per minute of audio, counted by the second. */
export const FORCED_ALIGNMENT_CREDITS_PER_MINUTE = 50
/** The largest upload and the longest recording transcribed. */
export const SPEECH_TO_TEXT_MAX_BYTES = 1024 * 1024 * 1024
export const SPEECH_TO_TEXT_MAX_SECONDS = 2 * 60 * 60
export const SPEECH_TO_TEXT_MIN_SPEAKERS = 1
export const SPEECH_TO_TEXT_MAX_SPEAKERS = 32
export const SPEECH_TO_TEXT_KEYTERMS_MAX = 100
export const SPEECH_TO_TEXT_KEYTERM_CHARS_MAX = 50
export const FORCED_ALIGNMENT_TEXT_MAX = 100_000
export const SPEECH_TO_TEXT_MODEL_IDS = ['scribe_v1', 'scribe_v1_experimental', 'scribe_v2'] as const
export const TIMESTAMPS_GRANULARITIES = ['none', 'word', 'character'] as const
export type TimestampsGranularity = (typeof TIMESTAMPS_GRANULARITIES)[number]

export function speechToTextCredits(seconds: number): number {
  return Math.max(1, Math.ceil(seconds * (SPEECH_TO_TEXT_CREDITS_PER_MINUTE / 60)))
}

export function forcedAlignmentCredits(seconds: number): number {
  return Math.max(1, Math.ceil(seconds * (FORCED_ALIGNMENT_CREDITS_PER_MINUTE / 60)))
}
