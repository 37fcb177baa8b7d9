// v3 audio tags: square-bracket directions such as `[whispers]` or `[long pause]`.
// Which bracket groups are tags follows the dialogue-text rule: a tag sits on one line, and
// nested brackets are kept as text.
import type { SegmentStyle } from './types.js'

/** A bracket group that is an audio tag: units [start, end) of the text, `name` lower-cased. */
export interface AudioTagSpan {
  start: number
  end: number
  name: string
}

export type AudioTagEffect =
  | { kind: 'style'; style: Partial<SegmentStyle> }
  | { kind: 'pause'; seconds: number }
  | { kind: 'vocalization'; name: string }

export const DEFAULT_STYLE: Readonly<SegmentStyle> = Object.freeze({
  whisper: false,
  volume: 1,
  rate: 1,
  pitch: 1,
})

/** Pause lengths: short 0.3 s, pause 0.6 s, long 1.2 s. */
export const PAUSE_SECONDS = { short: 0.3, normal: 0.6, long: 1.2 } as const

/**
 * Finds the audio tags of a text: bracket groups closed on the same line that contain no
 * other bracket and are not inside another group closed on that line, with at least one
 * non-space character.
 */
export function findAudioTags(text: string): AudioTagSpan[] {
  const tags: AudioTagSpan[] = []
  // Open brackets of the current line, and whether a pair closed inside each.
  let open: Array<{ index: number; hasInner: boolean }> = []
  // Innermost pairs of the current line that may still turn out to be nested.
  let candidates: AudioTagSpan[] = []
  const settle = (): void => {
    tags.push(...candidates)
    candidates = []
  }
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === '\n') {
      // Brackets left open at the end of a line never close: pairs inside them are tags.
      open = []
      settle()
    } else if (ch === '[') {
      open.push({ index: i, hasInner: false })
    } else if (ch === ']') {
      const top = open.pop()
      if (!top) continue
      // Pairs closed inside this one are nested: they are kept as text.
      candidates = candidates.filter((c) => c.start < top.index)
      const parent = open[open.length - 1]
      if (parent) parent.hasInner = true
      const inner = text.slice(top.index + 1, i)
      if (!top.hasInner && inner.trim() !== '') {
        candidates.push({
          start: top.index,
          end: i + 1,
          name: inner.trim().replace(/\s+/g, ' ').toLowerCase(),
        })
      }
      if (!parent) settle()
    }
  }
  settle()
  return tags.sort((a, b) => a.start - b.start)
}

const STYLE_TAGS: Record<string, Partial<SegmentStyle>> = {
  whisper: { whisper: true, volume: 0.55, rate: 0.95 },
  shout: { volume: 1.8, pitch: 1.12, rate: 1.05 },
  excited: { volume: 1.2, pitch: 1.15, rate: 1.1 },
  happy: { pitch: 1.1, rate: 1.05 },
  sad: { volume: 0.85, pitch: 0.9, rate: 0.88 },
  angry: { volume: 1.4, pitch: 1.05, rate: 1.08 },
  calm: { volume: 0.9, pitch: 0.97, rate: 0.92 },
  slow: { rate: 0.75 },
  fast: { rate: 1.3 },
  soft: { volume: 0.65 },
  loud: { volume: 1.5 },
  nervous: { pitch: 1.08, rate: 1.12 },
  serious: { pitch: 0.95, rate: 0.95 },
}

