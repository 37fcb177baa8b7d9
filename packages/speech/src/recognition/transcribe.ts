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
  options: RecogniseOptions & { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<Transcription> {
  const segments = (await speechSegments(samples)).flatMap((s) => splitLong(s))
  const words: RecognisedWord[] = []
  let done = 0
  for (const segment of segments) {
    options.signal?.throwIfAborted()
    const from = Math.floor(segment.start * RECOGNITION_SAMPLE_RATE)
    const to = Math.min(samples.length, Math.ceil(segment.end * RECOGNITION_SAMPLE_RATE))
    const found = await recogniser.recognise(samples.subarray(from, to), options)
    for (const w of found)
      words.push({
        ...w,
        start: w.start + from / RECOGNITION_SAMPLE_RATE,
        end: w.end + from / RECOGNITION_SAMPLE_RATE,
      })
    done++
    options.onProgress?.(done / segments.length)
  }
  return { words, segments, speechSeconds: segments.reduce((sum, s) => sum + s.end - s.start, 0) }
}

function splitLong(segment: SpeechSegment): SpeechSegment[] {
  const out: SpeechSegment[] = []
  for (let start = segment.start; start < segment.end; start += MAX_UTTERANCE_SECONDS)
    out.push({ start, end: Math.min(segment.end, start + MAX_UTTERANCE_SECONDS) })
  return out
}
