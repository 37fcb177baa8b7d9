// Portuguese number words, European (pt-PT: dezasseis, mil milhões, bilião = 10^12) or
// Brazilian (pt-BR: dezesseis, bilhão = 10^9). "e" joins hundreds, tens and units, and
// comes before the last group when it is below a hundred or a round hundred
// ("mil e duzentos", "mil duzentos e trinta").
import type { Gender } from './language-pack.js'

export type PortugueseVariant = 'PT' | 'BR'

const ONES_PT = [
  'zero',
  'um',
  'dois',
  'três',
  'quatro',
  'cinco',
  'seis',
  'sete',
  'oito',
  'nove',
  'dez',
  'onze',
  'doze',
  'treze',
  'catorze',
  'quinze',
  'dezasseis',
  'dezassete',
  'dezoito',
  'dezanove',
]
const ONES_BR = ONES_PT.map(
  (w) => ({ dezasseis: 'dezesseis', dezassete: 'dezessete', dezanove: 'dezenove' })[w] ?? w,
)
const TENS = ['', '', 'vinte', 'trinta', 'quarenta', 'cinquenta', 'sessenta', 'setenta', 'oitenta', 'noventa']
const HUNDREDS = [
  '',
  'cento',
  'duzentos',
  'trezentos',
  'quatrocentos',
  'quinhentos',
  'seiscentos',
  'setecentos',
  'oitocentos',
  'novecentos',
]

function unitWord(n: number, feminine: boolean, variant: PortugueseVariant): string {
  if (feminine && n === 1) return 'uma'
  if (feminine && n === 2) return 'duas'
  return (variant === 'BR' ? ONES_BR : ONES_PT)[n] ?? ''
}

function below100(n: number, feminine: boolean, variant: PortugueseVariant): string {
  if (n < 20) return unitWord(n, feminine, variant)
  const unit = n % 10
  const tens = TENS[Math.floor(n / 10)] ?? ''
  return unit === 0 ? tens : `${tens} e ${unitWord(unit, feminine, variant)}`
}

function below1000(n: number, feminine: boolean, variant: PortugueseVariant): string {
  if (n === 100) return 'cem'
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  const parts: string[] = []
  if (hundreds > 0) {
    const word = HUNDREDS[hundreds] ?? ''
    parts.push(feminine && hundreds > 1 ? word.replace(/os$/, 'as') : word)
  }
  if (rest > 0) parts.push(below100(rest, feminine, variant))
  return parts.join(' e ')
}

export function cardinalPt(n: number, gender?: Gender, variant: PortugueseVariant = 'PT'): string {
  if (n === 0) return 'zero'
  const feminine = gender === 'f'
  // Groups from the top: [value, words]. Scale nouns are masculine.
  const groups: Array<[number, string]> = []
  const scales: ReadonlyArray<readonly [number, string, string]> =
    variant === 'BR'
      ? [
          [1e12, 'trilhão', 'trilhões'],
          [1e9, 'bilhão', 'bilhões'],
          [1e6, 'milhão', 'milhões'],
        ]
      : [
          [1e12, 'bilião', 'biliões'],
          [1e6, 'milhão', 'milhões'],
        ]
  let rest = n
  for (const [value, one, many] of scales) {
    const count = Math.floor(rest / value)
    rest -= count * value
    if (count > 0)
      groups.push([count, count === 1 ? `um ${one}` : `${cardinalPt(count, 'm', variant)} ${many}`])
  }
  const thousands = Math.floor(rest / 1000)
  rest %= 1000
  if (thousands > 0)
    groups.push([thousands, thousands === 1 ? 'mil' : `${below1000(thousands, feminine, variant)} mil`])
  if (rest > 0) groups.push([rest, below1000(rest, feminine, variant)])
  return groups
    .map(([value, words], index) => {
      if (index === 0) return words
      const last = index === groups.length - 1
      return last && (value < 100 || value % 100 === 0) ? `e ${words}` : words
    })
    .join(' ')
}

const ORD_UNITS = [
  '',
  'primeiro',
  'segundo',
  'terceiro',
  'quarto',
  'quinto',
  'sexto',
  'sétimo',
  'oitavo',
  'nono',
]
const ORD_TENS = [
  '',
  'décimo',
  'vigésimo',
  'trigésimo',
  'quadragésimo',
  'quinquagésimo',
  'sexagésimo',
  'septuagésimo',
  'octogésimo',
  'nonagésimo',
]
const ORD_HUNDREDS = [
  '',
  'centésimo',
  'ducentésimo',
  'trecentésimo',
  'quadringentésimo',
  'quingentésimo',
  'sexcentésimo',
  'septingentésimo',
  'octingentésimo',
  'nongentésimo',
]

/** Ordinals below a million ("vigésimo primeiro", "milésimo", 2000 "segundo milésimo"). */
export function ordinalPt(n: number, gender: Gender = 'm', variant: PortugueseVariant = 'PT'): string {
  if (n === 0) return 'zero'
  const words: string[] = []
  const thousands = Math.floor(n / 1000) % 1000
  if (thousands === 1) words.push('milésimo')
  else if (thousands > 1) words.push(`${ordinalPt(thousands, 'm', variant)} milésimo`)
  const hundreds = Math.floor((n % 1000) / 100)
  const rest = n % 100
  if (hundreds > 0) words.push(ORD_HUNDREDS[hundreds] ?? '')
  if (rest >= 10) words.push(ORD_TENS[Math.floor(rest / 10)] ?? '')
  if (rest % 10 > 0) words.push(ORD_UNITS[rest % 10] ?? '')
  const out = words.join(' ')
  return gender === 'f' ? out.replace(/o\b/g, 'a') : out
}
