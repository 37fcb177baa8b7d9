import { STUDIO_SAMPLE_RATE } from '../conversion/studio-audio.js'
import type { SentenceRange } from './sentences.js'
import type { SpokenWord } from './spoken-words.js'

// A sentence rendered again is put into its block's take in place of the old one. The take is
// cut at the quietest moment of the pause before and after the sentence (found from the words'
// timings, then in the samples), the new sentence keeps the length of those pauses, and every
// join is faded over a few milliseconds so that no join clicks. Words after the sentence move by
// however much longer or shorter the new sentence is.

/** The loudness of the audio is measured in windows this long to find the quietest moment. */
const WINDOW_SECONDS = 0.005
/** Each join fades out and in over this long. */
const FADE_SECONDS = 0.004

const BYTES_PER_SAMPLE = 2
const toSample = (seconds: number) => Math.max(0, Math.round(seconds * STUDIO_SAMPLE_RATE))
const toSeconds = (samples: number) => samples / STUDIO_SAMPLE_RATE

/** The sample in [from, to) at the centre of the quietest window (the middle on a tie). */
export function quietestSample(pcm: Buffer, from: number, to: number): number {
  const total = pcm.length / BYTES_PER_SAMPLE
  const start = Math.min(Math.max(0, from), total)
  const end = Math.min(Math.max(start, to), total)
  const window = Math.max(1, toSample(WINDOW_SECONDS))
  if (end - start <= window) return Math.round((start + end) / 2)
  const middle = (start + end) / 2
  let best = start
  let bestEnergy = Number.POSITIVE_INFINITY
  for (let at = start; at + window <= end; at += window) {
    let energy = 0
    for (let i = at; i < at + window; i++) energy += pcm.readInt16LE(i * BYTES_PER_SAMPLE) ** 2
    const centre = at + window / 2
    const closer = Math.abs(centre - middle) < Math.abs(best - middle)
    if (energy < bestEnergy || (energy === bestEnergy && closer)) {
      bestEnergy = energy
      best = Math.round(centre)
    }
  }
  return best
}

/** A copy of the samples with a short fade in at the start and out at the end. */
function faded(pcm: Buffer, fadeIn: boolean, fadeOut: boolean): Buffer {
  const out = Buffer.from(pcm)
  const total = out.length / BYTES_PER_SAMPLE
  const fade = Math.min(toSample(FADE_SECONDS), Math.floor(total / 2))
  for (let i = 0; i < fade; i++) {
    const gain = i / fade
    if (fadeIn) out.writeInt16LE(Math.round(out.readInt16LE(i * 2) * gain), i * 2)
    const j = total - 1 - i
    if (fadeOut) out.writeInt16LE(Math.round(out.readInt16LE(j * 2) * gain), j * 2)
  }
  return out
}

export interface SpliceInput {
  /** The take the sentence is replaced in, and when its words are spoken. */
  take: { pcm: Buffer; words: readonly SpokenWord[] }
  /** The sentence's characters in the block's text. */
  range: SentenceRange
  /** The sentence rendered alone; its words count characters from the sentence's start. */
  sentence: { pcm: Buffer; words: readonly SpokenWord[] }
}

export interface Spliced {
  pcm: Buffer
  words: SpokenWord[]
}

/** The take with the sentence's audio replaced; null when the take has no words in the sentence. */
export function spliceSentence({ take, range, sentence }: SpliceInput): Spliced | null {
  const inside = take.words.filter((w) => w.from >= range.from && w.to <= range.to)
  const first = inside[0]
  const last = inside.at(-1)
  const newFirst = sentence.words[0]
  const newLast = sentence.words.at(-1)
  if (!first || !last || !newFirst || !newLast) return null
  const before = take.words.filter((w) => w.to <= range.from).at(-1)
  const after = take.words.find((w) => w.from >= range.to)
  const takeSamples = take.pcm.length / BYTES_PER_SAMPLE
  const cutStart = before ? quietestSample(take.pcm, toSample(before.end), toSample(first.start)) : 0
  const cutEnd = after ? quietestSample(take.pcm, toSample(last.end), toSample(after.start)) : takeSamples

  // The pauses the old sentence had on either side are kept around the new one.
  const sentenceSamples = sentence.pcm.length / BYTES_PER_SAMPLE
  const leadWanted = toSample(first.start) - cutStart
  const tailWanted = cutEnd - toSample(last.end)
  const newLead = toSample(newFirst.start)
  const newTail = sentenceSamples - toSample(newLast.end)
  const trimLead = before ? Math.max(0, newLead - leadWanted) : 0
  const trimTail = after ? Math.max(0, newTail - tailWanted) : 0
  const padLead = before ? Math.max(0, leadWanted - newLead) : 0
  const padTail = after ? Math.max(0, tailWanted - newTail) : 0
  const middle = sentence.pcm.subarray(trimLead * 2, (sentenceSamples - trimTail) * 2)

  const head = take.pcm.subarray(0, cutStart * 2)
  const rest = take.pcm.subarray(cutEnd * 2)
  const pcm = Buffer.concat([
    faded(head, false, true),
    Buffer.alloc(padLead * 2),
    faded(middle, cutStart > 0, cutEnd < takeSamples),
    Buffer.alloc(padTail * 2),
    faded(rest, true, false),
  ])

  const sentenceStart = toSeconds(cutStart + padLead - trimLead)
  const shift = toSeconds(cutStart + padLead + middle.length / 2 + padTail - cutEnd)
  const round = (seconds: number) => Math.round(seconds * 1000) / 1000
  const words: SpokenWord[] = [
    ...take.words.filter((w) => w.to <= range.from),
    ...sentence.words.map((w) => ({
      from: w.from + range.from,
      to: w.to + range.from,
      start: round(w.start + sentenceStart),
      end: round(w.end + sentenceStart),
    })),
    ...take.words
      .filter((w) => w.from >= range.to)
      .map((w) => ({ ...w, start: round(w.start + shift), end: round(w.end + shift) })),
  ]
  return { pcm, words }
}