const STYLE_ALIASES: Record<string, keyof typeof STYLE_TAGS> = {
  whispers: 'whisper',
  whispering: 'whisper',
  whisper: 'whisper',
  whispered: 'whisper',
  whispery: 'whisper',
  shouts: 'shout',
  shouting: 'shout',
  shout: 'shout',
  yells: 'shout',
  yelling: 'shout',
  screams: 'shout',
  screaming: 'shout',
  excited: 'excited',
  excitedly: 'excited',
  enthusiastic: 'excited',
  happy: 'happy',
  happily: 'happy',
  cheerful: 'happy',
  cheerfully: 'happy',
  joyful: 'happy',
  sad: 'sad',
  sadly: 'sad',
  sorrowful: 'sad',
  melancholic: 'sad',
  angry: 'angry',
  angrily: 'angry',
  furious: 'angry',
  annoyed: 'angry',
  frustrated: 'angry',
  calm: 'calm',
  calmly: 'calm',
  relaxed: 'calm',
  gently: 'calm',
  slowly: 'slow',
  slow: 'slow',
  'speaking slowly': 'slow',
  'slows down': 'slow',
  quickly: 'fast',
  fast: 'fast',
  rushed: 'fast',
  hurried: 'fast',
  'speaking quickly': 'fast',
  'speeds up': 'fast',
  softly: 'soft',
  quietly: 'soft',
  soft: 'soft',
  quiet: 'soft',
  loudly: 'loud',
  loud: 'loud',
  nervous: 'nervous',
  nervously: 'nervous',
  anxious: 'nervous',
  serious: 'serious',
  seriously: 'serious',
}

const VOCALIZATIONS: Record<string, string> = {
  sighs: 'sigh',
  sigh: 'sigh',
  sighing: 'sigh',
  laughs: 'laugh',
  laugh: 'laugh',
  laughing: 'laugh',
  'laughs harder': 'laugh',
  'starts laughing': 'laugh',
  chuckles: 'chuckle',
  chuckle: 'chuckle',
  chuckling: 'chuckle',
  giggles: 'giggle',
  giggle: 'giggle',
  giggling: 'giggle',
  gasps: 'gasp',
  gasp: 'gasp',
  gasping: 'gasp',
  coughs: 'cough',
  cough: 'cough',
  coughing: 'cough',
  'clears throat': 'clear-throat',
  sniffs: 'sniff',
  sniff: 'sniff',
  breathes: 'breath',
  'breathes in': 'breath',
  inhales: 'breath',
  'deep breath': 'breath',
  exhales: 'exhale',
  'exhales sharply': 'exhale',
  cries: 'cry',
  crying: 'cry',
  sobs: 'cry',
  sobbing: 'cry',
  groans: 'groan',
  groan: 'groan',
  yawns: 'yawn',
  yawn: 'yawn',
  snorts: 'snort',
  wheezing: 'wheeze',
}

const PAUSES: Record<string, number> = {
  pause: PAUSE_SECONDS.normal,
  pauses: PAUSE_SECONDS.normal,
  'short pause': PAUSE_SECONDS.short,
  'brief pause': PAUSE_SECONDS.short,
  'small pause': PAUSE_SECONDS.short,
  'long pause': PAUSE_SECONDS.long,
  'longer pause': PAUSE_SECONDS.long,
  'dramatic pause': PAUSE_SECONDS.long,
}

/** What a tag asks for, or undefined for a tag we do not know (it is removed silently). */
export function classifyAudioTag(name: string): AudioTagEffect | undefined {
  const key = name.trim().toLowerCase().replace(/\s+/g, ' ')
  const pause = PAUSES[key]
  if (pause !== undefined) return { kind: 'pause', seconds: pause }
  const vocal = VOCALIZATIONS[key]
  if (vocal) return { kind: 'vocalization', name: vocal }
  const style = STYLE_ALIASES[key]
  if (style) return { kind: 'style', style: { ...STYLE_TAGS[style] } }
  return undefined
}

/** Combines a style change onto a style: whisper sticks, multipliers multiply. */
export function combineStyle(base: Readonly<SegmentStyle>, change: Partial<SegmentStyle>): SegmentStyle {
  return {
    whisper: base.whisper || change.whisper === true,
    volume: base.volume * (change.volume ?? 1),
    rate: base.rate * (change.rate ?? 1),
    pitch: base.pitch * (change.pitch ?? 1),
  }
}
