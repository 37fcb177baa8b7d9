import type { CharAlignment } from '@timbre/speech'

// When each word of a block is spoken. The speech pipeline times every character of each
// piece it is given (a block's nodes, in order); the characters are put back at their place in
// the block's text (its nodes' texts joined as the editor shows them), and a word is timed from
// its first character's start to its last character's end. Pause marks are not words.

/** A word of a block: characters [from, to) of the block's text, seconds from the block's start. */
export interface SpokenWord {
  from: number
  to: number
  start: number
  end: number
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu
const PAUSE_MARK = /\[(short |long )?pause\]/g

/** Collects character timings piece by piece; `pieceOffsets[i]` is where piece i starts in the text. */
export function createWordTimer(text: string, pieceOffsets: readonly number[]) {
  const starts = new Float64Array(text.length).fill(Number.NaN)
  const ends = new Float64Array(text.length).fill(Number.NaN)
  const cursors = pieceOffsets.map(() => 0)
  return {
    add(piece: number, alignment: CharAlignment | null): void {
      const base = pieceOffsets[piece]
      if (!alignment || base === undefined) return
      const limit = pieceOffsets[piece + 1] ?? text.length
      for (let i = 0; i < alignment.characters.length; i++) {
        const at = base + (cursors[piece] ?? 0)
        cursors[piece] = (cursors[piece] ?? 0) + 1
        if (at >= limit) break
        starts[at] = alignment.character_start_times_seconds[i] ?? Number.NaN
        ends[at] = alignment.character_end_times_seconds[i] ?? Number.NaN
      }
    },
    words(): SpokenWord[] {
      return wordsOf(text, starts, ends)
    },
  }
}

function wordsOf(text: string, starts: Float64Array, ends: Float64Array): SpokenWord[] {
  const marks = [...text.matchAll(PAUSE_MARK)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length])
  const inMark = (at: number) => marks.some(([from, to]) => at >= (from ?? 0) && at < (to ?? 0))
  const out: SpokenWord[] = []
  for (const match of text.matchAll(WORD)) {
    const from = match.index ?? 0
    const to = from + match[0].length
    if (inMark(from)) continue
    let start = Number.POSITIVE_INFINITY
    let end = Number.NEGATIVE_INFINITY
    for (let i = from; i < to; i++) {
      if (!Number.isNaN(starts[i] ?? Number.NaN)) start = Math.min(start, starts[i] ?? start)
      if (!Number.isNaN(ends[i] ?? Number.NaN)) end = Math.max(end, ends[i] ?? end)
    }
    if (!Number.isFinite(start) || !Number.isFinite(end)) continue
    out.push({ from, to, start: round(start), end: round(Math.max(start, end)) })
  }
  return out
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000
