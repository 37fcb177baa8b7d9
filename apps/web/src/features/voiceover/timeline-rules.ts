import type { ClipKind, TrackType, VoiceoverClip } from './voiceover-api'

// Timeline arithmetic of the editor (the server checks every placement; these only draw and
// round what the user does).

export const TRACK_TAKES: Record<TrackType, ClipKind> = {
  voiceover_speaker: 'speech',
  dubbed_speaker: 'speech',
  sfx: 'sound_effect',
  foreground: 'media',
}

export const ZOOM_LEVELS = [20, 40, 60, 100, 160] as const
export const DEFAULT_ZOOM_INDEX = 2

/** Seconds rounded to a tenth, never below zero. */
export const snap = (seconds: number) => Math.max(0, Math.round(seconds * 10) / 10)

export function formatTime(seconds: number): string {
  const whole = Math.max(0, seconds)
  const m = Math.floor(whole / 60)
  const s = whole - m * 60
  return `${m}:${s.toFixed(1).padStart(4, '0')}`
}

/** Clips in reading order: by start, then by track order. */
export function orderedClips(
  clips: readonly VoiceoverClip[],
  trackOrder: readonly string[],
): VoiceoverClip[] {
  return [...clips].sort(
    (a, b) =>
      a.start_seconds - b.start_seconds || trackOrder.indexOf(a.track_id) - trackOrder.indexOf(b.track_id),
  )
}

/** Whether a key press belongs to a text field (shortcuts leave those alone). */
export function typingInto(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  if (!el) return false
  const tag = el.tagName
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable === true
}

/** Error codes of the placement rules that have their own translated message. */
export const PLACEMENT_CODES = [
  'voiceover_wrong_track_type',
  'voiceover_clip_overlap',
  'voiceover_clip_overrun',
  'voiceover_clip_after_media',
  'voiceover_dubbed_overlap',
  'voiceover_split_too_short',
  'voiceover_end_before_start',
  'voiceover_no_space',
  'voiceover_clip_not_splittable',
  'voiceover_media_too_big',
  'voiceover_media_too_long',
  'voiceover_invalid_media',
] as const
