// English number words (American usage: no "and" after hundred, "one thousand").

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
]
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion']
const ORDINAL_IRREGULAR: Readonly<Record<string, string>> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
}

export function below100En(n: number): string {
  if (n < 20) return ONES[n] ?? ''
  const unit = n % 10
  const tens = TENS[Math.floor(n / 10)] ?? ''
  return unit === 0 ? tens : `${tens}-${ONES[unit]}`
}

function below1000(n: number): string {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  const parts: string[] = []
  if (hundreds > 0) parts.push(`${ONES[hundreds]} hundred`)
  if (rest > 0) parts.push(below100En(rest))
  return parts.join(' ')
}

export function cardinalEn(n: number): string {
  if (n === 0) return 'zero'
  const parts: string[] = []
  let rest = n
  for (let scale = SCALES.length - 1; scale >= 0; scale--) {
    const unit = 1000 ** scale
    const group = Math.floor(rest / unit)
    rest -= group * unit
    if (group > 0) parts.push(scale === 0 ? below1000(group) : `${below1000(group)} ${SCALES[scale]}`)
  }
  return parts.join(' ')
}

/** Turns the last word of a cardinal into its ordinal ("twenty-one" -> "twenty-first"). */
export function ordinalFromCardinalEn(words: string): string {
  const m = /^(.*?)([a-z]+)$/.exec(words)
  if (!m) return words
  const head = m[1] ?? ''
  const last = m[2] ?? ''
  const irregular = ORDINAL_IRREGULAR[last]
  if (irregular) return head + irregular
  if (last.endsWith('y')) return `${head}${last.slice(0, -1)}ieth`
  return `${head}${last}th`
}

export function ordinalEn(n: number): string {
  return ordinalFromCardinalEn(cardinalEn(n))
}

/** Years as said: 1999 nineteen ninety-nine, 1905 nineteen oh five, 1900 nineteen hundred, 2005 two thousand five, 2024 twenty twenty-four. */
export function yearEn(n: number): string {
  if (n < 1000 || n > 9999 || n % 1000 === 0 || (n > 2000 && n < 2010)) return cardinalEn(n)
  const high = below100En(Math.floor(n / 100))
  const low = n % 100
  if (low === 0) return `${high} hundred`
  if (low < 10) return `${high} oh ${ONES[low]}`
  return `${high} ${below100En(low)}`
}

/** "1990s" -> "nineteen nineties". */
export function pluralEn(words: string): string {
  if (words.endsWith('y')) return `${words.slice(0, -1)}ies`
  if (words.endsWith('x')) return `${words}es`
  return `${words}s`
}
