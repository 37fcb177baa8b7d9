// Spanish number words. `uno` shortens to `un` before a masculine noun and becomes `una`
// before a feminine one; hundreds agree too ("doscientas personas"). 10^9 is "mil millones".
import type { Gender } from './language-pack.js'

const UNITS = [
  'cero',
  'uno',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
  'veinte',
  'veintiuno',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
]
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa']
const HUNDREDS = [
  '',
  'ciento',
  'doscientos',
  'trescientos',
  'cuatrocientos',
  'quinientos',
  'seiscientos',
  'setecientos',
  'ochocientos',
  'novecientos',
]

/** How a final "uno" is said: counting ("uno"), before a masculine noun ("un"), feminine ("una"). */
type OneForm = 'uno' | 'un' | 'una'

function withOne(word: string, form: OneForm): string {
  if (form === 'uno') return word
  const replaced =
    form === 'un' ? word.replace(/uno$/, 'ún').replace(/^ún$/, 'un') : word.replace(/uno$/, 'una')
  return replaced
}

function below100(n: number, form: OneForm): string {
  if (n < 30) return withOne(UNITS[n] ?? '', form)
  const unit = n % 10
  const tens = TENS[Math.floor(n / 10)] ?? ''
  return unit === 0 ? tens : `${tens} y ${withOne(UNITS[unit] ?? '', form)}`
}

function below1000(n: number, form: OneForm, feminine: boolean): string {
  if (n === 100) return 'cien'
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  const parts: string[] = []
  if (hundreds > 0) {
    const word = HUNDREDS[hundreds] ?? ''
    parts.push(feminine && hundreds > 1 ? word.replace(/os$/, 'as') : word)
  }
  if (rest > 0) parts.push(below100(rest, form))
  return parts.join(' ')
}

function belowMillion(n: number, form: OneForm, feminine: boolean): string {
  const thousands = Math.floor(n / 1000)
  const rest = n % 1000
  const parts: string[] = []
  if (thousands === 1) parts.push('mil')
  else if (thousands > 1) parts.push(`${below1000(thousands, feminine ? 'una' : 'un', feminine)} mil`)
  if (rest > 0) parts.push(below1000(rest, form, feminine))
  return parts.join(' ')
}

export function cardinalEs(n: number, gender?: Gender): string {
  if (n === 0) return 'cero'
  const feminine = gender === 'f'
  const form: OneForm = gender === undefined ? 'uno' : feminine ? 'una' : 'un'
  const parts: string[] = []
  const billions = Math.floor(n / 1e12)
  const millions = Math.floor((n % 1e12) / 1e6)
  const rest = n % 1e6
  if (billions > 0)
    parts.push(billions === 1 ? 'un billón' : `${belowMillion(billions, 'un', false)} billones`)
  if (millions > 0)
    parts.push(millions === 1 ? 'un millón' : `${belowMillion(millions, 'un', false)} millones`)
  if (rest > 0) parts.push(belowMillion(rest, form, feminine))
  return parts.join(' ')
}

const ORD_UNITS = [
  '',
  'primero',
  'segundo',
  'tercero',
  'cuarto',
  'quinto',
  'sexto',
  'séptimo',
  'octavo',
  'noveno',
]
const ORD_TEENS = [
  'décimo',
  'undécimo',
  'duodécimo',
  'decimotercero',
  'decimocuarto',
  'decimoquinto',
  'decimosexto',
  'decimoséptimo',
  'decimoctavo',
  'decimonoveno',
]
const ORD_TENS = [
  '',
  'décimo',
  'vigésimo',
  'trigésimo',
  'cuadragésimo',
  'quincuagésimo',
  'sexagésimo',
  'septuagésimo',
  'octogésimo',
  'nonagésimo',
]
const ORD_HUNDREDS = [
  '',
  'centésimo',
  'ducentésimo',
  'tricentésimo',
  'cuadringentésimo',
  'quingentésimo',
  'sexcentésimo',
  'septingentésimo',
  'octingentésimo',
  'noningentésimo',
]

function ordinalBelow1000(n: number): string[] {
  const words: string[] = []
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  if (hundreds > 0) words.push(ORD_HUNDREDS[hundreds] ?? '')
  if (rest >= 10 && rest < 20) words.push(ORD_TEENS[rest - 10] ?? '')
  else {
    if (rest >= 20) words.push(ORD_TENS[Math.floor(rest / 10)] ?? '')
    if (rest % 10 > 0) words.push(ORD_UNITS[rest % 10] ?? '')
  }
  return words
}

/**
 * Ordinals below a million ("vigésimo primero", "milésimo"); thousands are written as one
 * word ("dosmilésimo"). Larger ordinals are not supported (the rules read them as cardinals). `apocope` gives "primer"/"tercer" before a masculine noun ("1.er").
 */
export function ordinalEs(n: number, gender: Gender = 'm', apocope = false): string {
  if (n === 0) return 'cero'
  const words: string[] = []
  const thousands = Math.floor(n / 1000)
  if (thousands === 1) words.push('milésimo')
  else if (thousands > 1)
    words.push(
      `${cardinalEs(thousands % 1000, 'm')
        .replace(/ /g, '')
        .replace('ú', 'u')}milésimo`,
    )
  words.push(...ordinalBelow1000(n % 1000))
  let out = words.join(' ')
  if (gender === 'f') out = out.replace(/o\b/g, 'a')
  else if (apocope) out = out.replace(/(primer|tercer)o$/, '$1')
  return out
}
