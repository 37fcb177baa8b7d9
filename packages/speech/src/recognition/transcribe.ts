// Batch transcription: voice activity splits the audio into spoken segments, each segment is
// one utterance for the recogniser, and the words come back in file time. Silence yields no
// words (and costs no decoding).
import {
  RECOGNITION_SAMPLE_RATE,
  type RecognisedWord,
  type RecogniseOptions,
  type Recogniser,
} from './recogniser.js'
import { type SpeechSegment, speechSegments } from './voice-activity.js'

export interface Transcription {
  words: RecognisedWord[]
  /** The spoken stretches found by voice activity. */
  segments: SpeechSegment[]
  /** Seconds of audio that held speech. */
  speechSeconds: number
}

/** Longest piece handed to the decoder at once; longer speech is cut into pieces of that length. */
const MAX_UTTERANCE_SECONDS = 30

export async function transcribe(
  recogniser: Recogniser,
  samples: Float32Array,
  options: RecogniseOptions & {
    signal?: AbortSignal
    onProgress?: (fraction: number) => void
    /** Segments decoded at once (each on a decoder of the recogniser's pool); default 1. */
    concurrency?: number
  } = {},
): Promise<Transcription> {
  const segments = (await speechSegments(samples)).flatMap((s) => splitLong(s))
  const found: RecognisedWord[][] = new Array(segments.length)
  let done = 0
  let next = 0
  const lane = async () => {
    while (next < segments.length) {
      const index = next++
      const segment = segments[index]!
      options.signal?.throwIfAborted()
      const from = Math.floor(segment.start * RECOGNITION_SAMPLE_RATE)
      const to = Math.min(samples.length, Math.ceil(segment.end * RECOGNITION_SAMPLE_RATE))
      const words = await recogniser.recognise(samples.subarray(from, to), options)
      found[index] = words.map((w) => ({
        ...w,
        start: w.start + from / RECOGNITION_SAMPLE_RATE,
        end: w.end + from / RECOGNITION_SAMPLE_RATE,
      }))
      done++
      options.onProgress?.(done / segments.length)
    }
  }
  const lanes = Math.max(1, Math.min(options.concurrency ?? 1, segments.length))
  await Promise.all(Array.from({ length: lanes }, lane))
  const words = found.flat()
  return { words, segments, speechSeconds: segments.reduce((sum, s) => sum + s.end - s.start, 0) }
}

function splitLong(segment: SpeechSegment): SpeechSegment[] {
  const out: SpeechSegment[] = []
  for (let start = segment.start; start < segment.end; start += MAX_UTTERANCE_SECONDS)
    out.push({ start, end: Math.min(segment.end, start + MAX_UTTERANCE_SECONDS) })
  return out
}
