// Finding vocabulary words in free text: Latin-script words match whole words only (so 'rock'
// does not match 'rocket'); words in other scripts, written without spaces, match anywhere.

const LATIN = /^[\p{Script=Latin}\d\s&'-]+$/u
const patterns = new Map<string, RegExp>()

function escapeRegExp(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

export function normalise(text: string): string {
  return text.toLowerCase().normalize('NFC')
}

/** Where `word` occurs in `text` (already normalised), or -1. */
export function findWord(text: string, word: string): number {
  if (!LATIN.test(word)) return text.indexOf(word)
  let pattern = patterns.get(word)
  if (!pattern) {
    // Longer words also match their inflected forms ("trauriges", "lentos", "pianos").
    const ending = word.length >= 5 ? '(?:e|es|er|en|em|s|a|as|o|os|y|ym|ie|ą|ej)?' : ''
    pattern = new RegExp(`(?<![\\p{L}\\d])${escapeRegExp(word)}${ending}(?![\\p{L}\\d])`, 'u')
    patterns.set(word, pattern)
  }
  const match = pattern.exec(text)
  return match ? match.index : -1
}

/** The earliest position of any of the words, or -1. */
export function firstOf(text: string, words: readonly string[]): number {
  let best = -1
  for (const word of words) {
    const at = findWord(text, word)
    if (at >= 0 && (best < 0 || at < best)) best = at
  }
  return best
}

export function hasAny(text: string, words: readonly string[]): boolean {
  return firstOf(text, words) >= 0
}

// "no drums", "without vocals", "ohne Schlagzeug", "sin batería", "sans batterie", ...
const NEGATIONS = [
  'no',
  'without',
  'minus',
  'ohne',
  'kein',
  'keine',
  'sans',
  'pas de',
  'sin',
  'sem',
  'senza',
  'bez',
  'utan',
  'inga',
  'なし',
  'बिना',
]
const NEGATION = new RegExp(
  `(?<![\\p{L}])(?:${NEGATIONS.filter((w) => LATIN.test(w))
    .map(escapeRegExp)
    .join(
      '|',
    )})\\s+((?:[\\p{L}\\d&'-]+)(?:\\s+(?:and|or|und|oder|et|ou|y|o|e|i|lub|och|eller)\\s+[\\p{L}\\d&'-]+)*)`,
  'giu',
)

/**
 * Splits a prompt into what it asks for and what it rules out: the words after a negation
 * ("no drums or bass") are removed from the positive text and returned as negatives.
 */
export function splitNegations(prompt: string): { positive: string; negatives: string[] } {
  const text = normalise(prompt)
  const negatives: string[] = []
  const positive = text.replace(NEGATION, (_all, named: string) => {
    for (const part of named.split(/\s+(?:and|or|und|oder|et|ou|y|o|e|i|lub|och|eller)\s+/u)) {
      negatives.push(part.trim())
    }
    return ' '
  })
  return { positive, negatives }
}
