// What a language gives the normaliser: number words, forms of nouns after numbers, and
// the words for dates, times, money, units and symbols. One pack per language
// (`lang-en.ts`, `lang-de.ts`, ...); the rules that use them are shared (`normalize-rules.ts`).
import type { NormRule } from './normalize-engine.js'

/** Grammatical gender of the noun a number counts (Swedish: 'm' = common gender, 'n' = neuter). */
export type Gender = 'm' | 'f' | 'n'

/** Which form of a noun follows a number: Polish needs all four; most languages one and many. */
export type PluralCategory = 'one' | 'few' | 'many' | 'fraction'

export interface NounForms {
  one: string
  /** Polish 2-4 (22-24, ...); defaults to `many`. */
  few?: string
  many: string
  /** After a decimal number; defaults to `many`. */
  fraction?: string
  gender?: Gender
}

export type CurrencyCode = 'USD' | 'EUR' | 'GBP' | 'PLN' | 'SEK' | 'BRL' | 'JPY' | 'CHF'

export interface CurrencyWords {
  major: NounForms
  minor?: NounForms
}

export interface SpokenWords {
  minus: string
  /** The language's own decimal separator, spoken. */
  decimal: string
  /** A full stop used as decimal point in a comma language ("3.5" in German text). */
  point: string
  and: string
  plus: string
  equals: string
  at: string
  dot: string
  slash: string
  colon: string
  dash: string
  underscore: string
  /** Before a number: "#5" -> "number five". */
  number: string
  /** Between a money amount's major and minor part ("and", "con", "och"; '' for none). */
  moneyJoin: string
}

export interface DateParts {
  year?: number
  month: number
  day: number
}

/** The words around a match, for rules that read differently in context. */
export interface Surroundings {
  prevWord: string
  nextWord: string
}

export interface ScaleWord {
  /** Regex source of the written forms ("Mio\\.|Millionen?"). */
  pattern: string
  forms: NounForms
  /** Joins the number and scale to a currency name: "of" languages need "de". */
  currencyJoin?: (currencyName: string) => string
  /** Only after a currency sign ("$5m" is five million dollars, "5m" is five metres). */
  moneyOnly?: boolean
}

export interface AbbreviationEntry {
  /** As written; a space matches an optional space ("z. B." also matches "z.B."). */
  written: string
  spoken: string
  /** Also match other letter cases. */
  anyCase?: boolean
  /** Only before a capitalised word (titles: "Dr. Smith") or before a number ("No. 5"). */
  before?: 'name' | 'number'
  /** Can end a sentence ("etc."): keeps the full stop when a sentence ends there. */
  canEndSentence?: boolean
}

export interface LanguagePack {
  code: string
  decimalSeparator: '.' | ','
  /** Thousands separators accepted between groups of three digits. */
  groupSeparators: readonly string[]
  /** How digits after the decimal separator are read: one by one, or as a number. */
  fractionDigits: 'digits' | 'number'
  /** Numeric dates with slashes: month first (US) or day first. */
  dateOrder: 'mdy' | 'dmy'
  /** Whether the minor unit is named after a major amount ("and fifty cents") or not ("fünf Euro fünfzig"). */
  sayMinorUnit: boolean
  words: SpokenWords
  /** Integers 0 <= n < 10^15. */
  cardinal(n: number, gender?: Gender): string
  /** Ordinal in its plain (nominative, masculine) form. */
  ordinal(n: number): string
  year(n: number): string
  plural(n: number, isFraction: boolean): PluralCategory
  date(parts: DateParts, around: Surroundings): string
  time(hours: number, minutes: number, around: Surroundings): string
  units: Readonly<Record<string, NounForms>>
  currencies: Readonly<Record<CurrencyCode, CurrencyWords>>
  scales: readonly ScaleWord[]
  abbreviations: readonly AbbreviationEntry[]
  /** Language-specific rules tried before the shared ones (ordinals, written dates, times). */
  rules: readonly NormRule[]
  /** Language-specific rules tried after money and units but before plain numbers (years). */
  lateRules?: readonly NormRule[]
}

export function pickForm(forms: NounForms, category: PluralCategory): string {
  if (category === 'one') return forms.one
  if (category === 'few') return forms.few ?? forms.many
  if (category === 'fraction') return forms.fraction ?? forms.many
  return forms.many
}

/** Plural category of the languages with one form for 1 and one for everything else. */
export function pluralOneOther(n: number, isFraction: boolean): PluralCategory {
  return !isFraction && n === 1 ? 'one' : 'many'
}
