import type { SongSection } from '@timbre/contract'
import { BASS_WORDS, DRUM_WORDS, MELODY_WORDS, VOCAL_WORDS } from './moods.js'
import { hasAny, normalise } from './words.js'

export type SectionKind =
  | 'intro'
  | 'verse'
  | 'pre'
  | 'chorus'
  | 'bridge'
  | 'breakdown'
  | 'solo'
  | 'outro'
  | 'main'

const KINDS: [SectionKind, string[]][] = [
  [
    'intro',
    ['intro', 'introduction', 'opening', 'einleitung', 'introducción', 'introdução', 'wstęp', 'イントロ'],
  ],
  ['pre', ['pre-chorus', 'prechorus', 'pre chorus', 'build', 'build-up', 'buildup', 'riser']],
  ['chorus', ['chorus', 'hook', 'refrain', 'drop', 'estribillo', 'coro', 'refren', 'サビ']],
  ['verse', ['verse', 'strophe', 'couplet', 'verso', 'estrofe', 'zwrotka', 'vers', 'Aメロ']],
  ['bridge', ['bridge', 'brücke', 'pont', 'puente', 'ponte', 'most', 'brygga', 'middle 8']],
  ['breakdown', ['breakdown', 'break', 'interlude', 'zwischenspiel', 'interludio', 'interlúdio']],
  ['solo', ['solo', 'instrumental break']],
  [
    'outro',
    ['outro', 'ending', 'coda', 'finale', 'end', 'schluss', 'fin', 'final', 'zakończenie', 'アウトロ'],
  ],
]

const KIND_LEVEL: Record<SectionKind, number> = {
  intro: 0.35,
  verse: 0.6,
  pre: 0.72,
  chorus: 0.95,
  bridge: 0.55,
  breakdown: 0.3,
  solo: 0.85,
  outro: 0.42,
  main: 0.75,
}

const QUIETER = [
  'soft',
  'quiet',
  'sparse',
  'minimal',
  'calm',
  'gentle',
  'breakdown',
  'fading',
  'fade out',
  'stripped',
  'leise',
  'doux',
  'suave',
]
const LOUDER = [
  'full',
  'powerful',
  'loud',
  'big',
  'energetic',
  'intense',
  'anthemic',
  'building',
  'climax',
  'drop',
  'heavy',
  'laut',
  'fort',
  'fuerte',
]

export function sectionKind(name: string): SectionKind {
  const text = normalise(name)
  for (const [kind, words] of KINDS) if (hasAny(text, words)) return kind
  return 'main'
}

export interface SectionIntent {
  kind: SectionKind
  level: number
  drums: 'on' | 'off' | 'default'
  bass: boolean
  melody: boolean
  vocals: boolean
}

/** What a section's name and local styles ask of it, before the song's own style. */
export function sectionIntent(section: SongSection, songEnergy: number): SectionIntent {
  const kind = sectionKind(section.section_name)
  const positive = normalise(section.positive_local_styles.join(', '))
  const negative = normalise(section.negative_local_styles.join(', '))
  let level = KIND_LEVEL[kind] * (0.55 + 0.45 * songEnergy)
  if (hasAny(positive, QUIETER)) level -= 0.22
  if (hasAny(positive, LOUDER)) level += 0.2
  return {
    kind,
    level: Math.min(1, Math.max(0.1, level)),
    drums: hasAny(negative, DRUM_WORDS) ? 'off' : hasAny(positive, DRUM_WORDS) ? 'on' : 'default',
    bass: !hasAny(negative, BASS_WORDS),
    melody: !hasAny(negative, MELODY_WORDS),
    vocals: !hasAny(negative, VOCAL_WORDS),
  }
}
