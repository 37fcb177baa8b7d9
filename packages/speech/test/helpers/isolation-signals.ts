import type { createSpeechService } from '../../src/index.js'
import { collectSpeech } from '../../src/index.js'
import { voiceNamed } from './fixtures.js'

// Signals for the isolation tests: clean speech at the isolator's rate, and how far an
// estimate is from it.

/** Emma saying `text` at 48 kHz, as float samples. */
export async function speech48k(
  service: ReturnType<typeof createSpeechService>,
  text: string,
): Promise<Float32Array> {
  const p = service.pipeline('pcm_48000')
  p.push({ text, voice: voiceNamed('Emma'), modelId: 'eleven_multilingual_v2', seed: 3 })
  p.end()
  const { audio } = await collectSpeech(p, p.format)
  const pcm = new Int16Array(audio.buffer, audio.byteOffset, audio.byteLength / 2)
  return Float32Array.from(pcm, (s) => s / 32768)
}

export const energy = (x: Float32Array) => x.reduce((n, s) => n + s * s, 0)

/** Scale-invariant SNR of `estimate` against the clean `reference` (the best gain is allowed). */
export function siSnrDb(reference: Float32Array, estimate: Float32Array): number {
  let dot = 0
  for (let i = 0; i < reference.length; i++) dot += reference[i]! * estimate[i]!
  const alpha = dot / energy(reference)
  let signal = 0
  let error = 0
  for (let i = 0; i < reference.length; i++) {
    const target = alpha * reference[i]!
    signal += target * target
    error += (estimate[i]! - target) ** 2
  }
  return 10 * Math.log10(signal / error)
}
