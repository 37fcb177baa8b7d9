import type { CompositionPlan, SongSection } from '@timbre/contract'
import { MUSIC_SECTION_MIN_MS } from '@timbre/contract'
import { DRUM_WORDS } from './moods.js'
import { resolveStyle } from './style.js'
import { hasAny, normalise, splitNegations } from './words.js'

const SLOWER = [
  'slower',
  'slow down',
  'langsamer',
  'plus lent',
  'más lento',
  'mais lento',
  'wolniej',
  'långsammare',
]
const FASTER = [
  'faster',
  'speed up',
  'schneller',
  'plus rapide',
  'más rápido',
  'mais rápido',
  'szybciej',
  'snabbare',
]
const MORE = ['more', 'add', 'mehr', 'plus de', 'más', 'mais', 'więcej', 'mer']
const SECTION_WORDS: [string, string[]][] = [
  ['Bridge', ['bridge', 'brücke', 'pont', 'puente', 'ponte']],
  ['Chorus', ['chorus', 'refrain', 'estribillo']],
  ['Verse', ['verse', 'strophe', 'couplet', 'verso']],
  ['Intro', ['intro']],
  ['Outro', ['outro', 'ending']],
]

function bpmOf(plan: CompositionPlan): number {
  const style = resolveStyle({
    positive: plan.positive_global_styles.join(', '),
    negatives: plan.negative_global_styles,
    seed: 0,
  })
  return style.bpm
}

/**
 * A plan edited by a short instruction, as in a chat: "slower", "faster", "more drums", "no
 * piano", "add a bridge", or any styles to add. The total length stays the same; an added
 * section takes its time from the longest one.
 */
export function editPlan(source: CompositionPlan, instruction: string): CompositionPlan {
  const text = normalise(instruction)
  const { positive, negatives } = splitNegations(instruction)
  let positives = [...source.positive_global_styles]
  let removed = [...source.negative_global_styles, ...negatives]
  const tempo = hasAny(text, SLOWER) ? 0.8 : hasAny(text, FASTER) ? 1.25 : 1
  if (tempo !== 1) {
    const bpm = Math.round(Math.min(200, Math.max(50, bpmOf(source) * tempo)))
    positives = [...positives.filter((s) => !/\d+\s*bpm/u.test(s)), `${bpm} bpm`]
  }
  if (hasAny(text, MORE) && hasAny(text, DRUM_WORDS)) {
    removed = removed.filter((s) => !hasAny(normalise(s), DRUM_WORDS))
    positives.push('drums', 'powerful')
  }
  let sections: SongSection[] = source.sections.map((s) => ({ ...s }))
  const added = SECTION_WORDS.find(([, words]) => hasAny(text, words))
  if (added && hasAny(text, MORE)) {
    const longest = sections.reduce(
      (best, s, i) => (s.duration_ms > (sections[best]?.duration_ms ?? 0) ? i : best),
      0,
    )
    const donor = sections[longest]
    if (donor && donor.duration_ms >= 2 * MUSIC_SECTION_MIN_MS) {
      const share = Math.floor(donor.duration_ms / 2)
      donor.duration_ms -= share
      const section: SongSection = {
        section_name: added[0],
        positive_local_styles: [],
        negative_local_styles: [],
        duration_ms: share,
        lines: [],
      }
      const at = Math.max(1, sections.length - 1)
      sections = [...sections.slice(0, at), section, ...sections.slice(at)]
    }
  } else {
    // Whatever else the instruction names becomes a style of the whole song.
    const words = positive
      .split(/[,;]|\band\b/u)
      .map((w) => w.trim())
      .filter((w) => w && !hasAny(w, [...SLOWER, ...FASTER]) && !(hasAny(w, MORE) && hasAny(w, DRUM_WORDS)))
    positives.push(...words.map((w) => w.replace(/^(?:more|add|some|a|an)\s+/u, '')).filter(Boolean))
  }
  const dedupe = (list: string[]) => [...new Set(list)].slice(0, 50)
  return { positive_global_styles: dedupe(positives), negative_global_styles: dedupe(removed), sections }
}
