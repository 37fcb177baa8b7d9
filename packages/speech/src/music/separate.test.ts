import { describe, expect, it } from 'vitest'
import { separateHarmonicPercussive } from './separate.js'

const RATE = 22050

function energy(samples: Float32Array): number {
  let sum = 0
  for (const v of samples) sum += v * v
  return sum
}

describe('harmonic/percussive separation', () => {
  it('puts a held tone in the harmonic part and clicks in the percussive part; they sum back', () => {
    const length = RATE * 2
    const tone = Float32Array.from({ length }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / RATE))
    const clicks = new Float32Array(length)
    for (let at = 1000; at < length; at += RATE / 4)
      for (let i = 0; i < 40; i++) clicks[at + i] = 0.8 * (1 - i / 40) * (i % 2 ? 1 : -1)
    const mix = Float32Array.from(tone, (v, i) => v + (clicks[i] as number))
    const { harmonic, percussive } = separateHarmonicPercussive(mix)
    const leak = (part: Float32Array, wanted: Float32Array) =>
      energy(Float32Array.from(part, (v, i) => v - (wanted[i] as number))) / energy(wanted)
    expect(leak(harmonic, tone)).toBeLessThan(0.2)
    expect(leak(percussive, clicks)).toBeLessThan(0.5)
    for (let i = 0; i < length; i += 997)
      expect((harmonic[i] as number) + (percussive[i] as number)).toBeCloseTo(mix[i] as number, 5)
  })
})
