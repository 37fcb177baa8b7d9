// Places a sequence of rendered sounds on a timeline and fits it into a length.
//
// Rules: sounds keep the order written; a silence separates every two (short between repeats of
// one sound, longer between different sounds), so each stays a separate event. When a length is
// asked for, spare time first lengthens sustained sounds that had no length written, then
// widens the silences (up to a limit) and the rest trails off at the end; when time is short,
// silences shrink to a minimum, then sustained sounds shorten, then events lose their tails.

export interface LayoutItem {
  /** Length of the rendered sound in seconds (to where it has faded out). */
  seconds: number
  /** Index of the prompt part it belongs to: a change of part takes the longer silence. */
  part: number
  /** A sustained sound whose length may change. */
  stretchable: boolean
  /** Silence after it when it repeats. */
  repeatGap: number
}

export interface Placed {
  startSeconds: number
  seconds: number
}

export const LEAD_IN_SECONDS = 0.05
export const TAIL_SECONDS = 0.25
export const PART_GAP_SECONDS = 0.4
export const MIN_GAP_SECONDS = 0.12
const MAX_GAP_SECONDS = 1.5
const MIN_STRETCH_SECONDS = 0.6
const MIN_TAIL_SHARE = 0.35

function gapsOf(items: readonly LayoutItem[]): number[] {
  return items
    .slice(1)
    .map((item, k) => (item.part === items[k]!.part ? items[k]!.repeatGap : PART_GAP_SECONDS))
}

export function naturalSeconds(items: readonly LayoutItem[]): number {
  const sounds = items.reduce((s, i) => s + i.seconds, 0)
  const gaps = gapsOf(items).reduce((s, g) => s + g, 0)
  return LEAD_IN_SECONDS + sounds + gaps + TAIL_SECONDS
}

/** Start and length of each item so the whole fits `total` seconds (or its natural length when null). */
export function layout(items: readonly LayoutItem[], total: number | null): Placed[] {
  const lengths = items.map((i) => i.seconds)
  const gaps = gapsOf(items)
  if (total !== null) {
    const fixed = LEAD_IN_SECONDS + TAIL_SECONDS
    const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0)
    let slack = total - fixed - sum(lengths) - sum(gaps)
    const stretchable = items.map((i, k) => (i.stretchable ? k : -1)).filter((k) => k >= 0)
    if (slack > 0 && stretchable.length > 0) {
      for (const k of stretchable) lengths[k] = lengths[k]! + slack / stretchable.length
      slack = 0
    }
    if (slack > 0 && gaps.length > 0) {
      const widen = Math.min(slack / gaps.length, MAX_GAP_SECONDS)
      for (let g = 0; g < gaps.length; g++)
        gaps[g] = Math.max(gaps[g]!, Math.min(MAX_GAP_SECONDS, gaps[g]! + widen))
    }
    if (slack < 0) slack = shrink(gaps, slack, (g) => g - MIN_GAP_SECONDS)
    if (slack < 0) slack = shrinkAt(lengths, stretchable, slack, (s) => s - MIN_STRETCH_SECONDS)
    if (slack < 0) {
      const events = items.map((i, k) => (i.stretchable ? -1 : k)).filter((k) => k >= 0)
      shrinkAt(lengths, events, slack, (s) => s * (1 - MIN_TAIL_SHARE))
    }
  }
  const placed: Placed[] = []
  let at = LEAD_IN_SECONDS
  lengths.forEach((seconds, k) => {
    placed.push({ startSeconds: at, seconds })
    at += seconds + (gaps[k] ?? 0)
  })
  return placed
}

/** Takes up to `-slack` from the values, each no more than `room(value)`, evenly; returns what is left. */
function shrink(values: number[], slack: number, room: (v: number) => number): number {
  return shrinkAt(
    values,
    values.map((_, k) => k),
    slack,
    room,
  )
}

function shrinkAt(values: number[], at: number[], slack: number, room: (v: number) => number): number {
  const rooms = at.map((k) => Math.max(0, room(values[k]!)))
  const total = rooms.reduce((s, r) => s + r, 0)
  if (total <= 0) return slack
  const share = Math.min(1, -slack / total)
  at.forEach((k, j) => {
    values[k] = values[k]! - rooms[j]! * share
  })
  return slack + total * share
}
