// Reads a sound-effect prompt as a small score: which sounds, how many of each, in what order,
// for how long, how loud and how far, and which run underneath the rest.
//
// Rules it implements:
// - "then", "followed by", "after that", "and then", "before", "next", "finally" and full stops
//   separate steps that play one after another.
// - "while", "during", "over", "amid", "under", "as", "with ... in the background" and
//   "... in the background" mark a bed: it plays under everything else.
// - Within a step, parts joined by "and", "with", "plus" or commas also play in the order written.
// - A prompt of one step plays its sustained sounds (rain, an engine) as beds, unless a duration
//   is written for them; in a sequence they take their turn like any event.
// - Each part names one sound type: the type matching the most of its words wins (words shared
//   by several types count for less; on a tie an event beats a sustained sound).
import { type Modifiers, NEUTRAL_MODIFIERS, type SoundType } from '../types.js'
import { TYPES_BY_WORD, VOCABULARY } from '../vocabulary/index.js'
import { takeCount, takeDuration } from './quantities.js'

export interface PromptPart {
  typeId: string
  /** How many separate events (for a sustained sound, separate stretches). */
  count: number
  /** True when the prompt wrote the count; otherwise the type's default. */
  countGiven: boolean
  /** Seconds written for this part ("for 5 seconds"), or null. */
  seconds: number | null
  mods: Modifiers
}

export interface ParsedPrompt {
  /** Played one after another, in this order. */
  sequence: PromptPart[]
  /** Played under the sequence for the whole length. */
  beds: PromptPart[]
}

const SEQUENCE_SPLIT =
  /\b(?:and\s+then|then|followed\s+by|after\s+that|afterwards|before|next|finally|later)\b|[.;!?]+/
const PART_SPLIT = /,|\band\b|\bwith\b|\bplus\b|&/
const BACKGROUND_WITH = /\bwith\s+([^,.;!?]*?)\s+in\s+the\s+background\b/
const BACKGROUND = /([^,.;!?]*?)\s+in\s+the\s+background\b/
const SIMULTANEOUS = /\b(?:while|during|over|amid|amidst|under|as)\b([^,.;!?]*)/

/** Lower-case words, each followed by its likely stems (barks, barking, barked: bark). */
export function wordsOf(phrase: string): string[][] {
  const words = phrase.toLowerCase().match(/[a-z][a-z-]*/g) ?? []
  return words.map((w) => {
    const forms = [w]
    const strip = (suffix: string, add = '') => {
      if (w.length > suffix.length + 2 && w.endsWith(suffix)) {
        const stem = w.slice(0, -suffix.length) + add
        forms.push(stem)
        // slamming, slammed: slam
        if (/([b-df-hj-np-tv-z])\1$/.test(stem)) forms.push(stem.slice(0, -1))
      }
    }
    strip('ies', 'y')
    strip('es')
    strip('s')
    strip('ing')
    strip('ed')
    return forms
  })
}

/** The sound type a phrase names, or null when it names none. */
export function typeOfPhrase(phrase: string): SoundType | null {
  const scores = new Map<SoundType, number>()
  for (const forms of wordsOf(phrase)) {
    const seen = new Set<SoundType>()
    for (const form of forms) {
      const types = TYPES_BY_WORD.get(form)
      if (!types) continue
      for (const type of types) {
        if (seen.has(type)) continue
        seen.add(type)
        scores.set(type, (scores.get(type) ?? 0) + 1 / types.length)
      }
    }
  }
  let best: SoundType | null = null
  let bestScore = 0
  for (const type of VOCABULARY) {
    const score = scores.get(type) ?? 0
    if (score === 0) continue
    const better =
      score > bestScore + 1e-9 ||
      (Math.abs(score - bestScore) < 1e-9 && best?.kind === 'sustained' && type.kind === 'event')
    if (better) {
      best = type
      bestScore = score
    }
  }
  return best
}

