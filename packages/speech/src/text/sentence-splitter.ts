// Sentence splitting for every language we plan. A sentence ends at . ! ? … (and their
// runs, "?!", "..."), followed by closing quotes or brackets and then white space, unless
// the next word starts with a lower-case letter or the full stop belongs to an
// abbreviation, an initial or an ordinal before a month. Chinese and Japanese 。！？, Hindi
// danda । ॥ and the full-width marks end a sentence without needing a space. A blank line
// always ends a sentence; a single line break does too unless the next line starts in lower
// case. Decimal numbers, URLs and e-mail addresses contain no space after their dots, so
// they never split.
import { isLowercase, isWhitespace } from './char-classes.js'
import { BEFORE_NUMBER_ABBREVIATIONS, noSplitAbbreviations, ordinalDotMonths } from './split-abbreviations.js'

export interface TextRange {
  start: number
  end: number
}

/** Index of the first sorted range that ends after `pos` (binary search). */
export function firstEndingAfter(ranges: readonly TextRange[], pos: number): number {
  let lo = 0
  let hi = ranges.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((ranges[mid]?.end ?? 0) <= pos) lo = mid + 1
    else hi = mid
  }
  return lo
}

export interface SplitOptions {
  /** Positions where a new sentence must start (the planner's line breaks). */
  hardBreaks?: ReadonlySet<number>
  /** Ranges that must not be split (phoneme pieces). */
  protectedRanges?: readonly TextRange[]
}

const TERMINATORS = new Set([...'.!?…‼⁇⁈⁉؟'])
const SPACELESS_TERMINATORS = new Set([...'。！？｡．।॥'])
const CLOSERS = new Set([...'"\'”’»)]}」』）›'])

/** Splits text into sentence ranges, trimmed of white space, in order. */
export function splitSentences(text: string, language: string, options: SplitOptions = {}): TextRange[] {
  const ranges: TextRange[] = []
  const hardBreaks = options.hardBreaks
  const protectedRanges = options.protectedRanges ?? []
  let guard = 0
  let start = skipSpace(text, 0)
  const cut = (end: number, next: number): void => {
    const trimmedEnd = trimEnd(text, start, end)
    if (trimmedEnd > start) ranges.push({ start, end: trimmedEnd })
    start = next
  }
  let i = start
  while (i < text.length) {
    while (guard < protectedRanges.length && (protectedRanges[guard]?.end ?? 0) <= i) guard++
    const range = protectedRanges[guard]
    if (range && range.start <= i && i < range.end) {
      i = range.end
      continue
    }
    const ch = text[i] ?? ''
    if (i > start && hardBreaks?.has(i)) cut(i, i)
    if (ch === '\n') {
      const next = skipSpace(text, i)
      const breaks = text.slice(i, next).replace(/[^\n]/g, '').length
      if (next < text.length && (breaks >= 2 || !isLowercase(text[next]))) cut(i, next)
      i = next
      continue
    }
    if (SPACELESS_TERMINATORS.has(ch)) {
      let k = i + 1
      while (k < text.length && (SPACELESS_TERMINATORS.has(text[k] ?? '') || CLOSERS.has(text[k] ?? ''))) k++
      const next = skipSpace(text, k)
      cut(k, next)
      i = next
      continue
    }
    if (TERMINATORS.has(ch)) {
      let k = i
      while (k < text.length && TERMINATORS.has(text[k] ?? '')) k++
      while (k < text.length && CLOSERS.has(text[k] ?? '')) k++
      if (k < text.length && !isWhitespace(text[k])) {
        i = k
        continue
      }
      const next = skipSpace(text, k)
      if (next >= text.length) break
      const single = k - i === 1 || (k - i > 1 && CLOSERS.has(text[i + 1] ?? ''))
      const keep = isLowercase(text[next]) || (ch === '.' && single && dotContinues(text, i, next, language))
      if (!keep) cut(k, next)
      i = next
      continue
    }
    i++
  }
  cut(text.length, text.length)
  return ranges
}

/** Whether a single full stop at `dot` is part of an abbreviation, initial or ordinal. */
export function dotContinues(text: string, dot: number, next: number, language: string): boolean {
  const word = /[\p{L}\p{M}\p{N}.'’-]*$/u.exec(text.slice(Math.max(0, dot - 40), dot))?.[0] ?? ''
  if (word === '') return false
  const lower = word.toLowerCase()
  if (/^\p{L}$/u.test(word)) return true
  if (/^(?:\p{L}{1,3}\.)+\p{L}{1,3}$/u.test(word)) return true
  if (noSplitAbbreviations(language).has(lower)) return true
  const nextChar = text[next] ?? ''
  if (/\p{N}/u.test(nextChar) && BEFORE_NUMBER_ABBREVIATIONS.has(lower)) return true
  if (/^\p{N}+$/u.test(word)) {
    const nextWord = /^\p{L}+/u.exec(text.slice(next, next + 20))?.[0]?.toLowerCase() ?? ''
    if (ordinalDotMonths(language).has(nextWord)) return true
  }
  return false
}

function skipSpace(text: string, from: number): number {
  let i = from
  while (i < text.length && isWhitespace(text[i])) i++
  return i
}

function trimEnd(text: string, start: number, end: number): number {
  let e = end
  while (e > start && isWhitespace(text[e - 1])) e--
  return e
}
