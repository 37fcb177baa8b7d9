// Forced alignment against our own synthesis, for languages no recogniser here covers: eSpeak
// NG speaks the text with its own word timings, both recordings become MFCC frames, dynamic
// time warping matches the frames, and each synthesised word's start and end are carried along
// the warp onto the user's recording. A word's loss is how far its matched frames are apart,
// relative to frames that have nothing to do with each other.
import { resample } from '../dsp/resample.js'
import { EspeakEngine } from '../engines/espeak-engine.js'
import { SpeechError } from '../errors.js'
import { espeakVoiceFor } from '../voices/languages.js'
import { bandedDtw, distance } from './dtw.js'
import { MFCC_HOP_SECONDS, mfcc } from './mfcc.js'

export interface AlignedSpan {
  start: number
  end: number
  /** 0 (the audio matches the synthesis closely) to 1 (no resemblance). */
  loss: number
}

/** The band around the proportional diagonal: a fifth of the length, 1 to 8 seconds. */
const bandFrames = (frames: number) => Math.min(800, Math.max(100, Math.round(frames * 0.2)))

const PAD_SECONDS = 0.3

let engine: Promise<EspeakEngine> | undefined

/** Whether synthesis can align text in this ISO 639-1 language. */
export function synthesisAlignsLanguage(code: string): boolean {
  try {
    espeakVoiceFor(code)
    return true
  } catch {
    return false
  }
}

/**
 * Times of `words` (spans of `text`, given as character offsets) in `samples`.
 * Words eSpeak does not speak (punctuation alone) get the time between their neighbours.
 */
export async function alignBySynthesis(input: {
  samples: Float32Array
  sampleRate: number
  text: string
  words: ReadonlyArray<{ from: number; to: number }>
  language: string
}): Promise<AlignedSpan[]> {
  const voice = espeakVoiceFor(input.language)
  engine ??= EspeakEngine.create()
  const espeak = await engine
  const spoken = espeak.synthesize({
    pieces: [{ kind: 'text', text: input.text, normStart: 0, normEnd: input.text.length, exact: true }],
    language: input.language,
    params: { engine: 'espeak', voice, rate: 175, pitch: 50, range: 50 },
    whisper: false,
  })
  // Quiet before and after the synthesis gives the recording's own leading and trailing quiet
  // something to match, so it is not pinned onto the first and last words.
  const pad = Math.round(PAD_SECONDS * spoken.sampleRate)
  const padded = new Float32Array(spoken.samples.length + 2 * pad)
  padded.set(spoken.samples, pad)
  const synthesis = await resample(padded, spoken.sampleRate, input.sampleRate)
  const ours = mfcc(synthesis, input.sampleRate)
  const theirs = mfcc(input.samples, input.sampleRate)
  if (theirs.length < 2 || ours.length < 2)
    throw new SpeechError('invalid_request', 'The audio is too short to align.', 'file')
  const warp = bandedDtw(ours, theirs, bandFrames(Math.max(ours.length, theirs.length)))
  const unrelated = unrelatedDistance(ours, theirs)
  const frameOf = (seconds: number) =>
    Math.min(ours.length - 1, Math.max(0, Math.round(seconds / MFCC_HOP_SECONDS)))
  const spans: Array<AlignedSpan | null> = input.words.map((word) => {
    const timings = spoken.words.filter((t) => t.normStart < word.to && t.normEnd > word.from)
    if (timings.length === 0) return null
    const a = frameOf(timings[0]!.start + PAD_SECONDS)
    const b = Math.max(a, frameOf(timings.at(-1)!.end + PAD_SECONDS) - 1)
    let cost = 0
    for (let i = a; i <= b; i++) cost += warp.cost[i]!
    cost /= b - a + 1
    return {
      start: warp.first[a]! * MFCC_HOP_SECONDS,
      end: (warp.last[b]! + 1) * MFCC_HOP_SECONDS,
      loss: Math.min(1, cost / unrelated),
    }
  })
  const total = input.samples.length / input.sampleRate
  return spans.map((span, i) => {
    if (span) return span
    const before =
      spans
        .slice(0, i)
        .reverse()
        .find((s) => s)?.end ?? 0
    const after = spans.slice(i + 1).find((s) => s)?.start ?? total
    return { start: before, end: Math.max(before, after), loss: 1 }
  })
}

/** The mean distance between frames paired at random: the level of "no resemblance". */
function unrelatedDistance(a: readonly Float64Array[], b: readonly Float64Array[]): number {
  let seed = 12345
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % n
  }
  let sum = 0
  const count = 2000
  for (let k = 0; k < count; k++) sum += distance(a[next(a.length)]!, b[next(b.length)]!)
  return sum / count || 1
}
