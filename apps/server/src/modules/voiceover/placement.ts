import {
  VOICEOVER_DEFAULT_CLIP_SECONDS,
  VOICEOVER_MIN_CLIP_SECONDS,
  VOICEOVER_MIN_SPLIT_SECONDS,
  VOICEOVER_TRACK_TAKES,
  type VoiceoverClipKind,
  type VoiceoverTrackType,
} from '@timbre/contract'
import { AppError } from '../../errors.js'

// The placement rules of the timeline, in the order they are checked. Every change that moves,
// resizes, adds or splits a clip passes through here before anything is written, so a refused
// change leaves the project as it was. Times are whole milliseconds.

export interface PlacedTrack {
  id: string
  type: VoiceoverTrackType
  language: string | null
}

export interface PlacedClip {
  id: string
  track_id: string
  start_ms: number
  end_ms: number
}

export interface Timeline {
  durationMs: number
  /** The media's length, when the project has media. */
  mediaMs: number | null
  tracks: readonly PlacedTrack[]
  clips: readonly PlacedClip[]
}

export interface Candidate {
  /** The clip being moved (left out of the overlap checks); absent for a new clip. */
  id?: string
  kind: VoiceoverClipKind
  track: PlacedTrack
  startMs: number
  endMs: number
  /** Where a media clip starts in the media. */
  sourceStartMs?: number
}

const seconds = (ms: number) => (ms / 1000).toFixed(2).replace(/\.?0+$/, '')

const overlaps = (a: { start_ms: number; end_ms: number }, startMs: number, endMs: number) =>
  a.start_ms < endMs && startMs < a.end_ms

/** Refuses a clip that breaks a rule, with the rule's message; returns quietly otherwise. */
export function checkPlacement(timeline: Timeline, clip: Candidate): void {
  if (!(clip.endMs > clip.startMs)) throw new AppError('voiceover_end_before_start', { param: 'end_seconds' })
  if (VOICEOVER_TRACK_TAKES[clip.track.type] !== clip.kind) {
    throw new AppError('voiceover_wrong_track_type', {
      message: `Invalid placement: a ${clip.kind.replace('_', ' ')} clip cannot be placed on a ${clip.track.type.replace('_', ' ')} track.`,
      param: 'track_id',
    })
  }
  if (clip.startMs < 0 || clip.endMs > timeline.durationMs) {
    throw new AppError('voiceover_clip_overrun', {
      message: `Invalid placement: the clip runs past the end of the track (${seconds(timeline.durationMs)} s).`,
      param: clip.startMs < 0 ? 'start_seconds' : 'end_seconds',
    })
  }
  if (clip.kind === 'media') {
    const mediaMs = timeline.mediaMs ?? 0
    const sourceEnd = (clip.sourceStartMs ?? 0) + (clip.endMs - clip.startMs)
    if ((clip.sourceStartMs ?? 0) < 0 || sourceEnd > mediaMs) {
      throw new AppError('voiceover_clip_after_media', {
        message: `Invalid placement: the clip is later than the original media duration (${seconds(mediaMs)} s).`,
        param: 'end_seconds',
      })
    }
  }
  const blocking = timeline.clips.find(
    (other) =>
      other.id !== clip.id && other.track_id === clip.track.id && overlaps(other, clip.startMs, clip.endMs),
  )
  if (blocking) {
    throw new AppError('voiceover_clip_overlap', {
      message: `Invalid placement: the clip overlaps another clip (${seconds(blocking.start_ms)}–${seconds(blocking.end_ms)} s).`,
      param: 'start_seconds',
    })
  }
  if (clip.track.type === 'dubbed_speaker' && clip.track.language) {
    const sameLanguage = new Set(
      timeline.tracks
        .filter(
          (t) => t.type === 'dubbed_speaker' && t.language === clip.track.language && t.id !== clip.track.id,
        )
        .map((t) => t.id),
    )
    const dubbed = timeline.clips.find(
      (other) =>
        other.id !== clip.id && sameLanguage.has(other.track_id) && overlaps(other, clip.startMs, clip.endMs),
    )
    if (dubbed) {
      throw new AppError('voiceover_dubbed_overlap', {
        message: `Invalid placement: the clip overlaps another clip in the dubbed ${clip.track.language} track.`,
        param: 'start_seconds',
      })
    }
  }
}

/**
 * The end of a new clip given only its start: the default length, shortened to the free space
 * before the next clip or the end of the track. Too little space is refused.
 */
export function defaultEnd(timeline: Timeline, trackId: string, startMs: number): number {
  const next = timeline.clips
    .filter((c) => c.track_id === trackId && c.end_ms > startMs)
    .reduce((limit, c) => Math.min(limit, c.start_ms), timeline.durationMs)
  const inside = timeline.clips.some(
    (c) => c.track_id === trackId && c.start_ms <= startMs && startMs < c.end_ms,
  )
  const free = next - startMs
  if (inside || free < VOICEOVER_MIN_CLIP_SECONDS * 1000) throw new AppError('voiceover_no_space')
  return startMs + Math.min(free, VOICEOVER_DEFAULT_CLIP_SECONDS * 1000)
}

/** Where a media clip may be cut: strictly inside it, leaving at least 1 second on each side. */
export function checkSplit(clip: PlacedClip & { kind: VoiceoverClipKind }, atMs: number): void {
  if (clip.kind !== 'media') throw new AppError('voiceover_clip_not_splittable')
  const min = VOICEOVER_MIN_SPLIT_SECONDS * 1000
  if (atMs - clip.start_ms < min || clip.end_ms - atMs < min) {
    throw new AppError('voiceover_split_too_short', { param: 'at_seconds' })
  }
}

export const toMs = (value: number) => Math.round(value * 1000)
