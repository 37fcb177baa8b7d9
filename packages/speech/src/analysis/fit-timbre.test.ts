import { describe, expect, it } from 'vitest'
import { ENVELOPE_BANDS_HZ, eqResponseDb } from '../dsp/biquad.js'
import { fitEnvelopeEq, fitFormantScale, scaledEnvelope } from './fit-timbre.js'
import { ENVELOPE_CENTRES_HZ, envelopeDistanceDb, relative } from './spectral-envelope.js'
import { analyseVoice } from './voice-analysis.js'

// The colour fit on known envelopes, and the articulation rate's indifference to pauses.

/** A vowel-like envelope: resonances at 500, 1500 and 2500 Hz times `scale`, falling 6 dB an octave. */
function vowelEnvelope(scale: number): number[] {
  return relative(
    ENVELOPE_CENTRES_HZ.map((hz) => {
      let level = -6 * Math.log2(hz / 125)
      for (const formant of [500, 1500, 2500])
        level += 12 * Math.exp(-((Math.log2(hz / (formant * scale)) * 3) ** 2))
      return level
    }),
  )
}

function syllablesWithPause(pauseSeconds: number, rate = 16_000): Float32Array {
  const syllable = 0.2
  const gap = 0.06
  const count = 12
  const seconds = count * (syllable + gap) + pauseSeconds
  const out = new Float32Array(Math.round(seconds * rate))
  let phase = 0
  for (let i = 0; i < out.length; i++) {
    let t = i / rate
    const half = (count / 2) * (syllable + gap)
    if (t >= half && t < half + pauseSeconds) continue
    if (t >= half + pauseSeconds) t -= pauseSeconds
    phase += (2 * Math.PI * 120) / rate
    const within = t % (syllable + gap)
    const envelope = within < syllable ? Math.sin((Math.PI * within) / syllable) : 0
    let v = 0
    for (let h = 1; h <= 10; h++) v += Math.sin(h * phase) / h
    out[i] = 0.2 * envelope * v
  }
  return out
}

describe('timbre fit', () => {
  it('recovers a formant scale from an envelope moved along the frequency axis', () => {
    const base = vowelEnvelope(1)
    expect(fitFormantScale(vowelEnvelope(1.12), base)).toBeCloseTo(1.12, 1)
    expect(fitFormantScale(vowelEnvelope(0.9), base)).toBeCloseTo(0.9, 1)
    expect(fitFormantScale(base, base)).toBe(1)
    const moved = scaledEnvelope(base, 1.12)
    expect(envelopeDistanceDb(vowelEnvelope(1.12), moved)).toBeLessThan(
      envelopeDistanceDb(vowelEnvelope(1.12), base),
    )
  })

  it('fits EQ whose response follows a difference, and leaves a small one alone', () => {
    // A darker target: 10 dB less at 4 kHz, 8 dB more at 250 Hz.
    const difference = relative(
      ENVELOPE_CENTRES_HZ.map(
        (hz) => 8 * Math.exp(-(Math.log2(hz / 250) ** 2)) - 10 * Math.exp(-(Math.log2(hz / 4000) ** 2)),
      ),
    )
    const eq = fitEnvelopeEq(difference)
    const response = relative(
      ENVELOPE_CENTRES_HZ.map((hz) => eqResponseDb(16_000, { ...eq, presenceDb: 0 }, hz)),
    )
    const left = Math.sqrt(difference.reduce((s, d, i) => s + (d - response[i]!) ** 2, 0) / difference.length)
    const before = Math.sqrt(difference.reduce((s, d) => s + d * d, 0) / difference.length)
    expect(left).toBeLessThan(before * 0.6)
    expect(eq.envelopeDb[ENVELOPE_BANDS_HZ.indexOf(4000)]!).toBeLessThan(-2)
    const small = fitEnvelopeEq(difference.map((d) => d * 0.12))
    expect(
      Math.max(...small.envelopeDb.map(Math.abs), Math.abs(small.lowShelfDb), Math.abs(small.highShelfDb)),
    ).toBeLessThan(1)
  })
})

describe('articulation rate', () => {
  it('counts the same syllables per second of phonation with or without a long pause', () => {
    const steady = analyseVoice(syllablesWithPause(0), 16_000)
    const paused = analyseVoice(syllablesWithPause(1.5), 16_000)
    // 12 syllables of 0.26 s: about 3.8 per second.
    expect(steady.syllablesPerSecond).toBeGreaterThan(3.3)
    expect(steady.syllablesPerSecond).toBeLessThan(4.4)
    expect(Math.abs(Math.log(paused.syllablesPerSecond / steady.syllablesPerSecond))).toBeLessThan(0.05)
    expect(paused.durationSeconds - steady.durationSeconds).toBeCloseTo(1.5, 1)
  })
})
