// Money amounts: "$5.50" -> "five dollars and fifty cents", "5,50 zł" -> "pięć złotych
// pięćdziesiąt groszy", "€1.5 million" -> "one point five million euros".
import { type CurrencyCode, type LanguagePack, pickForm, type ScaleWord } from './language-pack.js'
import { integerValue, type ParsedNumber, pluralOf, readNumber } from './number-reading.js'

export const CURRENCY_SIGNS: Readonly<Record<string, CurrencyCode>> = {
  R$: 'BRL',
  US$: 'USD',
  $: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  zł: 'PLN',
  kr: 'SEK',
  USD: 'USD',
  EUR: 'EUR',
  GBP: 'GBP',
  PLN: 'PLN',
  SEK: 'SEK',
  BRL: 'BRL',
  JPY: 'JPY',
  CHF: 'CHF',
  NOK: 'SEK',
  DKK: 'SEK',
}

export function readMoney(
  pack: LanguagePack,
  amount: ParsedNumber,
  code: CurrencyCode,
  scale?: ScaleWord,
): string {
  const currency = pack.currencies[code]
  const sign = amount.negative ? `${pack.words.minus} ` : ''
  const unsigned: ParsedNumber = { ...amount, negative: false }
  if (scale) {
    const category = pluralOf(unsigned, pack)
    const scaleWord = pickForm(scale.forms, category)
    const number = readNumber(unsigned, pack, scale.forms.gender)
    const name = currency.major.many
    const joined = scale.currencyJoin ? scale.currencyJoin(name) : name
    return `${sign}${number} ${scaleWord} ${joined}`
  }
  const fraction = amount.fraction
  const minorForms = currency.minor
  if (fraction !== undefined && (fraction.length !== 2 || !minorForms || amount.pointFraction)) {
    // "1.5 dollars": a decimal number of the major unit.
    return `${sign}${readNumber(unsigned, pack, currency.major.gender)} ${pickForm(currency.major, 'fraction')}`
  }
  const major = integerValue(unsigned)
  if (major === undefined) return `${sign}${readNumber(unsigned, pack)} ${currency.major.many}`
  const minor = fraction === undefined ? 0 : Number(fraction)
  const parts: string[] = []
  if (major > 0 || minor === 0) {
    const majorWords = pack.cardinal(major, currency.major.gender)
    const name = pickForm(currency.major, pack.plural(major, false))
    // "un million d'euros", "un millón de euros": a round big number takes "de" like a scale word.
    const big = pack.scales.find(
      (s) =>
        s.currencyJoin && (majorWords.endsWith(` ${s.forms.one}`) || majorWords.endsWith(` ${s.forms.many}`)),
    )
    parts.push(`${majorWords} ${big?.currencyJoin ? big.currencyJoin(currency.major.many) : name}`)
  }
  if (minor > 0 && minorForms) {
    const minorWords = pack.cardinal(minor, minorForms.gender)
    // "fünf Euro fünfzig": some languages leave the minor unit unsaid after a major amount.
    const unit =
      parts.length > 0 && !pack.sayMinorUnit ? '' : ` ${pickForm(minorForms, pack.plural(minor, false))}`
    parts.push(`${minorWords}${unit}`)
  }
  const join = pack.words.moneyJoin === '' ? ' ' : ` ${pack.words.moneyJoin} `
  return sign + parts.join(join)
}
