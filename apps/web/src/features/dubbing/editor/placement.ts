// The clip placement rules the editor checks before it asks the server (which checks them
// again): a segment ends after it starts, stays inside the media, does not overlap another clip
// of the same language, and a language keeps one translated clip per original clip.

export type PlacementProblem = 'endBeforeStart' | 'afterMedia' | 'overlap' | 'clipCount'

export interface PlacedClip {
  id: string
  /** The clip's time in the language being edited; null when the segment has none there. */
  start: number | null
  end: number | null
}

const EPSILON = 1e-6

export function placementProblem(input: {
  clips: readonly PlacedClip[]
  id: string
  start: number
  end: number
  mediaSeconds: number
}): PlacementProblem | null {
  const { start, end } = input
  if (input.clips.some((c) => c.start === null || c.end === null)) return 'clipCount'
  if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0 || end <= start) return 'endBeforeStart'
  if (end > input.mediaSeconds + EPSILON) return 'afterMedia'
  for (const other of input.clips) {
    if (other.id === input.id) continue
    if (start < (other.end ?? 0) - EPSILON && (other.start ?? 0) < end - EPSILON) return 'overlap'
  }
  return null
}

/** Where a drag leaves a clip: moved whole, or one edge moved; to the hundredth of a second. */
export function dragged(
  mode: 'move' | 'start' | 'end',
  from: { start: number; end: number },
  deltaSeconds: number,
): { start: number; end: number } {
  const round = (v: number) => Math.round(v * 100) / 100
  if (mode === 'move') return { start: round(from.start + deltaSeconds), end: round(from.end + deltaSeconds) }
  if (mode === 'start') return { start: round(from.start + deltaSeconds), end: from.end }
  return { start: from.start, end: round(from.end + deltaSeconds) }
}