/** Loudness, distance, size, speed and material words of one phrase. */
export function modifiersOf(phrase: string): Modifiers {
  const words = new Set(wordsOf(phrase).map((forms) => forms[0]!))
  const any = (...w: string[]) => w.some((x) => words.has(x))
  const mods = { ...NEUTRAL_MODIFIERS }
  if (any('big', 'huge', 'large', 'heavy', 'deep', 'giant', 'massive')) mods.size = 1.4
  if (any('small', 'tiny', 'little', 'light', 'thin')) mods.size = 0.75
  if (any('fast', 'quick', 'rapid', 'hurried', 'frantic')) mods.speed = 1.5
  if (any('slow', 'slowly', 'lazy')) mods.speed = 0.7
  if (any('loud', 'strong', 'intense', 'violent', 'powerful')) mods.intensity = 1.5
  if (any('soft', 'quiet', 'gentle', 'faint', 'subtle', 'softly', 'quietly')) mods.intensity = 0.6
  if (any('distant', 'far', 'faraway', 'far-away', 'muffled', 'outside')) mods.distance = 0.7
  mods.metallic = any('metallic', 'steel', 'iron', 'tin')
  return mods
}

function partOf(phrase: string): PromptPart | null {
  const duration = takeDuration(phrase)
  const counted = takeCount(duration.rest)
  const type = typeOfPhrase(counted.rest)
  if (!type) return null
  return {
    typeId: type.id,
    count: counted.count ?? type.defaultCount ?? 1,
    countGiven: counted.count !== null,
    seconds: duration.seconds,
    mods: modifiersOf(phrase),
  }
}

/**
 * The parts of one step. Neighbours naming the same sound with no count of their own are one
 * sound told twice ("a door opens with a creak", "an engine starting and idling").
 */
function partsOf(clause: string): PromptPart[] {
  const parts: PromptPart[] = []
  for (const part of clause.split(PART_SPLIT).map(partOf)) {
    if (!part) continue
    const last = parts[parts.length - 1]
    if (last && last.typeId === part.typeId && !last.countGiven && !part.countGiven) continue
    parts.push(part)
  }
  return parts
}

/** "with X in the background", or "X in the background" where X is the last part before it. */
function backgroundOf(text: string): RegExpMatchArray | null {
  const withWord = text.match(BACKGROUND_WITH)
  if (withWord) return withWord
  const bare = text.match(BACKGROUND)
  if (!bare) return null
  const pieces = bare[1]!.split(new RegExp(`${SEQUENCE_SPLIT.source}|${PART_SPLIT.source}`))
  const last = pieces[pieces.length - 1]!
  const m = [`${last} in the background`, last] as unknown as RegExpMatchArray
  return m
}

/** Reads a prompt into its sequence and beds. */
export function parsePrompt(text: string): ParsedPrompt {
  let rest = ` ${text.toLowerCase().replace(/\s+/g, ' ')} `
  const beds: PromptPart[] = []
  for (let guard = 0; guard < 8; guard++) {
    const background = backgroundOf(rest)
    const marked = background ?? rest.match(SIMULTANEOUS)
    if (!marked) break
    // The bed's words run to the next step ("while it rains then a door slams").
    const clause = background ? marked[1]! : marked[1]!.split(SEQUENCE_SPLIT)[0]!
    const found = partsOf(clause)
    beds.push(...found)
    const whole = background ? marked[0] : marked[0].slice(0, marked[0].length - marked[1]!.length) + clause
    // "over" or "as" before no sound ("flies over the house") is only a word: drop the marker.
    rest = rest.replace(whole, found.length > 0 ? ' ' : whole.replace(/^\s*\w+/, ' '))
  }
  const steps = rest
    .split(SEQUENCE_SPLIT)
    .map(partsOf)
    .filter((s) => s.length > 0)
  const sequence = steps.flat()
  if (steps.length <= 1) {
    // One step: its sustained sounds are the ground the events happen on.
    for (const p of sequence.filter(
      (p) => kindOf(p) === 'sustained' && p.seconds === null && !p.countGiven,
    )) {
      beds.push(p)
      sequence.splice(sequence.indexOf(p), 1)
    }
  }
  return { sequence, beds: dedupe(beds) }
}

function kindOf(part: PromptPart) {
  return VOCABULARY.find((t) => t.id === part.typeId)!.kind
}

function dedupe(parts: PromptPart[]): PromptPart[] {
  const seen = new Set<string>()
  return parts.filter((p) => !seen.has(p.typeId) && seen.add(p.typeId))
}
