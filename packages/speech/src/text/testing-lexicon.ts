// Helpers for the number-word property tests: does a phrase use only words of a lexicon?

/** Splits on spaces (and hyphens when asked) and returns the words not in the lexicon. */
export function unknownWords(phrase: string, lexicon: ReadonlySet<string>, splitHyphens = false): string[] {
  return phrase.split(splitHyphens ? /[ -]/ : / /).filter((w) => !lexicon.has(w))
}

/** Whether a compound word is a concatenation of morphemes ("zweihundertdrei"). */
export function isCompoundOf(word: string, morphemes: readonly string[]): boolean {
  const ok: boolean[] = new Array(word.length + 1).fill(false)
  ok[0] = true
  for (let i = 0; i < word.length; i++) {
    if (!ok[i]) continue
    for (const m of morphemes) if (word.startsWith(m, i)) ok[i + m.length] = true
  }
  return ok[word.length] === true
}

/** Problems shared by every language: digits left, double or edge spaces, empty output. */
export function shapeProblems(phrase: string): string[] {
  const problems: string[] = []
  if (phrase === '') problems.push('empty')
  if (/\d/.test(phrase)) problems.push('digits left')
  if (/ {2}/.test(phrase)) problems.push('double space')
  if (phrase !== phrase.trim()) problems.push('space at an end')
  return problems
}
