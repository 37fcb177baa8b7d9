import type { DrumPatternId } from './drum-patterns.js'
import { type BassStyle, GENRES, type GenreDef, genreById, type HarmonyStyle } from './genres.js'
import { BASS_WORDS, DRUM_WORDS, INSTRUMENTS, MELODY_WORDS, MOODS, VOCAL_WORDS } from './moods.js'
import { createRandom, hashText } from './random.js'
import { type SingingVoice, singingVoice } from './voices.js'
import { findWord, firstOf, hasAny, normalise } from './words.js'

export type Mode = 'major' | 'minor'

/** Everything the composer needs to know about a song's sound, resolved from its styles. */
export interface MusicStyle {
  genre: GenreDef
  genres: string[]
  moods: string[]
  instruments: string[]
  bpm: number
  /** Pitch class of the tonic, 0 = C. */
  root: number
  mode: Mode
  beatsPerBar: 3 | 4
  chordsPerBar: 1 | 2
  lead: number | null
  harmony: number | null
  bass: number | null
  extra: number | null
  drums: DrumPatternId | null
  harmonyStyle: HarmonyStyle
  bassStyle: BassStyle
  energy: number
  swing: number
  register: number
  vocals: boolean
  /** Who sings the lines. */
  voice: SingingVoice
}

const NOTE_NAMES = ['c', 'c#', 'd', 'd#', 'e', 'f', 'f#', 'g', 'g#', 'a', 'a#', 'b']
const FLATS: Record<string, string> = { db: 'c#', eb: 'd#', gb: 'f#', ab: 'g#', bb: 'a#' }
export const KEY_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B']

const MINOR_WORDS = ['minor', 'moll', 'mineur', 'menor', 'molowy', 'moll-', 'minore', '短調', 'माइनर']
const MAJOR_WORDS = ['major', 'dur', 'majeur', 'mayor', 'maior', 'durowy', 'maggiore', '長調', 'मेजर']
const SLOW_WORDS = [
  'slow',
  'slowly',
  'langsam',
  'lent',
  'lente',
  'lento',
  'lenta',
  'wolny',
  'wolno',
  'powolny',
  'långsam',
  'ゆっくり',
  'スロー',
  'धीमा',
  'धीमी',
]
const FAST_WORDS = [
  'fast',
  'quick',
  'uptempo',
  'up-tempo',
  'schnell',
  'rapide',
  'rápido',
  'rápida',
  'veloz',
  'szybki',
  'szybko',
  'snabb',
  '速い',
  'アップテンポ',
  'तेज़',
  'तेज',
]
const SOFT_WORDS = [
  'soft',
  'quiet',
  'gentle',
  'sparse',
  'minimal',
  'leise',
  'doux',
  'suave',
  'cichy',
  'tyst',
  '静か',
  'धीमे',
]
const LOUD_WORDS = [
  'loud',
  'powerful',
  'heavy',
  'big',
  'huge',
  'driving',
  'laut',
  'kraftvoll',
  'puissant',
  'fuerte',
  'potente',
  'głośny',
  'kraftfull',
  '力強い',
  'शक्तिशाली',
]
const SOLO_WORDS = ['solo', 'only', 'alone', 'allein', 'seul', 'sólo', 'só', 'tylko', 'ensam', 'ソロ', 'एकल']

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

function parseKey(text: string): { root: number | null; mode: Mode | null } {
  const match =
    /(?<![\p{L}])([a-g])\s*(#|♯|b|♭|-sharp|-flat| sharp| flat)?\s*(-|\s)?\s*(major|minor|maj|min|dur|moll|majeur|mineur|mayor|menor|maior)(?![\p{L}])/u.exec(
      text,
    )
  let root: number | null = null
  let mode: Mode | null = null
  if (match?.[1]) {
    const accidental = match[2]?.trim() ?? ''
    const sharp = accidental === '#' || accidental === '♯' || accidental.endsWith('sharp')
    const flat = accidental === 'b' || accidental === '♭' || accidental.endsWith('flat')
    let name = match[1] + (sharp ? '#' : flat ? 'b' : '')
    name = FLATS[name] ?? name
    const index = NOTE_NAMES.indexOf(name)
    root = index >= 0 ? index : flat ? (NOTE_NAMES.indexOf(match[1]) + 11) % 12 : null
    mode = /maj|dur|mayor|maior/u.test(match[4] ?? '') ? 'major' : 'minor'
  } else if (hasAny(text, MINOR_WORDS)) mode = 'minor'
  else if (hasAny(text, MAJOR_WORDS)) mode = 'major'
  return { root, mode }
}

