import type { CompositionPlan } from '@timbre/contract'
import { describe, expect, it } from 'vitest'
import { composeScore } from './compose.js'
import { editPlan } from './edit-plan.js'
import { GENRES } from './genres.js'
import { INSTRUMENTS, MOODS } from './moods.js'
import { planFromPrompt } from './plan.js'
import { CHANNEL } from './score.js'
import { resolveStyle } from './style.js'
import { splitNegations } from './words.js'

const styleOf = (prompt: string, seed = 1) => {
  const { positive, negatives } = splitNegations(prompt)
  return resolveStyle({ positive, negatives, seed })
}

describe('the composer reads a prompt', () => {
  it('knows at least 20 genres and 30 moods and 30 instruments', () => {
    expect(GENRES.length).toBeGreaterThanOrEqual(20)
    expect(MOODS.length).toBeGreaterThanOrEqual(30)
    expect(INSTRUMENTS.length).toBeGreaterThanOrEqual(30)
  })

  it('finds genre, mood, tempo, key and instruments', () => {
    const style = styleOf('A sad jazz tune with saxophone in D minor at 92 bpm')
    expect(style.genre.id).toBe('jazz')
    expect(style.moods).toContain('sad')
    expect(style.bpm).toBe(92)
    expect(style.root).toBe(2)
    expect(style.mode).toBe('minor')
    expect(style.lead).toBe(66)
  })

  it('reads the other interface languages', () => {
    const german = styleOf('langsames trauriges Klavier, Walzer')
    expect(german.genre.id).toBe('waltz')
    expect(german.moods).toContain('sad')
    expect(german.harmony).toBe(0)
    expect(german.bpm).toBeLessThanOrEqual(84)
    expect(styleOf('rock rápido y enérgico').bpm).toBeGreaterThanOrEqual(132)
    expect(styleOf('musique électronique sans batterie').drums).toBeNull()
    expect(styleOf('子守唄 ピアノ').genre.id).toBe('lullaby')
  })

  it('slow and calm is slower than fast and energetic', () => {
    expect(styleOf('slow calm piano lullaby').bpm).toBeLessThan(90)
    expect(styleOf('fast energetic rock with drums').bpm).toBeGreaterThan(120)
  })

  it('negations become negative styles that remove what they name', () => {
    expect(splitNegations('upbeat pop, no drums or bass').negatives).toEqual(['drums', 'bass'])
    const style = styleOf('upbeat pop without drums, no piano')
    expect(style.drums).toBeNull()
    expect([style.lead, style.harmony, style.bass]).not.toContain(0)
  })
})

