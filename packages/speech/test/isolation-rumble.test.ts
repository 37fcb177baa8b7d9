import { afterAll, describe, expect, it } from 'vitest'
import { createRandom } from '../src/dsp/prng.js'
import { createSpeechService } from '../src/index.js'
import { isolateVoice } from '../src/isolation/isolate.js'
import { removeRumble } from '../src/isolation/rumble-filter.js'
import { energy, siSnrDb, speech48k as speech48kOf } from './helpers/isolation-signals.js'

// Voice isolation of a whole recording (the rumble filter, then RNNoise) on noise whose energy
// sits low: pink noise and white noise low-passed at 1 kHz, each mixed with speech at 0 dB.

const service = createSpeechService({ workers: 1 })
afterAll(() => service.close())

const speech48k = (text: string) => speech48kOf(service, text)

const atLevelOf = (noise: Float32Array, speech: Float32Array) => {
  const k = Math.sqrt(energy(speech) / energy(noise))
  return noise.map((s) => s * k)
}

/** Pink noise (Paul Kellet's filter on white noise). */
function pink(n: number, seed: number): Float32Array {
  const rnd = createRandom(seed)
  const b = [0, 0, 0, 0, 0, 0, 0]
  return Float32Array.from({ length: n }, () => {
    const w = rnd() * 2 - 1
    b[0] = 0.99886 * b[0]! + w * 0.0555179
    b[1] = 0.99332 * b[1]! + w * 0.0750759
    b[2] = 0.969 * b[2]! + w * 0.153852
    b[3] = 0.8665 * b[3]! + w * 0.3104856
    b[4] = 0.55 * b[4]! + w * 0.5329522
    b[5] = -0.7616 * b[5]! - w * 0.016898
    const out = b[0]! + b[1]! + b[2]! + b[3]! + b[4]! + b[5]! + b[6]! + w * 0.5362
    b[6] = w * 0.115926
    return out
  })
}

/** White noise through a one-pole low-pass at 1 kHz. */
function lowPassed(n: number, seed: number): Float32Array {
  const rnd = createRandom(seed)
  const a = 1 - Math.exp((-2 * Math.PI * 1000) / 48_000)
  let y = 0
  return Float32Array.from({ length: n }, () => {
    y += a * (rnd() * 2 - 1 - y)
    return y
  })
}

describe('voice isolation on low-lying noise', () => {
  // Pink noise clears 6 dB; noise low-passed at 1 kHz overlaps the voice's own band more and
  // stays near it (about 5.9-6.4 dB, by seed): the filter must still help there.
  it.each([
    ['pink', 6, pink],
    ['low-passed at 1 kHz', 5.5, lowPassed],
  ] as const)(
    'raises the SI-SNR of speech in %s noise at 0 dB (by more than %s dB)',
    async (name, least, make) => {
      const speech = await speech48k(
        'The quick brown fox jumps over the lazy dog, and then it runs back into the quiet forest.',
      )
      const noise = atLevelOf(make(speech.length, 5), speech)
      const mixed = speech.map((s, i) => s + noise[i]!)
      const before = siSnrDb(speech, mixed)
      const plain = siSnrDb(speech, (await isolateVoice(mixed)).samples)
      const filtered = mixed.slice()
      removeRumble(filtered, 48_000)
      const after = siSnrDb(speech, (await isolateVoice(filtered)).samples)
      console.log(
        `isolation SI-SNR, ${name} noise: ${before.toFixed(2)} dB in, ${plain.toFixed(2)} dB RNNoise alone, ${after.toFixed(2)} dB with the rumble filter`,
      )
      expect(before).toBeCloseTo(0, 0)
      expect(after - before).toBeGreaterThan(least)
      expect(after).toBeGreaterThan(plain)
    },
    60_000,
  )
})
