import { RECOGNITION_SAMPLE_RATE, type Recogniser, speechSegments } from '@timbre/speech'
import { placeWords, tokens } from '../forced-alignment.service.js'
import type { TimedToken } from './transcript-edits.js'

// Edited words keep times: the segment's text, with the edit in place, is force-aligned to the
// segment's stretch of the kept audio, and the new words take their aligned times, held between
// the untouched words around them and never running backwards. Where no audio was kept or the
// aligner finds nothing, the new words share the old words' time by their lengths.

export interface RealignInput {
  /** The audio of `span` at the recognition rate; null when none was kept. */
  samples: Float32Array | null
  /** The spoken words of the segment after the edit, in order. */
  segmentWords: readonly string[]
  /** Where the new words are among them. */
  first: number
  count: number
  /** The stretch of audio to align in, and the time the new words must stay within. */
  span: { start: number; end: number }
  bounds: { from: number; to: number }
}

/** Times in `from..to` shared by the words' character counts. */
export function sharedTimes(texts: readonly string[], from: number, to: number): TimedToken[] {
  const total = texts.reduce((s, t) => s + Math.max(1, [...t].length), 0)
  const step = Math.max(0, to - from) / Math.max(1, total)
  let at = from
  return texts.map((text) => {
    const start = at
    at += Math.max(1, [...text].length) * step
    return { text, start, end: at }
  })
}

/** Holds times within the bounds and in order: each word starts no earlier than the one before ends. */
export function ordered(times: readonly TimedToken[], from: number, to: number): TimedToken[] {
  let floor = from
  return times.map((t) => {
    const start = Math.min(to, Math.max(floor, t.start ?? floor))
    const end = Math.min(to, Math.max(start, t.end ?? start))
    floor = end
    return { text: t.text, start, end }
  })
}

async function alignedTimes(recogniser: Recogniser, slice: Float32Array, text: string) {
  const { list, vocab } = tokens(text)
  if (vocab.length === 0 || recogniser.unavailable()) return null
  const aligned = await recogniser.align(slice, vocab)
  if (aligned.length === 0) return null
  const speech = await speechSegments(slice)
  const times = placeWords(
    vocab,
    aligned,
    speech[0]?.start ?? 0,
    speech.at(-1)?.end ?? slice.length / RECOGNITION_SAMPLE_RATE,
  )
  // A token the dictionary cannot spell at all (a lone dash) has no time of its own.
  return list.map((token) =>
    token.vocab.length === 0
      ? null
      : { start: times[token.vocab[0]!]!.start, end: times[token.vocab.at(-1)!]!.end },
  )
}

export async function realignWords(recogniser: Recogniser, input: RealignInput): Promise<TimedToken[]> {
  const texts = input.segmentWords.slice(input.first, input.first + input.count)
  const { from, to } = input.bounds
  if (!input.samples) return sharedTimes(texts, from, to)
  const slice = input.samples
  // Each segment word is one token when split on spaces, as the aligner splits the text.
  const flat = input.segmentWords.flatMap((w) => w.split(/\s+/).filter(Boolean))
  const times =
    flat.length === input.segmentWords.length ? await alignedTimes(recogniser, slice, flat.join(' ')) : null
  if (!times) return sharedTimes(texts, from, to)
  const fresh = times.slice(input.first, input.first + input.count)
  const fallback = sharedTimes(texts, from, to)
  return ordered(
    texts.map((text, i) => {
      const t = fresh[i]
      return t ? { text, start: t.start + input.span.start, end: t.end + input.span.start } : fallback[i]!
    }),
    from,
    to,
  )
}