describe('a plan becomes a score', () => {
  it('fills the requested length exactly, every section at least a second', () => {
    for (const lengthMs of [3000, 9999, 30_000, 61_234, 200_000]) {
      const { plan } = planFromPrompt({ prompt: 'happy pop', lengthMs, seed: 3 })
      expect(plan.sections.reduce((sum, s) => sum + s.duration_ms, 0)).toBe(lengthMs)
      for (const section of plan.sections) expect(section.duration_ms).toBeGreaterThanOrEqual(1000)
    }
  })

  it('keeps every note inside its section and the song', () => {
    const { plan } = planFromPrompt({ prompt: 'funky disco with brass', lengthMs: 40_000, seed: 5 })
    const { score } = composeScore({ plan, seed: 5 })
    let start = 0
    for (const section of plan.sections) {
      const notes = score.notes.filter((n) => n.startMs >= start && n.startMs < start + section.duration_ms)
      expect(notes.length).toBeGreaterThan(0)
      for (const n of notes)
        if (n.startMs < score.endingMs)
          expect(n.endMs).toBeLessThanOrEqual(start + section.duration_ms + 1e-6)
      start += section.duration_ms
    }
    expect(Math.max(...score.notes.map((n) => n.endMs))).toBeLessThanOrEqual(40_000)
  })

  it('negative drums leave no percussion channel; local negatives silence one section', () => {
    const plan: CompositionPlan = {
      positive_global_styles: ['rock', 'energetic'],
      negative_global_styles: [],
      sections: [
        {
          section_name: 'Verse',
          positive_local_styles: [],
          negative_local_styles: ['drums'],
          duration_ms: 5000,
          lines: [],
        },
        {
          section_name: 'Chorus',
          positive_local_styles: [],
          negative_local_styles: [],
          duration_ms: 5000,
          lines: [],
        },
      ],
    }
    const { score } = composeScore({ plan, seed: 1 })
    const drums = score.notes.filter((n) => n.channel === CHANNEL.drums)
    expect(drums.length).toBeGreaterThan(0)
    expect(drums.every((n) => n.startMs >= 5000)).toBe(true)
    const none = composeScore({ plan: { ...plan, negative_global_styles: ['drums'] }, seed: 1 }).score
    expect(none.notes.some((n) => n.channel === CHANNEL.drums)).toBe(false)
    expect(none.channels.some((c) => c.stem === 'drums')).toBe(false)
  })

  it('the same seed gives the same score; another seed another melody', () => {
    const { plan } = planFromPrompt({ prompt: 'epic cinematic orchestra', lengthMs: 20_000, seed: 9 })
    const melody = (seed: number) =>
      composeScore({ plan, seed })
        .score.notes.filter((n) => n.channel === CHANNEL.melody)
        .map((n) => `${n.note}@${Math.round(n.startMs)}`)
    expect(melody(1)).toEqual(melody(1))
    expect(melody(1)).not.toEqual(melody(2))
  })

  it('a returning section brings its tune back', () => {
    const { plan } = planFromPrompt({ prompt: 'pop with flute', lengthMs: 90_000, seed: 4 })
    const { score } = composeScore({ plan, seed: 4 })
    const tune = (name: string) => {
      const section = score.sections.find((s) => s.name === name)
      if (!section) throw new Error(name)
      return score.notes
        .filter(
          (n) =>
            n.channel === CHANNEL.melody &&
            n.startMs >= section.startMs &&
            n.startMs < section.startMs + 4000,
        )
        .map((n) => n.note)
    }
    expect(tune('Chorus 1').length).toBeGreaterThan(3)
    expect(tune('Chorus 2')).toEqual(tune('Chorus 1'))
    expect(tune('Verse 1')).not.toEqual(tune('Chorus 1'))
  })

  it('lines are sung on the melody when the song is not instrumental', () => {
    const plan: CompositionPlan = {
      positive_global_styles: ['pop'],
      negative_global_styles: [],
      sections: [
        {
          section_name: 'Verse',
          positive_local_styles: [],
          negative_local_styles: [],
          duration_ms: 8000,
          lines: ['Hello morning light', 'we sing along'],
        },
      ],
    }
    const sung = composeScore({ plan, seed: 2 }).score
    expect(sung.notes.filter((n) => n.channel === CHANNEL.vocals).length).toBeGreaterThan(3)
    expect(sung.vocal?.phrases.map((p) => [p.lines, p.startMs])).toEqual([
      [['Hello morning light', 'we sing along'], 0],
    ])
    const instrumental = composeScore({ plan, seed: 2, instrumental: true }).score
    expect(instrumental.notes.some((n) => n.channel === CHANNEL.vocals)).toBe(false)
    expect(instrumental.vocal).toBeNull()
    for (const [style, voice] of [
      ['male vocals', 'male'],
      ['female vocals', 'female'],
      ['voix de femme', 'female'],
      ['männlicher Gesang', 'male'],
    ]) {
      const asked = { ...plan, positive_global_styles: ['pop', style as string] }
      expect(composeScore({ plan: asked, seed: 2 }).score.vocal?.voice).toBe(voice)
    }
  })
})

describe('a plan edited by instruction', () => {
  const { plan } = planFromPrompt({ prompt: 'pop with piano, no drums', lengthMs: 30_000, seed: 1 })
  const bpm = (p: CompositionPlan) =>
    resolveStyle({
      positive: p.positive_global_styles.join(', '),
      negatives: p.negative_global_styles,
      seed: 0,
    }).bpm

  it('slows down and speeds up', () => {
    expect(bpm(editPlan(plan, 'slower'))).toBeLessThan(bpm(plan))
    expect(bpm(editPlan(plan, 'faster'))).toBeGreaterThan(bpm(plan))
  })

  it('brings drums back, leaves out what it names, adds a section in the same length', () => {
    const drums = editPlan(plan, 'more drums')
    expect(composeScore({ plan: drums, seed: 1 }).score.notes.some((n) => n.channel === CHANNEL.drums)).toBe(
      true,
    )
    expect(editPlan(plan, 'no piano').negative_global_styles).toContain('piano')
    const bridged = editPlan(plan, 'add a bridge')
    expect(bridged.sections.map((s) => s.section_name)).toContain('Bridge')
    expect(bridged.sections.reduce((sum, s) => sum + s.duration_ms, 0)).toBe(30_000)
  })
})
