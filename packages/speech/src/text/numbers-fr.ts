// French number words (traditional spelling: hyphens below one hundred, "et" in 21, 31, ...,
// 71; "quatre-vingts" and "deux cents" take an s only when nothing follows, and not before
// "mille").
import type { Gender } from './language-pack.js'

const ONES = [
  'zéro',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
  'dix-sept',
  'dix-huit',
  'dix-neuf',
]
const TENS = [
  '',
  'dix',
  'vingt',
  'trente',
  'quarante',
  'cinquante',
  'soixante',
  'soixante',
  'quatre-vingt',
  'quatre-vingt',
]
const BIG: ReadonlyArray<readonly [number, string]> = [
  [1e12, 'billion'],
  [1e9, 'milliard'],
  [1e6, 'million'],
]

/** 1..99; `plural` lets a final "quatre-vingts" keep its s. */
function below100(n: number, plural: boolean): string {
  if (n < 20) return ONES[n] ?? ''
  const tens = Math.floor(n / 10)
  const unit = n % 10
  if (tens === 7 || tens === 9) {
    const base = TENS[tens] ?? ''
    if (tens === 7 && unit === 1) return 'soixante et onze'
    return `${base}-${ONES[10 + unit]}`
  }
  if (unit === 0) return tens === 8 && plural ? 'quatre-vingts' : (TENS[tens] ?? '')
  if (unit === 1 && tens !== 8) return `${TENS[tens]} et un`
  return `${TENS[tens]}-${ONES[unit]}`
}

function below1000(n: number, plural: boolean): string {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  const parts: string[] = []
  if (hundreds === 1) parts.push('cent')
  else if (hundreds > 1) parts.push(`${ONES[hundreds]} ${rest === 0 && plural ? 'cents' : 'cent'}`)
  if (rest > 0) parts.push(below100(rest, plural))
  return parts.join(' ')
}

/** `gender` 'f' says "une" for a final one ("vingt et une heures"). */
export function cardinalFr(n: number, gender?: Gender): string {
  if (n === 0) return 'zéro'
  const parts: string[] = []
  let rest = n
  for (const [value, noun] of BIG) {
    const count = Math.floor(rest / value)
    rest -= count * value
    if (count === 0) continue
    // Million and milliard are nouns: "deux cents millions" keeps its s.
    parts.push(count === 1 ? `un ${noun}` : `${cardinalFr(count)} ${noun}s`)
  }
  const thousands = Math.floor(rest / 1000)
  rest %= 1000
  if (thousands === 1) parts.push('mille')
  else if (thousands > 1) parts.push(`${below1000(thousands, false)} mille`)
  if (rest > 0) parts.push(below1000(rest, true))
  const out = parts.join(' ')
  return gender === 'f' ? out.replace(/(^|[ -])un$/, '$1une') : out
}

/** Ordinals: premier/première, deuxième, vingt et unième, cinquième, neuvième, centième. */
export function ordinalFr(n: number, gender?: Gender): string {
  if (n === 1) return gender === 'f' ? 'première' : 'premier'
  const words = cardinalFr(n)
  const m = /^(.*?)([^ -]+)$/.exec(words)
  const head = m?.[1] ?? ''
  let last = m?.[2] ?? words
  if (last === 'cinq') last = 'cinqu'
  else if (last === 'neuf') last = 'neuv'
  else if (last === 'cents' || last === 'vingts' || last === 'millions' || last === 'milliards')
    last = last.slice(0, -1)
  else if (last.endsWith('e')) last = last.slice(0, -1)
  return `${head}${last}ième`
}