function named<T extends { words: string[] }>(text: string, items: readonly T[]): T[] {
  return items
    .map((item) => ({ item, at: firstOf(text, item.words) }))
    .filter((hit) => hit.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((hit) => hit.item)
}

/**
 * Resolves a song's style from the words of its positive styles and the things its negative
 * styles rule out. The seed picks among what the words leave open (the key, the exact tempo,
 * which of the genre's instruments).
 */
export function resolveStyle(input: {
  positive: string
  negatives: readonly string[]
  seed: number
}): MusicStyle {
  const text = normalise(input.positive)
  const negative = normalise(input.negatives.join(', '))
  const random = createRandom(hashText('style', input.seed))
  const bannedGenres = new Set(named(negative, GENRES).map((g) => g.id))
  const genres = named(text, GENRES).filter((g) => !bannedGenres.has(g.id))
  const moods = named(text, MOODS).filter((m) => !hasAny(negative, m.words))
  const banned = new Set(named(negative, INSTRUMENTS).map((i) => i.program))
  const instruments = named(text, INSTRUMENTS).filter((i) => !banned.has(i.program))
  const fallback = moods.some((m) => m.energy <= -0.25) ? 'ambient' : 'pop'
  const genre = genres[0] ?? genreById(bannedGenres.has(fallback) ? 'folk' : fallback)

  const allowed = (programs: readonly number[]) => programs.filter((p) => !banned.has(p))
  const choose = (programs: readonly number[], spare: readonly number[]): number | null => {
    const left = allowed(programs)
    if (left.length > 0) return random.pick(left)
    const other = allowed(spare)
    return other.length > 0 ? (other[0] ?? null) : null
  }
  const borrowed = genres.slice(1)
  let lead = choose(genre.lead, [...borrowed.flatMap((g) => g.lead), 0, 73, 40])
  let harmony = choose(genre.harmony, [...borrowed.flatMap((g) => g.harmony), 48, 0, 89])
  let bass = choose(genre.bass, [32, 33, 42])
  const leads = instruments.filter((i) => i.role === 'lead')
  const harmonies = instruments.filter((i) => i.role === 'harmony')
  const basses = instruments.filter((i) => i.role === 'bass')
  if (leads[0]) lead = leads[0].program
  if (harmonies[0]) harmony = harmonies[0].program
  if (basses[0]) bass = basses[0].program
  const solo = instruments.length === 1 && hasAny(text, SOLO_WORDS)
  // One named keyboard or guitar and no named lead: it plays the tune as well.
  if (instruments.length === 1 && harmonies[0] && (leads.length === 0 || solo)) lead = harmonies[0].program
  if (solo && instruments[0]) {
    harmony = instruments[0].program
    lead = instruments[0].program
    bass = instruments[0].role === 'bass' ? instruments[0].program : null
  }

  let drums: DrumPatternId | null = genre.drums ?? genres.find((g) => g.drums)?.drums ?? null
  if (!drums && hasAny(text, DRUM_WORDS)) drums = genre.energy > 0.6 ? 'rock' : 'ballad'
  if (solo) drums = null
  if (hasAny(negative, DRUM_WORDS)) drums = null
  if (hasAny(negative, BASS_WORDS)) bass = null
  if (hasAny(negative, MELODY_WORDS)) lead = null

  const moodTempo = moods.reduce((factor, m) => factor * m.tempo, 1)
  const moodEnergy = moods.reduce((sum, m) => sum + m.energy, 0)
  const moodMode = moods.reduce((sum, m) => sum + m.mode, 0)
  let bpm = random.int(genre.bpm[0], genre.bpm[1]) * moodTempo
  if (hasAny(text, SLOW_WORDS)) bpm = Math.max(56, Math.min(bpm * 0.8, 84))
  if (hasAny(text, FAST_WORDS)) bpm = Math.min(160, Math.max(bpm * 1.1, 132))
  if (hasAny(negative, FAST_WORDS)) bpm = Math.min(bpm, 100)
  if (hasAny(negative, SLOW_WORDS)) bpm = Math.max(bpm, 100)
  const explicitBpm = /(\d{2,3})\s*(?:bpm|beats per minute)/u.exec(text)
  if (explicitBpm?.[1]) bpm = Number(explicitBpm[1])
  bpm = Math.round(clamp(bpm, explicitBpm ? 40 : 52, 220))

  const key = parseKey(text)
  const moodPick: Mode | null = moodMode < 0 ? 'minor' : moodMode > 0 ? 'major' : null
  const genreMode: Mode = genre.mode === 'either' ? (random.chance(0.5) ? 'major' : 'minor') : genre.mode
  const mode = key.mode ?? moodPick ?? genreMode
  const root = key.root ?? random.int(0, 11)

  let energy = genre.energy + moodEnergy
  if (hasAny(text, SOFT_WORDS)) energy -= 0.25
  if (hasAny(text, LOUD_WORDS)) energy += 0.2
  return {
    genre,
    genres: (genres.length > 0 ? genres : [genre]).map((g) => g.name),
    moods: moods.map((m) => m.id),
    instruments: instruments.map((i) => i.id),
    bpm,
    root,
    mode,
    beatsPerBar: genre.beatsPerBar ?? 4,
    chordsPerBar: genre.chordsPerBar ?? 1,
    lead,
    harmony,
    bass,
    extra: genre.extra ? choose(genre.extra, []) : null,
    drums,
    harmonyStyle: genre.harmonyStyle,
    bassStyle: genre.bassStyle,
    energy: clamp(energy, 0.05, 1),
    swing: genre.swing ?? 0,
    register: clamp(
      moods.reduce((sum, m) => sum + m.register, 0),
      -1,
      1,
    ),
    vocals: !hasAny(negative, VOCAL_WORDS) && findWord(text, 'instrumental') < 0,
    voice: singingVoice(text, input.seed),
  }
}

/** "A minor", "Eb major". */
export function keyName(style: Pick<MusicStyle, 'root' | 'mode'>): string {
  return `${KEY_NAMES[style.root] ?? 'C'} ${style.mode}`
}
