// Timbre speaks to German users as "du". The formal "Sie" forms are written with a capital
// letter, which sets them apart from "sie"/"ihr"/"ihre" meaning she, they, her and their; only at
// the start of a sentence, where every word is capitalised, can a capital "Sie" or "Ihr" be a
// third person. So a capitalised formal word inside a sentence is always formal address, and one
// opening a sentence is formal unless the allow-list names that sentence as speaking of someone
// or something else. The web app checks its German locale file by the same rule.

const FORMAL = /(?<![\p{L}\p{N}])(Sie|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres|Ihnen)(?![\p{L}\p{N}])/gu
// Text before a word that opens a sentence: nothing, or an end of sentence or a colon (a whole
// sentence after a colon starts with a capital in German), then spaces or opening quotes.
const OPENS_SENTENCE = /(^|[.!?:])[\s„“"(]*$/u
// Text before the second word of a sentence: "Geben Sie", "Bitte geben Sie" is caught as mid-sentence.
const AFTER_FIRST_WORD = /(^|[.!?:])[\s„“"(]*\p{L}+\s+$/u

export type FormalReason = 'formal imperative' | 'formal pronoun' | 'formal pronoun opening a sentence'

export interface FormalFinding {
  key: string
  word: string
  reason: FormalReason
  /** The text from the word on, enough to find it. */
  at: string
}

/** A sentence that opens with "Sie" or "Ihr…" meaning a third person, and why. */
export interface ThirdPersonUse {
  key: string
  opening: string
  why: string
}

/** Every formal form of address in `texts` (key → text), less the allowed third-person uses. */
export function formalAddress(
  texts: ReadonlyMap<string, string>,
  allowed: readonly ThirdPersonUse[] = [],
): FormalFinding[] {
  const findings: FormalFinding[] = []
  for (const [key, text] of texts) {
    for (const match of text.matchAll(FORMAL)) {
      const before = text.slice(0, match.index)
      const at = text.slice(match.index, match.index + 40)
      const word = match[0]
      if (OPENS_SENTENCE.test(before)) {
        if (allowed.some((use) => use.key === key && text.startsWith(use.opening, match.index))) continue
        findings.push({ key, word, reason: 'formal pronoun opening a sentence', at })
      } else {
        const imperative = word === 'Sie' && AFTER_FIRST_WORD.test(before)
        findings.push({ key, word, reason: imperative ? 'formal imperative' : 'formal pronoun', at })
      }
    }
  }
  return findings
}

/**
 * A message table's texts by path. Texts made by functions are called with "X" for every
 * argument, so their fixed words are checked too.
 */
export function messageTexts(table: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [name, value] of Object.entries(table)) {
    const path = prefix ? `${prefix}.${name}` : name
    if (typeof value === 'string') out.set(path, value)
    else if (typeof value === 'function') out.set(path, String(value('X', 'X', 'X')))
    else if (value && typeof value === 'object')
      for (const entry of messageTexts(value, path)) out.set(...entry)
  }
  return out
}
