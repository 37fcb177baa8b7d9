// The text side of character alignment (the `alignment` and `normalized_alignment` of
// streamed speech). Engines time the characters of `TextPlan.normalized` (from their word
// and phone events, one UTF-16 unit at a time); these functions turn those times
// into alignments of the normalised and of the original text that are monotonic, cover
// every character, and stay inside the given times.
//
// Characters are Unicode code points (an emoji is one character, as the public API gives
// it). Units the engine left untimed (NaN: the spaces between segments, characters of a
// segment it could not place) take the start of the next timed unit, or the end of the
// last one at the end. Original characters that produced no speech (tags, markup, removed
// characters) get a zero-length time where they stand.
import type { TextPlan } from './types.js'

export interface CharacterAlignment {
  characters: string[]
  characterStartTimesSeconds: number[]
  characterEndTimesSeconds: number[]
}

/** Alignment of `plan.normalized` from per-unit times (NaN = untimed). */
export function alignNormalized(
  plan: TextPlan,
  starts: ArrayLike<number>,
  ends: ArrayLike<number>,
): CharacterAlignment {
  const [s, e] = filledTimes(plan.normalized.length, starts, ends)
  return byCodePoint(plan.normalized, s, e)
}

/** Alignment of `plan.original` from per-unit times of the normalised text (NaN = untimed). */
export function alignOriginal(
  plan: TextPlan,
  starts: ArrayLike<number>,
  ends: ArrayLike<number>,
): CharacterAlignment {
  const [normStarts, normEnds] = filledTimes(plan.normalized.length, starts, ends)
  const map = plan.normToOrig
  const n = plan.original.length
  const origStarts = new Float64Array(n).fill(Number.NaN)
  const origEnds = new Float64Array(n).fill(Number.NaN)
  // Units of the normalised text covering an original unit form one run, because both ends
  // of the mapping never decrease: sweep it with two pointers.
  let lo = 0
  let hi = -1
  const m = plan.normalized.length
  for (let u = 0; u < n; u++) {
    while (lo < m && (map[2 * lo + 1] ?? 0) <= u) lo++
    while (hi + 1 < m && (map[2 * (hi + 1)] ?? 0) <= u) hi++
    if (lo <= hi && (map[2 * lo] ?? 0) <= u) {
      origStarts[u] = normStarts[lo] ?? 0
      origEnds[u] = normEnds[hi] ?? 0
    }
  }
  const last = m > 0 ? (normEnds[m - 1] ?? 0) : 0
  const [s, e] = filledTimes(n, origStarts, origEnds, last)
  return byCodePoint(plan.original, s, e)
}

/** Copies times, fills untimed units and makes both series non-decreasing with start <= end. */
function filledTimes(
  length: number,
  starts: ArrayLike<number>,
  ends: ArrayLike<number>,
  fallback = 0,
): [Float64Array, Float64Array] {
  const s = new Float64Array(length)
  const e = new Float64Array(length)
  let next = Number.NaN
  // Backwards: the start of the next timed unit.
  const nextStart = new Float64Array(length)
  for (let i = length - 1; i >= 0; i--) {
    const start = starts[i] ?? Number.NaN
    if (Number.isFinite(start) && Number.isFinite(ends[i] ?? Number.NaN)) next = start
    nextStart[i] = next
  }
  let prevStart = 0
  let prevEnd = 0
  let seen = false
  for (let i = 0; i < length; i++) {
    let start = starts[i] ?? Number.NaN
    let end = ends[i] ?? Number.NaN
    if (!Number.isFinite(start) || !Number.isFinite(end)) {
      const at = nextStart[i] ?? Number.NaN
      start = Number.isFinite(at) ? at : seen ? prevEnd : fallback
      end = start
    }
    start = Math.max(start, prevStart)
    end = Math.max(end, start, prevEnd)
    s[i] = start
    e[i] = end
    prevStart = start
    prevEnd = end
    seen = true
  }
  return [s, e]
}

function byCodePoint(text: string, starts: Float64Array, ends: Float64Array): CharacterAlignment {
  const characters: string[] = []
  const characterStartTimesSeconds: number[] = []
  const characterEndTimesSeconds: number[] = []
  let i = 0
  for (const ch of text) {
    characters.push(ch)
    characterStartTimesSeconds.push(starts[i] ?? 0)
    characterEndTimesSeconds.push(ends[i + ch.length - 1] ?? 0)
    i += ch.length
  }
  return { characters, characterStartTimesSeconds, characterEndTimesSeconds }
}
