import {
  type CompositionPlan,
  MUSIC_DEFAULT_LENGTH_MS,
  MUSIC_MAX_LENGTH_MS,
  MUSIC_MAX_SECTIONS,
  MUSIC_MIN_LENGTH_MS,
  MUSIC_SECTION_MAX_MS,
  MUSIC_SECTION_MIN_MS,
  musicCredits,
  type SongSection,
} from '@timbre/contract'

// The music page's rules, shared by the form and its tests: what a plan costs, what blocks a
// generation, and the small edits of the plan editor.

export const LENGTH_MIN_SECONDS = MUSIC_MIN_LENGTH_MS / 1000
export const LENGTH_MAX_SECONDS = MUSIC_MAX_LENGTH_MS / 1000
export const DEFAULT_LENGTH_SECONDS = MUSIC_DEFAULT_LENGTH_MS / 1000

export const EXAMPLES = {
  lullaby: 'slow calm piano lullaby',
  rock: 'fast energetic rock with drums',
  lofi: 'chill lofi hip hop with electric piano',
  cinematic: 'epic cinematic orchestra in D minor',
  bossa: 'warm bossa nova with flute',
} as const
export type ExampleKey = keyof typeof EXAMPLES

export function planLengthMs(plan: CompositionPlan): number {
  return plan.sections.reduce((sum, s) => sum + s.duration_ms, 0)
}

/** Credits a song costs: per minute, charged per started second. */
export function costOf(input: { plan: CompositionPlan | null; seconds: number }): number {
  return musicCredits(input.plan ? planLengthMs(input.plan) : input.seconds * 1000)
}

export type Blocker = 'prompt' | 'length' | 'sectionShort' | 'sectionLong' | 'noSections' | 'total'

/** Why the song cannot be generated yet, or null. */
export function blockerOf(input: {
  prompt: string
  seconds: number
  plan: CompositionPlan | null
}): Blocker | null {
  if (input.plan) {
    if (input.plan.sections.length === 0) return 'noSections'
    if (input.plan.sections.some((s) => s.duration_ms < MUSIC_SECTION_MIN_MS)) return 'sectionShort'
    if (input.plan.sections.some((s) => s.duration_ms > MUSIC_SECTION_MAX_MS)) return 'sectionLong'
    if (planLengthMs(input.plan) > MUSIC_MAX_LENGTH_MS) return 'total'
    return null
  }
  if (!input.prompt.trim()) return 'prompt'
  if (input.seconds < LENGTH_MIN_SECONDS || input.seconds > LENGTH_MAX_SECONDS) return 'length'
  return null
}

/** Styles typed as a comma-separated list. */
export function parseStyles(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

export function updateSection(
  plan: CompositionPlan,
  index: number,
  patch: Partial<SongSection>,
): CompositionPlan {
  return { ...plan, sections: plan.sections.map((s, i) => (i === index ? { ...s, ...patch } : s)) }
}

export function removeSection(plan: CompositionPlan, index: number): CompositionPlan {
  return { ...plan, sections: plan.sections.filter((_, i) => i !== index) }
}

export function addSection(plan: CompositionPlan, name: string): CompositionPlan {
  if (plan.sections.length >= MUSIC_MAX_SECTIONS) return plan
  const section: SongSection = {
    section_name: name,
    positive_local_styles: [],
    negative_local_styles: [],
    duration_ms: 8000,
    lines: [],
  }
  return { ...plan, sections: [...plan.sections, section] }
}
