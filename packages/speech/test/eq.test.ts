import { describe, expect, it } from 'vitest'
import { applyEq, createEq } from '../src/dsp/biquad.js'

/** One band at a time over the whole signal, each writing its 32-bit output: the reference. */
function bandByBand(
  input: Float32Array,
  rate: number,
  bands: Array<Parameters<typeof applyEq>[2]>,
): Float32Array {
  const out = input.slice()
  for (const band of bands) applyEq(out, rate, band)
  return out
}

function noise(length: number, seed: number): Float32Array {
  let s = seed
  return Float32Array.from({ length }, () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31
    return (s / 2 ** 31 - 0.5) * 0.8
  })
}

describe('EQ', () => {
  const rate = 22_050
  const settings = { highpassHz: 70, lowShelfDb: 2, presenceDb: 3, highShelfDb: -1 }
  const single = [
    { highpassHz: 70, lowShelfDb: 0, presenceDb: 0, highShelfDb: 0 },
    { lowShelfDb: 2, presenceDb: 0, highShelfDb: 0 },
    { lowShelfDb: 0, presenceDb: 3, highShelfDb: 0 },
    { lowShelfDb: 0, presenceDb: 0, highShelfDb: -1 },
  ]

  it('runs its bands in one pass with the same samples as one band after another', () => {
    const input = noise(20_000, 7)
    const fused = input.slice()
    applyEq(fused, rate, settings)
    expect(fused).toEqual(bandByBand(input, rate, single))
    // And it changes the signal: a 3 dB presence boost is not a no-op.
    expect(fused).not.toEqual(input)
  })

  it('filters piece by piece without seams', () => {
    const input = noise(9_000, 3)
    const whole = input.slice()
    createEq(rate, settings)(whole)
    const eq = createEq(rate, settings)
    const pieces = input.slice()
    for (const [from, to] of [
      [0, 1_000],
      [1_000, 1_001],
      [1_001, 9_000],
    ] as const)
      eq(pieces.subarray(from, to))
    expect(pieces).toEqual(whole)
  })

  it('leaves the samples alone when every band is flat', () => {
    const input = noise(1_000, 5)
    const out = input.slice()
    applyEq(out, rate, { lowShelfDb: 0, presenceDb: 0, highShelfDb: 0 })
    expect(out).toEqual(input)
  })
})
