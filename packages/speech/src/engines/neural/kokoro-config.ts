// A Kokoro model's config (`config.json` from its release: the vocabulary of phoneme symbols
// the model was trained on) and the way eSpeak NG's IPA becomes that vocabulary's tokens.
// Kokoro was trained on misaki's phonemes: one letter per diphthong and affricate (`I` for aɪ,
// `ʤ` for dʒ, ...), `ɹ` for r. misaki's own eSpeak fallback maps eSpeak's IPA the same way as
// below; misaki's English dictionaries are not used here, so a word may sound a little less
// natural than in Kokoro's own Python pipeline.
import { readFileSync } from 'node:fs'

export class KokoroConfigError extends Error {}

export interface KokoroConfig {
  /** Symbol to token id; id 0 is the pad at both ends of the input. */
  vocab: ReadonlyMap<string, number>
}

export function parseKokoroConfig(raw: unknown): KokoroConfig {
  const vocab = (raw as { vocab?: unknown } | null)?.vocab
  if (typeof vocab !== 'object' || vocab === null || Array.isArray(vocab))
    throw new KokoroConfigError('it has no "vocab" object (symbol to token id)')
  const map = new Map<string, number>()
  for (const [symbol, id] of Object.entries(vocab)) {
    if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 10_000)
      throw new KokoroConfigError(`vocab['${symbol}'] is not a token id`)
    map.set(symbol, id as number)
  }
  if (!map.has(' ')) throw new KokoroConfigError("vocab has no ' ' (the word separator)")
  return { vocab: map }
}

export function readKokoroConfig(path: string): KokoroConfig {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new KokoroConfigError(`cannot be read as JSON (${(error as Error).message})`)
  }
  return parseKokoroConfig(raw)
}

/** Kokoro's language letter (first letter of a voice name: `af_heart`) and what it means here. */
export interface KokoroLanguage {
  /** ISO 639-1. */
  language: string
  locale: string
  name: string
  /** eSpeak NG voice identifiers to phonemise with, first found wins. */
  espeak: readonly string[]
}

/**
 * The languages Kokoro phonemises with eSpeak NG itself (Spanish, French, Hindi, Italian,
 * Portuguese) plus English, whose misaki symbols eSpeak's IPA maps onto. Japanese (`j`) and
 * Mandarin (`z`) voices need misaki's own phonemisers and are not offered.
 */
export const KOKORO_LANGUAGES: Readonly<Record<string, KokoroLanguage>> = {
  a: { language: 'en', locale: 'en-US', name: 'American English', espeak: ['gmw/en-US', 'en-us'] },
  b: { language: 'en', locale: 'en-GB', name: 'British English', espeak: ['gmw/en', 'en'] },
  e: { language: 'es', locale: 'es-ES', name: 'Spanish', espeak: ['roa/es', 'es'] },
  f: { language: 'fr', locale: 'fr-FR', name: 'French', espeak: ['roa/fr', 'fr'] },
  h: { language: 'hi', locale: 'hi-IN', name: 'Hindi', espeak: ['inc/hi', 'hi'] },
  i: { language: 'it', locale: 'it-IT', name: 'Italian', espeak: ['roa/it', 'it'] },
  p: { language: 'pt', locale: 'pt-BR', name: 'Brazilian Portuguese', espeak: ['roa/pt-BR', 'pt-br'] },
}

// Longest first: a diphthong is replaced before its vowels are.
const COMMON: ReadonlyArray<[string, string]> = [
  ['aɪ', 'I'],
  ['aʊ', 'W'],
  ['eɪ', 'A'],
  ['ɔɪ', 'Y'],
  ['oʊ', 'O'],
  ['əʊ', 'Q'],
  ['dʒ', 'ʤ'],
  ['tʃ', 'ʧ'],
  ['dz', 'ʣ'],
  ['ts', 'ʦ'],
]
const ENGLISH: ReadonlyArray<[string, string]> = [
  ['ʔn̩', 'tᵊn'],
  ['n̩', 'ᵊn'],
  ['l̩', 'ᵊl'],
  ['ɚ', 'əɹ'],
  ['ɝ', 'ɜɹ'],
  ['ʔ', 't'],
  ['r', 'ɹ'],
  ['x', 'k'],
  ['ç', 'k'],
  ['ɐ', 'ə'],
  ['ɬ', 'l'],
  ['ʲ', ''],
]

/** One word's eSpeak IPA in Kokoro's symbols (`letter`: the voice's language letter). */
export function kokoroSymbols(ipa: string, letter: string): string {
  let out = ipa.normalize('NFC')
  const english = letter === 'a' || letter === 'b'
  for (const [from, to] of english ? [...ENGLISH, ...COMMON] : COMMON) out = out.split(from).join(to)
  // misaki's American symbols carry no length marks; its British ones do.
  if (letter === 'a') out = out.replaceAll('ː', '')
  return out
}

export interface KokoroTokens {
  /** Token ids without the pads (the model's input is 0, ...ids, 0). */
  ids: number[]
  /** Per word: the first and one-past-last index into `ids`. */
  wordRanges: Array<[number, number]>
  /** Symbols the vocabulary does not have (left out). */
  missing: string[]
}

/** Kokoro accepts at most 510 tokens between its pads. */
export const KOKORO_MAX_TOKENS = 510

export function kokoroTokens(
  words: ReadonlyArray<{ ipa: string; punctuation: string }>,
  vocab: ReadonlyMap<string, number>,
  letter: string,
): KokoroTokens {
  const ids: number[] = []
  const wordRanges: Array<[number, number]> = []
  const missing: string[] = []
  const push = (symbol: string) => {
    const id = vocab.get(symbol)
    if (id === undefined) missing.push(symbol)
    else if (ids.length < KOKORO_MAX_TOKENS) ids.push(id)
  }
  for (const [i, word] of words.entries()) {
    const start = ids.length
    if (i > 0) push(' ')
    for (const symbol of kokoroSymbols(word.ipa, letter)) push(symbol)
    for (const symbol of word.punctuation) push(symbol)
    wordRanges.push([start, ids.length])
  }
  return { ids, wordRanges, missing }
}
