// Polish number words. Nouns after a number take one of three forms (1: złoty, 2-4 but not
// 12-14: złote, else: złotych; after a decimal number the genitive singular: złotego).
// Ordinals are built in the masculine nominative and inflected for gender and case by
// `inflectOrdinalPl` (only the forms the normaliser needs: nominative m/f/n, genitive m/f).
import type { Gender, PluralCategory } from './language-pack.js'

const ONES = [
  'zero',
  'jeden',
  'dwa',
  'trzy',
  'cztery',
  'pięć',
  'sześć',
  'siedem',
  'osiem',
  'dziewięć',
  'dziesięć',
  'jedenaście',
  'dwanaście',
  'trzynaście',
  'czternaście',
  'piętnaście',
  'szesnaście',
  'siedemnaście',
  'osiemnaście',
  'dziewiętnaście',
]
const TENS = [
  '',
  '',
  'dwadzieścia',
  'trzydzieści',
  'czterdzieści',
  'pięćdziesiąt',
  'sześćdziesiąt',
  'siedemdziesiąt',
  'osiemdziesiąt',
  'dziewięćdziesiąt',
]
const HUNDREDS = [
  '',
  'sto',
  'dwieście',
  'trzysta',
  'czterysta',
  'pięćset',
  'sześćset',
  'siedemset',
  'osiemset',
  'dziewięćset',
]
const SCALES: ReadonlyArray<readonly [number, string, string, string]> = [
  [1e12, 'bilion', 'biliony', 'bilionów'],
  [1e9, 'miliard', 'miliardy', 'miliardów'],
  [1e6, 'milion', 'miliony', 'milionów'],
  [1e3, 'tysiąc', 'tysiące', 'tysięcy'],
]

export function pluralPl(n: number, isFraction: boolean): PluralCategory {
  if (isFraction) return 'fraction'
  if (n === 1) return 'one'
  const unit = n % 10
  const tens = n % 100
  return unit >= 2 && unit <= 4 && !(tens >= 12 && tens <= 14) ? 'few' : 'many'
}

function below1000(n: number): string {
  const parts: string[] = []
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  if (hundreds > 0) parts.push(HUNDREDS[hundreds] ?? '')
  if (rest >= 20) {
    parts.push(TENS[Math.floor(rest / 10)] ?? '')
    if (rest % 10 > 0) parts.push(ONES[rest % 10] ?? '')
  } else if (rest > 0) parts.push(ONES[rest] ?? '')
  return parts.join(' ')
}

/** `gender` agrees a final one or two with the noun: jeden/jedna/jedno, dwa/dwie. */
export function cardinalPl(n: number, gender?: Gender): string {
  if (n === 0) return 'zero'
  const parts: string[] = []
  let rest = n
  for (const [value, one, few, many] of SCALES) {
    const count = Math.floor(rest / value)
    rest -= count * value
    if (count === 0) continue
    const category = pluralPl(count, false)
    // "tysiąc", not "jeden tysiąc"; "dwa tysiące", "pięć tysięcy", "dwadzieścia jeden tysięcy".
    parts.push(count === 1 ? one : `${below1000(count)} ${category === 'few' ? few : many}`)
  }
  if (rest > 0) {
    let words = below1000(rest)
    // Only a lone 1 agrees ("jedna", "tysiąc jeden"); a final 2 always does ("dwadzieścia dwie").
    if (gender === 'f') words = n === 1 ? 'jedna' : words.replace(/(^| )dwa$/, '$1dwie')
    else if (gender === 'n' && n === 1) words = 'jedno'
    parts.push(words)
  }
  return parts.join(' ')
}

const ORD_UNITS = [
  '',
  'pierwszy',
  'drugi',
  'trzeci',
  'czwarty',
  'piąty',
  'szósty',
  'siódmy',
  'ósmy',
  'dziewiąty',
]
const ORD_TEENS = [
  'dziesiąty',
  'jedenasty',
  'dwunasty',
  'trzynasty',
  'czternasty',
  'piętnasty',
  'szesnasty',
  'siedemnasty',
  'osiemnasty',
  'dziewiętnasty',
]
const ORD_TENS = [
  '',
  '',
  'dwudziesty',
  'trzydziesty',
  'czterdziesty',
  'pięćdziesiąty',
  'sześćdziesiąty',
  'siedemdziesiąty',
  'osiemdziesiąty',
  'dziewięćdziesiąty',
]
const ORD_HUNDREDS = [
  '',
  'setny',
  'dwusetny',
  'trzechsetny',
  'czterechsetny',
  'pięćsetny',
  'sześćsetny',
  'siedemsetny',
  'osiemsetny',
  'dziewięćsetny',
]
const COMBINING = ['', '', 'dwu', 'trzy', 'cztero', 'pięcio', 'sześcio', 'siedmio', 'ośmio', 'dziewięcio']

/** An ordinal as [cardinal head, ordinal words]: 2024 -> ["dwa tysiące", ["dwudziesty", "czwarty"]]. */
function ordinalParts(n: number): [string, string[]] {
  const rest = n % 100
  if (rest !== 0) {
    const head = n - rest > 0 ? cardinalPl(n - rest) : ''
    if (rest < 10) return [head, [ORD_UNITS[rest] ?? '']]
    if (rest < 20) return [head, [ORD_TEENS[rest - 10] ?? '']]
    const words = [ORD_TENS[Math.floor(rest / 10)] ?? '']
    if (rest % 10 > 0) words.push(ORD_UNITS[rest % 10] ?? '')
    return [head, words]
  }
  if (n % 1000 !== 0) {
    const head = n - (n % 1000) > 0 ? cardinalPl(n - (n % 1000)) : ''
    return [head, [ORD_HUNDREDS[(n % 1000) / 100] ?? '']]
  }
  const thousands = n / 1000
  // 1000 tysięczny, 2000 dwutysięczny; larger round thousands are simplified to "X tysięczny".
  if (thousands === 1) return ['', ['tysięczny']]
  if (thousands < 10) return ['', [`${COMBINING[thousands]}tysięczny`]]
  return [cardinalPl(thousands), ['tysięczny']]
}

export type PolishOrdinalForm = 'nom-m' | 'nom-f' | 'nom-n' | 'gen-m' | 'gen-f'

/** Inflects one masculine nominative ordinal word ("pierwszy", "drugi", "trzeci"). */
export function inflectOrdinalPl(word: string, form: PolishOrdinalForm): string {
  if (form === 'nom-m') return word
  const hard = word.endsWith('y')
  // -gi/-ki drop their i before a/e endings (druga); soft -ci keeps it (trzecia).
  const stem = hard ? word.slice(0, -1) : /[gk]i$/.test(word) ? word.slice(0, -1) : word
  const softI = !hard && /[gk]i$/.test(word) ? 'i' : ''
  switch (form) {
    case 'nom-f':
      return `${stem}a`
    case 'nom-n':
      return hard ? `${stem}e` : `${stem}${softI}e`
    case 'gen-m':
      return hard ? `${stem}ego` : `${stem}${softI}ego`
    case 'gen-f':
      return hard ? `${stem}ej` : `${stem}${softI}ej`
  }
}

/** Ordinals below a million in any of the supported forms. */
export function ordinalPl(n: number, form: PolishOrdinalForm = 'nom-m'): string {
  if (n === 0) return form === 'nom-m' ? 'zerowy' : inflectOrdinalPl('zerowy', form)
  const [head, words] = ordinalParts(n)
  const inflected = words.map((w) => inflectOrdinalPl(w, form)).join(' ')
  return head === '' ? inflected : `${head} ${inflected}`
}
