// German number words. Numbers below a million are one word ("zweitausenddreihundertvierundfünfzig");
// Million, Milliarde and Billion are nouns ("zwei Millionen"). 100 and 1000 are said
// "einhundert" and "eintausend".
import type { Gender } from './language-pack.js'

const ONES = [
  'null',
  'eins',
  'zwei',
  'drei',
  'vier',
  'fünf',
  'sechs',
  'sieben',
  'acht',
  'neun',
  'zehn',
  'elf',
  'zwölf',
  'dreizehn',
  'vierzehn',
  'fünfzehn',
  'sechzehn',
  'siebzehn',
  'achtzehn',
  'neunzehn',
]
const TENS = [
  '',
  'zehn',
  'zwanzig',
  'dreißig',
  'vierzig',
  'fünfzig',
  'sechzig',
  'siebzig',
  'achtzig',
  'neunzig',
]
const BIG: ReadonlyArray<readonly [number, string, string]> = [
  [1e12, 'Billion', 'Billionen'],
  [1e9, 'Milliarde', 'Milliarden'],
  [1e6, 'Million', 'Millionen'],
]
const ORDINAL_STEMS: Readonly<Record<number, string>> = { 1: 'erst', 3: 'dritt', 7: 'siebt', 8: 'acht' }

/** 1..99; `final` says "eins" for a final 1 ("hunderteins"), else "ein" ("einundzwanzig"). */
function below100(n: number, final: boolean): string {
  if (n === 1) return final ? 'eins' : 'ein'
  if (n < 20) return ONES[n] ?? ''
  const unit = n % 10
  const tens = TENS[Math.floor(n / 10)] ?? ''
  if (unit === 0) return tens
  return `${unit === 1 ? 'ein' : ONES[unit]}und${tens}`
}

function below1000(n: number, final: boolean): string {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  const head = hundreds === 0 ? '' : `${hundreds === 1 ? 'ein' : ONES[hundreds]}hundert`
  return head + (rest === 0 ? '' : below100(rest, final))
}

function belowMillion(n: number, final: boolean): string {
  const thousands = Math.floor(n / 1000)
  const rest = n % 1000
  const head = thousands === 0 ? '' : `${below1000(thousands, false)}tausend`
  return head + (rest === 0 ? '' : below1000(rest, final))
}

/** `gender` gives "ein"/"eine" for a final one before a noun ("ein Euro", "eine Stunde"). */
export function cardinalDe(n: number, gender?: Gender): string {
  if (n === 0) return 'null'
  const parts: string[] = []
  let rest = n
  for (const [value, one, many] of BIG) {
    const count = Math.floor(rest / value)
    rest -= count * value
    if (count === 0) continue
    // The big nouns are feminine: "eine Million", "einundzwanzig Millionen", "hunderteine Millionen".
    const words = count === 1 ? 'eine' : belowMillion(count, false).replace(/ein$/, 'eine')
    parts.push(`${words} ${count === 1 ? one : many}`)
  }
  if (rest > 0) parts.push(belowMillion(rest, true))
  let out = parts.join(' ')
  if (gender !== undefined && /eins$/.test(out)) out = out.replace(/eins$/, gender === 'f' ? 'eine' : 'ein')
  return out
}

/** The ordinal stem without its ending: 1 erst, 3 dritt, 20 zwanzigst, 101 einhunderterst. */
export function ordinalStemDe(n: number): string {
  if (n === 0) return 'nullt'
  const rest = n % 100
  if (rest >= 1 && rest < 20) {
    const head = n - rest
    const stem = ORDINAL_STEMS[rest] ?? `${ONES[rest]}t`
    if (head === 0) return stem
    return head < 1e6 ? belowMillion(head, false) + stem : `${cardinalDe(head)} ${stem}`
  }
  if (n >= 1e6 && n % 1e6 === 0 && n < 1e9) {
    const count = n / 1e6
    return `${count === 1 ? '' : belowMillion(count, false)}millionst`
  }
  return `${cardinalDe(n)}st`
}

/** Ordinal with an ending: "e" (der erste), "en" (am ersten), "er" (erster Januar), "es", "em". */
export function ordinalDe(n: number, ending = 'e'): string {
  return ordinalStemDe(n) + ending
}

/** Years 1100-1999 in hundreds ("neunzehnhundertneunundneunzig"); others as cardinals. */
export function yearDe(n: number): string {
  if (n >= 1100 && n <= 1999) {
    const rest = n % 100
    return `${below100(Math.floor(n / 100), false)}hundert${rest === 0 ? '' : below100(rest, true)}`
  }
  return cardinalDe(n)
}
