import { TRANSCRIPT_SEGMENT_PAUSE_SECONDS } from '@timbre/contract'
import type { ApiWord } from '../transcript-words.js'

// A transcript's segments are runs of its word list, each starting at a word or sound tag (never
// at spacing). Until the editor saves its own, they are drawn where the speaker changes or after
// a long pause; saved ones are kept as the indices where each starts.

export interface Segment {
  /** The first and last entry (inclusive) of the word list; both are words or sound tags. */
  start_index: number
  end_index: number
  speaker_id: string | null
  start: number | null
  end: number | null
}

const spoken = (word: ApiWord | undefined) => word !== undefined && word.type !== 'spacing'

export function drawnSegmentStarts(words: readonly ApiWord[]): number[] {
  const starts: number[] = []
  let speaker: string | null | undefined
  let lastEnd: number | null = null
  words.forEach((word, index) => {
    if (!spoken(word)) return
    const paused =
      lastEnd !== null && word.start !== null && word.start - lastEnd >= TRANSCRIPT_SEGMENT_PAUSE_SECONDS
    const otherSpeaker = word.type === 'word' && speaker !== undefined && word.speaker_id !== speaker
    if (starts.length === 0 || paused || otherSpeaker) {
      starts.push(index)
      speaker = undefined
    }
    if (word.type === 'word' && speaker === undefined) speaker = word.speaker_id
    if (word.end !== null) lastEnd = word.end
  })
  return starts
}

/** Saved starts made to fit the words: sorted, unique, on words only, the first word always one. */
export function normaliseStarts(words: readonly ApiWord[], starts: readonly number[]): number[] {
  const first = words.findIndex((w) => spoken(w))
  if (first < 0) return []
  const kept = new Set(starts.filter((i) => Number.isInteger(i) && spoken(words[i])))
  kept.add(first)
  return [...kept].sort((a, b) => a - b)
}

export function segmentsOf(words: readonly ApiWord[], starts: readonly number[]): Segment[] {
  return starts.map((from, k) => {
    let to = (starts[k + 1] ?? words.length) - 1
    while (to > from && !spoken(words[to])) to--
    const own = words.slice(from, to + 1).filter(spoken)
    const speaker = own.find((w) => w.type === 'word')?.speaker_id ?? own[0]?.speaker_id ?? null
    return {
      start_index: from,
      end_index: to,
      speaker_id: speaker,
      start: own.find((w) => w.start !== null)?.start ?? null,
      end: [...own].reverse().find((w) => w.end !== null)?.end ?? null,
    }
  })
}

/** The segment an entry of the word list belongs to. */
export function segmentAt(segments: readonly Segment[], index: number): number {
  return segments.findIndex((s) => index >= s.start_index && index <= s.end_index)
}
