// The scanner every language's normaliser runs: it walks the text, and at each place where
// something may need reading out (a digit, the start of a word, a symbol) tries the rules in
// order. The first rule that matches and returns words replaces the match.
import { applyEdits, type Edit, type MappedText } from './mapped-text.js'
import { dotContinues } from './sentence-splitter.js'

export type RuleStart = 'digit' | 'word' | 'symbol'

export interface RuleContext {
  /** The whole text being normalised. */
  text: string
  /** Where the match starts and ends. */
  start: number
  end: number
}

export interface NormRule {
  at: readonly RuleStart[]
  /** Matched with `lastIndex = start`; compiled sticky and unicode by `rule()`. */
  re: RegExp
  /** Words to say instead of the match, or undefined to let later rules try. */
  apply(match: RegExpExecArray, context: RuleContext): string | undefined
}

export function rule(
  at: readonly RuleStart[],
  source: string,
  apply: NormRule['apply'],
  flags = '',
): NormRule {
  return { at, re: new RegExp(source, `yu${flags}`), apply }
}

const DIGIT = /[0-9]/
const LETTER = /[\p{L}\p{M}]/u
const WORD = /[\p{L}\p{M}\p{N}]/u

export function runRules(mapped: MappedText, rules: readonly NormRule[], language: string): MappedText {
  const text = mapped.text
  const byStart: Record<RuleStart, NormRule[]> = {
    digit: rules.filter((r) => r.at.includes('digit')),
    word: rules.filter((r) => r.at.includes('word')),
    symbol: rules.filter((r) => r.at.includes('symbol')),
  }
  const edits: Edit[] = []
  let i = 0
  while (i < text.length) {
    const ch = text[i] ?? ''
    const prev = text[i - 1]
    let kind: RuleStart | undefined
    if (DIGIT.test(ch)) kind = prev !== undefined && DIGIT.test(prev) ? undefined : 'digit'
    else if (LETTER.test(ch)) kind = prev !== undefined && WORD.test(prev) ? undefined : 'word'
    else if (ch.trim() !== '') kind = 'symbol'
    const hit = kind ? tryRules(text, i, byStart[kind], language) : undefined
    if (hit) {
      edits.push(hit)
      i = hit.end
      continue
    }
    // Skip the rest of a word or a digit run nothing matched.
    i++
    if (LETTER.test(ch)) while (i < text.length && LETTER.test(text[i] ?? '')) i++
    else if (DIGIT.test(ch)) while (i < text.length && DIGIT.test(text[i] ?? '')) i++
  }
  return applyEdits(mapped, edits)
}

function tryRules(
  text: string,
  start: number,
  rules: readonly NormRule[],
  language: string,
): Edit | undefined {
  for (const r of rules) {
    r.re.lastIndex = start
    const m = r.re.exec(text)
    if (!m || m[0].length === 0) continue
    const end = start + m[0].length
    const words = r.apply(m, { text, start, end })
    if (words === undefined) continue
    // Words replacing the start of a sentence start with a capital, so the sentence splitter
    // still sees a new sentence there ("… 10%. -5 °C" -> "… ten percent. Minus five …").
    let spoken = atSentenceStart(text, start, language) ? capitalize(words) : words
    // Keep words apart from letters glued to the match ("MP3" -> "MP three", "3D" -> "three D").
    if (WORD.test(text[start - 1] ?? '') && WORD.test(spoken.charAt(0))) spoken = ` ${spoken}`
    if (WORD.test(text[end] ?? '') && WORD.test(spoken.charAt(spoken.length - 1))) spoken = `${spoken} `
    return { start, end, text: spoken }
  }
  return undefined
}

const TERMINATORS = new Set([...'.!?…'])
const CLOSERS = new Set([...'"\'”’»)]'])

function atSentenceStart(text: string, start: number, language: string): boolean {
  let i = start - 1
  while (i >= 0 && /\s/u.test(text[i] ?? '')) i--
  if (i < 0) return true
  if (i === start - 1) return false
  while (i >= 0 && CLOSERS.has(text[i] ?? '')) i--
  if (i < 0 || !TERMINATORS.has(text[i] ?? '')) return false
  // A full stop of an abbreviation ("bzw. 5", "np. 2") does not end a sentence.
  return !(text[i] === '.' && text[i - 1] !== '.' && dotContinues(text, i, start, language))
}

function capitalize(words: string): string {
  const first = words.charAt(0)
  return first.toUpperCase() + words.slice(1)
}

/**
 * For rules whose match ends with a full stop that may also end the sentence ("2 p.m. Then",
 * "am 15.03. Dann"): the words plus a full stop when a capital or the end follows.
 */
export function keepFinalStop(words: string, match: string, text: string, end: number): string {
  if (!match.endsWith('.')) return words
  return /^(?:\s+\p{Lu}|\s*$)/u.test(text.slice(end, end + 8)) ? `${words}.` : words
}

/** The word before `index` (letters, digits, dots), or ''. */
export function wordBefore(text: string, index: number): string {
  return /([\p{L}\p{M}\p{N}.']+)[\s\u00a0]*$/u.exec(text.slice(Math.max(0, index - 40), index))?.[1] ?? ''
}

/** The word after `index`, or ''. */
export function wordAfter(text: string, index: number): string {
  return /^[\s\u00a0]*([\p{L}\p{M}\p{N}]+)/u.exec(text.slice(index, index + 40))?.[1] ?? ''
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}
