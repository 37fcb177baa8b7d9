import { createIsolator } from '@timbre/speech'
import { RATE } from './media.js'

// Speech and background apart: the voice isolator keeps the speech, and what it took away (the
// original less the speech) is the background bed the dub is mixed over, so music and room
// sound stay where they were. Dropping the background gives a silent bed.

/** Seconds isolated between two progress reports (and two turns of the event loop). */
const PIECE_SECONDS = 2

export async function separateSpeech(
  samples: Float32Array,
  options: { dropBackground: boolean; onProgress: (fraction: number) => Promise<void> },
): Promise<{ speech: Float32Array; background: Float32Array }> {
  const isolator = await createIsolator(RATE)
  const speech = new Float32Array(samples.length)
  let written = 0
  const put = (part: Float32Array) => {
    const room = Math.min(part.length, speech.length - written)
    speech.set(part.subarray(0, room), written)
    written += room
  }
  try {
    const step = PIECE_SECONDS * RATE
    for (let at = 0; at < samples.length; at += step) {
      await new Promise<void>((resolve) => setImmediate(resolve))
      put(isolator.push(samples.subarray(at, at + step)))
      await options.onProgress(Math.min(1, (at + step) / samples.length))
    }
    put(isolator.end())
  } finally {
    isolator.close()
  }
  const background = new Float32Array(samples.length)
  if (!options.dropBackground) {
    for (let i = 0; i < samples.length; i++) background[i] = (samples[i] ?? 0) - (speech[i] ?? 0)
  }
  return { speech, background }
}
