import type { CompositionPlan, SongSection } from '@timbre/contract'
import { MUSIC_DEFAULT_LENGTH_MS, MUSIC_SECTION_MAX_MS, MUSIC_SECTION_MIN_MS } from '@timbre/contract'
import { keyName, type MusicStyle, resolveStyle } from './style.js'
import { splitNegations } from './words.js'

/** Section templates by song length: name, relative length in bars, local styles. */
const TEMPLATES: { minMs: number; sections: [string, number, string[]][] }[] = [
  {
    minMs: 150_000,
    sections: [
      ['Intro', 4, ['sparse', 'building']],
      ['Verse 1', 8, []],
      ['Chorus 1', 8, ['full']],
      ['Verse 2', 8, []],
      ['Chorus 2', 8, ['full']],
      ['Bridge', 8, ['breakdown']],
      ['Chorus 3', 8, ['full', 'powerful']],
      ['Outro', 4, ['fading']],
    ],
  },
  {
    minMs: 60_000,
    sections: [
      ['Intro', 4, ['sparse', 'building']],
      ['Verse 1', 8, []],
      ['Chorus 1', 8, ['full']],
      ['Verse 2', 8, []],
      ['Chorus 2', 8, ['full', 'powerful']],
      ['Outro', 4, ['fading']],
    ],
  },
  {
    minMs: 24_000,
    sections: [
      ['Intro', 2, ['sparse']],
      ['Verse', 4, []],
      ['Chorus', 4, ['full']],
      ['Outro', 2, ['fading']],
    ],
  },
  {
    minMs: 10_000,
    sections: [
      ['Intro', 1, ['sparse']],
      ['Main', 4, []],
      ['Outro', 1, ['fading']],
    ],
  },
  { minMs: 0, sections: [['Main', 1, []]] },
]

/**
 * Splits a total length into sections of whole bars where the bars fit; the last section takes
 * the remainder, so the sum is exactly the total. Every section lasts at least one second.
 */
export function sectionLengths(totalMs: number, weights: readonly number[], barMs: number): number[] {
  const totalBars = Math.max(1, Math.floor(totalMs / barMs))
  const weightSum = weights.reduce((a, b) => a + b, 0)
  const lengths = weights.map((w) => Math.max(1, Math.round((w / weightSum) * totalBars)) * barMs)
  const minimum = Math.max(MUSIC_SECTION_MIN_MS, barMs)
  for (let i = 0; i < lengths.length - 1; i++) lengths[i] = Math.round(Math.max(lengths[i] ?? 0, minimum))
  let head = lengths.slice(0, -1).reduce((a, b) => a + b, 0)
  // Too long for the total: shorten the longest sections a bar at a time.
  while (head > totalMs - minimum && head > 0) {
    const longest = lengths.slice(0, -1).reduce((best, l, i, all) => (l > (all[best] ?? 0) ? i : best), 0)
    const next = (lengths[longest] ?? 0) - barMs
    if (next < minimum) break
    lengths[longest] = Math.round(next)
    head = lengths.slice(0, -1).reduce((a, b) => a + b, 0)
  }
  if (head > totalMs - MUSIC_SECTION_MIN_MS) return [totalMs]
  lengths[lengths.length - 1] = totalMs - head
  return lengths
}

/** The positive global styles that pin what the prompt's words settled. */
export function describeStyle(style: MusicStyle): string[] {
  return [
    ...style.genres.map((g) => g.toLowerCase()),
    ...style.moods,
    ...style.instruments,
    `${style.bpm} bpm`,
    keyName(style),
  ]
}

/**
 * A composition plan from a prompt: styles from its words (negations become negative styles)
 * and sections that fill `lengthMs` exactly, bar-aligned where the bars fit.
 */
export function planFromPrompt(input: {
  prompt: string
  lengthMs?: number | null
  seed: number
  instrumental?: boolean
}): { plan: CompositionPlan; style: MusicStyle } {
  const { positive, negatives } = splitNegations(input.prompt)
  if (input.instrumental && !negatives.includes('vocals')) negatives.push('vocals')
  const style = resolveStyle({ positive, negatives, seed: input.seed })
  const barMs = (60_000 / style.bpm) * style.beatsPerBar
  const totalMs = Math.round(input.lengthMs ?? MUSIC_DEFAULT_LENGTH_MS)
  const template = TEMPLATES.find((t) => totalMs >= t.minMs) ?? TEMPLATES[TEMPLATES.length - 1]
  let chosen = template?.sections ?? []
  // Sections longer than the maximum: split the song into more, shorter ones.
  while (totalMs / chosen.length > MUSIC_SECTION_MAX_MS) chosen = [...chosen, ...chosen]
  const lengths = sectionLengths(
    totalMs,
    chosen.map((s) => s[1]),
    barMs,
  )
  const sections: SongSection[] = lengths.map((duration, i) => {
    const [name, , local] =
      lengths.length === chosen.length ? (chosen[i] ?? ['Main', 1, []]) : ['Main', 1, []]
    return {
      section_name: name,
      positive_local_styles: [...local],
      negative_local_styles: [],
      duration_ms: duration,
      lines: [],
    }
  })
  return {
    plan: {
      positive_global_styles: describeStyle(style),
      negative_global_styles: negatives,
      sections,
    },
    style,
  }
}

/** The style a plan asks for (its positive and negative global styles). */
export function styleOfPlan(plan: CompositionPlan, seed: number): MusicStyle {
  return resolveStyle({
    positive: plan.positive_global_styles.join(', '),
    negatives: plan.negative_global_styles,
    seed,
  })
}
