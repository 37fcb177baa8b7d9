// Swedish number words. Below a million a number is one word ("tvåtusenfemhundratjugoett");
// miljon and miljard are nouns ("två miljoner"). 1 is "ett" for counting and neuter nouns,
// "en" for common-gender nouns ("en krona"); 100 and 1000 are "etthundra" and "ettusen".
import type { Gender } from './language-pack.js'

const ONES = [
  'noll',
  'ett',
  'två',
  'tre',
  'fyra',
  'fem',
  'sex',
  'sju',
  'åtta',
  'nio',
  'tio',
  'elva',
  'tolv',
  'tretton',
  'fjorton',
  'femton',
  'sexton',
  'sjutton',
  'arton',
  'nitton',
]
const TENS = ['', '', 'tjugo', 'trettio', 'fyrtio', 'femtio', 'sextio', 'sjuttio', 'åttio', 'nittio']
const BIG: ReadonlyArray<readonly [number, string, string]> = [
  [1e12, 'biljon', 'biljoner'],
  [1e9, 'miljard', 'miljarder'],
  [1e6, 'miljon', 'miljoner'],
]

function below100(n: number): string {
  if (n < 20) return ONES[n] ?? ''
  const unit = n % 10
  return (TENS[Math.floor(n / 10)] ?? '') + (unit === 0 ? '' : ONES[unit])
}

function below1000(n: number): string {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  return (hundreds === 0 ? '' : `${ONES[hundreds]}hundra`) + (rest === 0 ? '' : below100(rest))
}

function belowMillion(n: number): string {
  const thousands = Math.floor(n / 1000)
  const rest = n % 1000
  // "ett" + "tusen" is written "ettusen".
  const head = thousands === 0 ? '' : `${below1000(thousands)}tusen`.replace(/etttusen$/, 'ettusen')
  return head + (rest === 0 ? '' : below1000(rest))
}

/** `gender` 'm' or 'f' (common gender) says "en" for a final one: "en krona", "tjugoen kronor". */
export function cardinalSv(n: number, gender?: Gender): string {
  if (n === 0) return 'noll'
  const parts: string[] = []
  let rest = n
  for (const [value, one, many] of BIG) {
    const count = Math.floor(rest / value)
    rest -= count * value
    if (count > 0) parts.push(count === 1 ? `en ${one}` : `${belowMillion(count)} ${many}`)
  }
  if (rest > 0) parts.push(belowMillion(rest))
  const out = parts.join(' ')
  return gender === 'm' || gender === 'f' ? out.replace(/ett$/, 'en') : out
}

const ORDINALS = [
  'nollte',
  'första',
  'andra',
  'tredje',
  'fjärde',
  'femte',
  'sjätte',
  'sjunde',
  'åttonde',
  'nionde',
  'tionde',
  'elfte',
  'tolfte',
  'trettonde',
  'fjortonde',
  'femtonde',
  'sextonde',
  'sjuttonde',
  'artonde',
  'nittonde',
]

export function ordinalSv(n: number): string {
  const rest = n % 100
  const head = n - rest
  const headWords = head === 0 ? '' : cardinalSv(head)
  const join = (tail: string): string =>
    headWords === '' ? tail : head < 1e6 ? headWords + tail : `${headWords} ${tail}`
  if (rest === 0) {
    if (n === 0) return 'nollte'
    // "hundrade", "tusende", "miljonte".
    if (/miljon(?:er)?$/.test(headWords)) return headWords.replace(/miljon(?:er)?$/, 'miljonte')
    return `${headWords}de`
  }
  if (rest < 20) return join(ORDINALS[rest] ?? '')
  const unit = rest % 10
  const tens = TENS[Math.floor(rest / 10)] ?? ''
  return join(unit === 0 ? `${tens}nde` : tens + ORDINALS[unit])
}

/** Years 1100-1999 in hundreds ("nittonhundranittionio"); others as cardinals ("tvåtusentjugofyra"). */
export function yearSv(n: number): string {
  if (n >= 1100 && n <= 1999) {
    const rest = n % 100
    return `${below100(Math.floor(n / 100))}hundra${rest === 0 ? '' : below100(rest)}`
  }
  return cardinalSv(n)
}
