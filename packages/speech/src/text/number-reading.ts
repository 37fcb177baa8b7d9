// Parsing written numbers (signs, thousands groups, decimal separators) and reading them
// with a language pack.

import type { Gender, LanguagePack, PluralCategory } from './language-pack.js'
import { escapeRegExp } from './normalize-engine.js'

/** Integers up to this many digits are read as numbers; longer ones digit by digit. */
export const MAX_CARDINAL_DIGITS = 15

export interface ParsedNumber {
  negative: boolean
  /** Digits of the integer part, groups removed. */
  integer: string
  /** Digits after the decimal separator, if any. */
  fraction: string | undefined
  /** Whether the fraction followed a full stop in a comma language. */
  pointFraction: boolean
}

/** Regex source of a number in the pack's notation (sign, groups, decimals). */
export function numberSource(pack: LanguagePack): string {
  const groups = pack.groupSeparators.map(escapeRegExp).join('|')
  const integer = `(?:[1-9]\\d{0,2}(?:(?:${groups})\\d{3})+(?!\\d)|\\d+)`
  const fraction = pack.decimalSeparator === ',' ? '(?:,\\d+|\\.\\d{1,2}(?![\\d.]))?' : '(?:\\.\\d+)?'
  return `[-−]?${integer}${fraction}`
}

export function parseNumber(written: string, pack: LanguagePack): ParsedNumber {
  let rest = written
  const negative = rest.startsWith('-') || rest.startsWith('−')
  if (negative) rest = rest.slice(1)
  let fraction: string | undefined
  let pointFraction = false
  const comma = pack.decimalSeparator === ','
  const decimalAt = rest.lastIndexOf(pack.decimalSeparator)
  if (decimalAt >= 0) {
    fraction = rest.slice(decimalAt + 1)
    rest = rest.slice(0, decimalAt)
  } else if (comma) {
    const m = /\.(\d{1,2})$/.exec(rest)
    if (m) {
      fraction = m[1]
      pointFraction = true
      rest = rest.slice(0, m.index)
    }
  }
  return { negative, integer: rest.replace(/\D/g, ''), fraction, pointFraction }
}

export function isFractional(n: ParsedNumber): boolean {
  return n.fraction !== undefined
}

export function integerValue(n: ParsedNumber): number | undefined {
  return n.integer.length <= MAX_CARDINAL_DIGITS ? Number(n.integer) : undefined
}

export function pluralOf(n: ParsedNumber, pack: LanguagePack): PluralCategory {
  return pack.plural(integerValue(n) ?? 0, isFractional(n))
}

/** Reads digits one by one ("0049" -> "zero zero four nine"). */
export function readDigits(digits: string, pack: LanguagePack): string {
  return [...digits]
    .filter((d) => d >= '0' && d <= '9')
    .map((d) => pack.cardinal(Number(d)))
    .join(' ')
}

/** Reads a parsed number; `gender` agrees the integer with the noun that follows. */
export function readNumber(n: ParsedNumber, pack: LanguagePack, gender?: Gender): string {
  const value = integerValue(n)
  const words: string[] = []
  if (n.negative) words.push(pack.words.minus)
  words.push(
    value === undefined ? readDigits(n.integer, pack) : pack.cardinal(value, n.fraction ? undefined : gender),
  )
  if (n.fraction !== undefined) {
    words.push(n.pointFraction ? pack.words.point : pack.words.decimal)
    words.push(readFraction(n.fraction, pack))
  }
  return words.join(' ')
}

function readFraction(digits: string, pack: LanguagePack): string {
  if (pack.fractionDigits === 'digits' || digits.length > 6) return readDigits(digits, pack)
  const zeros = /^0*/.exec(digits)?.[0] ?? ''
  const rest = digits.slice(zeros.length)
  const parts = [...zeros].map(() => pack.cardinal(0))
  if (rest !== '') parts.push(pack.cardinal(Number(rest)))
  return parts.join(' ')
}
