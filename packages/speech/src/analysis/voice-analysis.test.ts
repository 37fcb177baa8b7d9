import { describe, expect, it } from 'vitest'
import { PREMADE_VOICES } from '../voices/premade-voices.js'
import { deriveCloneVoice, nearestBase } from './clone-voice.js'
import { analyseVoice, voiceDistance } from './voice-analysis.js'

// A vowel-like test signal: harmonics of a gliding F0, in syllables of 200 ms with 100 ms
// pauses, so pitch, range and syllable rate are known in advance.
function syllables(f0From: number, f0To: number, seconds: number, rate = 16_000): Float32Array {
  const out = new Float32Array(Math.round(seconds * rate))
  let phase = 0
  for (let i = 0; i < out.length; i++) {
    const t = i / rate
    const f0 = f0From + ((f0To - f0From) * t) / seconds
    phase += (2 * Math.PI * f0) / rate
    const inSyllable = t % 0.3 < 0.2
    const envelope = inSyllable ? Math.sin((Math.PI * (t % 0.3)) / 0.2) : 0
    let v = 0
    for (let h = 1; h <= 8; h++) v += Math.sin(h * phase) / h
    out[i] = 0.2 * envelope * v
  }
  return out
}

describe('analyseVoice', () => {
  it('measures F0 median, range and syllable rate of a known signal', () => {
    const f = analyseVoice(syllables(100, 160, 6), 16_000)
    // The median of a linear glide from 100 to 160 Hz is near 130 Hz.
    expect(f.f0MedianHz).toBeGreaterThan(120)
    expect(f.f0MedianHz).toBeLessThan(140)
    expect(f.f0RangeSemitones).toBeGreaterThan(5)
    expect(f.f0RangeSemitones).toBeLessThan(9)
    // One syllable every 300 ms: about 3.3 per second overall, more per second of speech.
    expect(f.syllablesPerSecond).toBeGreaterThan(2.5)
    expect(f.syllablesPerSecond).toBeLessThan(6)
    // The same at 48 kHz.
    const at48 = analyseVoice(syllables(100, 160, 6, 48_000), 48_000)
    expect(Math.abs(12 * Math.log2(at48.f0MedianHz / f.f0MedianHz))).toBeLessThan(0.5)
  })

  it('finds no voice in silence or white noise', () => {
    expect(analyseVoice(new Float32Array(48_000), 16_000).voicedSeconds).toBe(0)
    let seed = 1
    const noise = new Float32Array(48_000).map(() => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return (seed / 2 ** 31 - 0.5) * 0.5
    })
    expect(analyseVoice(noise, 16_000).voicedSeconds).toBeLessThan(0.3)
  })

  it('picks the base nearest in pitch and retunes Flite to the measured pitch', () => {
    const high = analyseVoice(syllables(200, 240, 4), 16_000)
    const low = analyseVoice(syllables(90, 110, 4), 16_000)
    expect(voiceDistance(high, low)).toBeGreaterThan(10)
    const flite = PREMADE_VOICES.filter((v) => v.engine.engine === 'flite').slice(0, 2)
    const bases = [
      { voice: flite[0]!, features: { ...high, f0MedianHz: 180 } },
      { voice: flite[1]!, features: { ...low, f0MedianHz: 105 } },
    ]
    expect(nearestBase(high, bases).voice).toBe(flite[0])
    expect(nearestBase(low, bases).voice).toBe(flite[1])
    const clone = deriveCloneVoice({
      voiceId: 'x',
      name: 'x',
      description: '',
      language: 'en',
      target: low,
      base: bases[1]!,
    })
    expect(clone.engine).toMatchObject({ engine: 'flite', f0Mean: Math.round(low.f0MedianHz) })
    expect(clone.dsp.pitchSemitones).toBe(0)
  })
})
