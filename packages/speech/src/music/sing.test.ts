import type { CompositionPlan } from '@timbre/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { EspeakEngine } from '../engines/espeak-engine.js'
import { composeScore } from './compose.js'
import { assignSyllables, type TuneNote } from './lyric-notes.js'
import { noteHz } from './measure.js'
import { CHANNEL } from './score.js'
import { type SungPart, singVocals } from './sing.js'
import { syllabify } from './syllables.js'

// The singer with the real eSpeak NG engine; pitch measured with a YIN over a bass's to a
// soprano's range (the speech analysis stops at 450 Hz).

const RATE = 22050

function planWith(voice: string): CompositionPlan {
  const section = (name: string, lines: string[], ms: number) => ({
    section_name: name,
    positive_local_styles: [],
    negative_local_styles: [],
    duration_ms: ms,
    lines,
  })
  return {
    positive_global_styles: ['pop', voice, '96 bpm'],
    negative_global_styles: [],
    sections: [
      section('Intro', [], 5000),
      section('Verse', ['The morning light is on the hill', 'and I walk along the river'], 10_000),
      section('Chorus', ['Sing with me tonight', 'we are golden in the sun'], 10_000),
    ],
  }
}

function rmsOf(x: Float32Array, from: number, to: number): number {
  let sum = 0
  for (let i = Math.max(0, from); i < Math.min(x.length, to); i++) sum += (x[i] as number) ** 2
  return Math.sqrt(sum / Math.max(1, to - from))
}

const at = (ms: number) => Math.round((ms * RATE) / 1000)

let engine: EspeakEngine
const sung: Record<'female' | 'male', SungPart> = {} as Record<'female' | 'male', SungPart>

beforeAll(async () => {
  engine = await EspeakEngine.create({ repeatable: true })
  for (const voice of ['female', 'male'] as const) {
    sung[voice] = await singVocals(
      composeScore({ plan: planWith(`${voice} vocals`), seed: 4 }).score,
      engine,
      RATE,
    )
  }
})

describe('sung lines', () => {
  it('holds each sung note on the melody pitch (median error under 50 cents)', () => {
    for (const voice of ['female', 'male'] as const) {
      const { vocals, sung: notes } = sung[voice]
      const errors: number[] = []
      for (const note of notes) {
        // The middle of the note: past its consonants, before its fade.
        const from = at(note.startMs + (note.endMs - note.startMs) * 0.35)
        const to = at(note.endMs - 25)
        const hz = noteHz(vocals as Float32Array, RATE, from, to)
        if (hz > 0) errors.push(Math.abs(1200 * Math.log2(hz / (440 * 2 ** ((note.note - 69) / 12)))))
      }
      errors.sort((a, b) => a - b)
      expect(errors.length, voice).toBeGreaterThan(notes.length * 0.6)
      expect(errors[errors.length >> 1], voice).toBeLessThan(50)
    }
  })

  it('sings in the voice asked for: a soprano above a man', () => {
    const middle = (part: SungPart) =>
      part.sung.map((n) => n.note).sort((a, b) => a - b)[part.sung.length >> 1] ?? 0
    expect(middle(sung.female) - middle(sung.male)).toBeGreaterThanOrEqual(7)
  })

  it('starts every syllable on its note: silence before, sound from the onset on', () => {
    const { vocals, sung: notes } = sung.female
    const x = vocals as Float32Array
    const starts = notes.filter((n) => n.syllableStart)
    expect(starts.length).toBeGreaterThan(20)
    let onTime = 0
    for (const note of starts) {
      const start = at(note.startMs)
      const before = notes.filter((n) => n.endMs <= note.startMs).at(-1)
      // From the end of the note before (or 40 ms back), the first 5 ms that sound
      // (above -30 dB of the singing level: weak consonants such as th and h count).
      const from = Math.max(start - at(40), before ? at(before.endMs) : 0)
      let onset = -1
      for (let i = from; i < start + at(120); i += at(5)) {
        if (rmsOf(x, i, i + at(5)) > 0.002) {
          onset = i
          break
        }
      }
      if (onset >= 0 && Math.abs(onset - start) <= at(20)) onTime++
    }
    expect(onTime / starts.length).toBeGreaterThan(0.9)
  })

  it('is silent where no line is sung and keeps the score length exactly', () => {
    const part = sung.female
    const x = part.vocals as Float32Array
    expect(x.length).toBe(at(25_000))
    expect(rmsOf(x, 0, at(5000))).toBe(0)
    expect(rmsOf(x, at(5000), at(25_000))).toBeGreaterThan(0.03)
    // Spare notes went back to the lead; none is left on the vocals channel.
    expect(part.score.notes.some((n) => n.channel === CHANNEL.vocals)).toBe(false)
  })

  it('an instrumental score has no vocal part at all', async () => {
    const { score } = composeScore({ plan: planWith('female vocals'), seed: 4, instrumental: true })
    expect(score.vocal).toBeNull()
    expect((await singVocals(score, engine, RATE)).vocals).toBeNull()
  })

  it('another singer, made a second later, sings the same samples (no clock in the seed)', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const other = await EspeakEngine.create({ repeatable: true })
    const again = await singVocals(
      composeScore({ plan: planWith('female vocals'), seed: 4 }).score,
      other,
      RATE,
    )
    expect(
      Buffer.from((again.vocals as Float32Array).buffer).equals(
        Buffer.from((sung.female.vocals as Float32Array).buffer),
      ),
    ).toBe(true)
  })

  it('same score, same samples', async () => {
    const again = await singVocals(
      composeScore({ plan: planWith('female vocals'), seed: 4 }).score,
      engine,
      RATE,
    )
    expect(
      Buffer.from((again.vocals as Float32Array).buffer).equals(
        Buffer.from((sung.female.vocals as Float32Array).buffer),
      ),
    ).toBe(true)
  })
})

