import { describe, expect, it } from 'vitest'
import { diarise } from './speaker-diarisation.js'
import { speakerDistance, voiceprint } from './speaker-features.js'

// Speaker separation and speaker vectors on synthetic voiced sounds: harmonic tones with a
// syllable-like loudness envelope and short pauses, one voice at 115 Hz and one at 210 Hz.

const RATE = 16_000

function voice(f0: number, seconds: number, seed: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE))
  let phase = 0
  for (let i = 0; i < out.length; i++) {
    const t = i / RATE
    // A little vibrato, syllables of about 0.2 s, and a pause every 2 s.
    const hz = f0 * (1 + 0.03 * Math.sin(2 * Math.PI * 3 * t + seed))
    phase += (2 * Math.PI * hz) / RATE
    const syllable = 0.5 + 0.5 * Math.sin(2 * Math.PI * 5 * t + seed) ** 2
    const pause = t % 2 > 1.75 ? 0 : 1
    let sample = 0
    for (let h = 1; h <= 12; h++) sample += Math.sin(h * phase) / h
    out[i] = 0.1 * sample * syllable * pause
  }
  return out
}

const join = (a: Float32Array, b: Float32Array) => {
  const out = new Float32Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

describe('speaker separation', () => {
  it('finds two voices and the switch between them', () => {
    const low = voice(115, 8, 1)
    const high = voice(210, 8, 2)
    const speakers = diarise(join(low, high), RATE)
    expect(speakers.map((s) => s.speaker_id)).toEqual(['speaker_0', 'speaker_1'])
    expect(Math.max(...speakers[0]!.utterances.map((u) => u.end))).toBeLessThan(8.3)
    expect(Math.min(...speakers[1]!.utterances.map((u) => u.start))).toBeGreaterThan(7.7)
  })

  it('keeps one voice as one speaker, and finds nobody in silence', () => {
    expect(diarise(voice(150, 10, 3), RATE)).toHaveLength(1)
    expect(diarise(new Float32Array(RATE * 3), RATE)).toEqual([])
  })

  it('puts recordings of one voice closer than recordings of two', () => {
    const a = voiceprint(voice(120, 4, 1), RATE)
    const b = voiceprint(voice(122, 4, 5), RATE)
    const c = voiceprint(voice(200, 4, 1), RATE)
    expect(speakerDistance(a, b)).toBeLessThan(1)
    expect(speakerDistance(a, c)).toBeGreaterThan(6)
  })
})
