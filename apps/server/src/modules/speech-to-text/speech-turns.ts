import { diarise, type Recogniser, transcribe } from '@timbre/speech'
import { AppError } from '../../errors.js'

// Speech turns for products that transcribe as a step of their own work (dubbing): each spoken
// stretch the voice activity found, with its words and its speaker. Nothing is charged or
// stored here; the calling product prices its own work.

export interface SpeechTurn {
  start: number
  end: number
  /** 0-based, numbered in order of first appearance. */
  speaker: number
  text: string
  words: Array<{ text: string; start: number; end: number }>
}

/** `samples` are 16 kHz mono. */
export async function speechTurns(
  recogniser: Recogniser,
  samples: Float32Array,
  options: { speakers: number | null; onProgress?: (fraction: number) => void; concurrency?: number },
): Promise<SpeechTurn[]> {
  if (recogniser.unavailable()) throw new AppError('speech_to_text_engine_missing')
  const found = await transcribe(recogniser, samples, {
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
  })
  const speakers = diarise(samples, found.segments, { speakers: options.speakers })
  return found.segments.map((segment, index) => {
    const words = found.words
      .filter((w) => {
        const middle = (w.start + w.end) / 2
        return middle >= segment.start && middle <= segment.end
      })
      .map((w) => ({ text: w.text, start: w.start, end: w.end }))
    return {
      start: segment.start,
      end: segment.end,
      speaker: speakers[index] ?? 0,
      text: words.map((w) => w.text).join(' '),
      words,
    }
  })
}
