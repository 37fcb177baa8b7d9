import { afterAll, describe, expect, it } from 'vitest'
import { createRandom } from '../src/dsp/prng.js'
import { createSpeechService } from '../src/index.js'
import { createIsolator, ISOLATION_SAMPLE_RATE, isolateVoice } from '../src/isolation/isolate.js'
import { energy, siSnrDb, speech48k as speech48kOf } from './helpers/isolation-signals.js'

const service = createSpeechService({ workers: 1 })
afterAll(() => service.close())

const speech48k = (text: string) => speech48kOf(service, text)

/** Stationary white noise at the level of `speech` (0 dB SNR). */
function noiseLike(speech: Float32Array, seed: number): Float32Array {
  const rnd = createRandom(seed)
  const out = Float32Array.from(speech, () => rnd() * 2 - 1)
  const scale = Math.sqrt(energy(speech) / energy(out))
  for (let i = 0; i < out.length; i++) out[i] = out[i]! * scale
  return out
}

describe('voice isolation', () => {
  it('improves the SNR of speech mixed with noise at 0 dB by at least 6 dB', async () => {
    const speech = await speech48k(
      'The quick brown fox jumps over the lazy dog, and then it runs back into the quiet forest.',
    )
    const noise = noiseLike(speech, 11)
    const mixed = speech.map((s, i) => s + noise[i]!)
    const before = siSnrDb(speech, mixed)
    const { samples, voicedSeconds } = await isolateVoice(mixed)
    expect(samples.length).toBe(mixed.length)
    const after = siSnrDb(speech, samples)
    console.log(`isolation SNR: ${before.toFixed(2)} dB in, ${after.toFixed(2)} dB out`)
    expect(before).toBeCloseTo(0, 0)
    expect(after - before).toBeGreaterThanOrEqual(6)
    expect(voicedSeconds).toBeGreaterThan(1)
  }, 60_000)

  it('gives the same output fed in pieces as in one go, sample for sample in length', async () => {
    const rnd = createRandom(5)
    const input = Float32Array.from({ length: ISOLATION_SAMPLE_RATE }, () => (rnd() - 0.5) * 0.2)
    const whole = (await isolateVoice(input)).samples
    const isolator = await createIsolator()
    const parts: Float32Array[] = []
    for (let at = 0; at < input.length; at += 1234) parts.push(isolator.push(input.subarray(at, at + 1234)))
    parts.push(isolator.end())
    const joined = new Float32Array(parts.reduce((n, p) => n + p.length, 0))
    let at = 0
    for (const p of parts) {
      joined.set(p, at)
      at += p.length
    }
    expect(joined.length).toBe(input.length)
    expect(Array.from(joined)).toEqual(Array.from(whole))
  })

  it('resamples to the output rate as it goes: same length as a whole-buffer resample, pieces join', async () => {
    const speech = await speech48k('Testing the output rate.')
    const whole = (await isolateVoice(speech, 44_100)).samples
    expect(whole.length).toBe(Math.round((speech.length * 44_100) / ISOLATION_SAMPLE_RATE))
    const isolator = await createIsolator(44_100)
    const parts: number[] = []
    for (let at = 0; at < speech.length; at += 4800)
      parts.push(...isolator.push(speech.subarray(at, at + 4800)))
    parts.push(...isolator.end())
    expect(parts.length).toBe(whole.length)
    let maxDiff = 0
    for (let i = 0; i < whole.length; i++) maxDiff = Math.max(maxDiff, Math.abs(parts[i]! - whole[i]!))
    expect(maxDiff).toBeLessThan(1e-4)
  })
})