describe('syllables and notes', () => {
  it('cuts spoken words into syllables at their vowels', () => {
    const spoken = engine.speakPhonemes('Hello darkness my old friend', 'en-us', {
      rate: 175,
      pitch: 50,
      range: 0,
    })
    const syllables = syllabify(spoken.phonemes, spoken.samples.length / spoken.sampleRate)
    // hel-lo dark-ness my old friend
    expect(syllables.length).toBe(7)
    expect(syllables.map((s) => s.word)).toEqual([0, 0, 1, 1, 2, 3, 4])
    for (const s of syllables) {
      expect(s.vowelStart).toBeGreaterThanOrEqual(s.start)
      expect(s.vowelEnd).toBeLessThanOrEqual(s.end)
      expect(s.vowelEnd).toBeGreaterThan(s.vowelStart)
    }
  })

  const notes = (count: number, ms = 300): TuneNote[] =>
    Array.from({ length: count }, (_, i) => ({ note: 60 + i, startMs: i * ms, endMs: i * ms + ms - 20 }))
  const syllables = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ seconds: 0.2, stressed: i === 1 }))

  it('one note a syllable; spare notes become melismas, then go back to the lead', () => {
    const even = assignSyllables([syllables(4)], notes(4))
    expect(even.units.map((u) => u.notes.length)).toEqual([1, 1, 1, 1])
    expect(even.unsung).toEqual([])
    const spare = assignSyllables([syllables(4)], notes(7))
    // The last syllable, then the stressed one, take the spare notes.
    expect(spare.units.map((u) => u.notes.length)).toEqual([1, 2, 1, 3])
    const many = assignSyllables([syllables(2)], notes(10))
    expect(many.units.map((u) => u.notes.length)).toEqual([1, 3])
    expect(many.unsung.length).toBe(6)
  })

  it('more syllables than notes: long notes split, then syllables share a note', () => {
    const split = assignSyllables([syllables(4)], notes(2, 1000))
    expect(split.units.length).toBe(4)
    expect(split.units.every((u) => u.first === u.last)).toBe(true)
    const merged = assignSyllables([syllables(5)], notes(2, 200))
    expect(merged.units.length).toBe(2)
    expect(merged.units.map((u) => u.last - u.first + 1).reduce((a, b) => a + b, 0)).toBe(5)
  })

  it('shares a section among its lines by their syllables', () => {
    const { units } = assignSyllables([syllables(2), syllables(6)], notes(8))
    expect(units.filter((u) => u.line === 0).length).toBe(2)
    expect(units.filter((u) => u.line === 1).length).toBe(6)
    expect(units[2]?.notes[0]?.startMs).toBe(600)
  })
})
