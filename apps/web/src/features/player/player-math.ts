import { SEEK_STEP, WORDS_PER_MINUTE } from '@timbre/contract'

/** A usable duration: finite and positive, else null (streams report Infinity or NaN). */
export function knownDuration(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null
}

/** Seconds of speech for a text read at 140 words per minute; at least one second for any word. */
export function estimateDurationSeconds(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length
  if (words === 0) return 0
  return Math.max(1, (words / WORDS_PER_MINUTE) * 60)
}

/** The duration to show: the real one when known, else the estimate from the text. */
export function displayDuration(audioDuration: number | null | undefined, text: string): number {
  return knownDuration(audioDuration) ?? estimateDurationSeconds(text)
}

export function clampTime(seconds: number, duration: number): number {
  if (!Number.isFinite(seconds) || seconds < 0) return 0
  return duration > 0 ? Math.min(seconds, duration) : seconds
}

/** A position on the 0..1 seek slider, snapped to its step. */
export function fractionOf(current: number, duration: number): number {
  if (!(duration > 0)) return 0
  const fraction = Math.min(1, Math.max(0, current / duration))
  return Math.round(fraction / SEEK_STEP) * SEEK_STEP
}

/** The time a slider position stands for. */
export function timeAtFraction(fraction: number, duration: number): number {
  if (!(duration > 0)) return 0
  return clampTime(Math.min(1, Math.max(0, fraction)) * duration, duration)
}

/** The time after skipping `delta` seconds (negative skips back), kept inside the audio. */
export function skipTime(current: number, delta: number, duration: number): number {
  return clampTime(current + delta, duration)
}

/** m:ss, or h:mm:ss from an hour; unknown or negative times read 0:00. */
export function formatTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = String(whole % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** 1 reads "1×", 0.8 reads "0.8×". */
export function formatSpeed(speed: number): string {
  return `${speed}×`
}
