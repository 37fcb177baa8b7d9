// Shared rules for everything written with digits: dates, times, telephone numbers, money,
// units, scale words and plain numbers. Language packs supply the words.
import { type LanguagePack, pickForm, type ScaleWord } from './language-pack.js'
import { escapeRegExp, type NormRule, rule, wordAfter, wordBefore } from './normalize-engine.js'
import { numberSource, parseNumber, pluralOf, readDigits, readNumber } from './number-reading.js'
import { CURRENCY_SIGNS, readMoney } from './read-money.js'

const SP = '[ \\u00a0\\u202f]'
const PHONE_WORDS =
  /^(?:tel\.?|tél\.?|phone|telephone|telefon|telefonnummer|téléphone|teléfono|telefone|telefonu|fax|mobile|mobil|cell|kom\.?|komórka|nr)$/i
const END = '(?![\\p{L}\\p{N}])'

export function numericRules(pack: LanguagePack): NormRule[] {
  const num = numberSource(pack)
  const around = (text: string, start: number, end: number) => ({
    prevWord: wordBefore(text, start),
    nextWord: wordAfter(text, end),
  })
  const scaleAlt = pack.scales.map((s) => `(?:${s.pattern})`).join('|') || '(?!)'
  const findScale = (written: string | undefined, money: boolean): ScaleWord | undefined =>
    written === undefined
      ? undefined
      : pack.scales.find(
          (s) => (money || !s.moneyOnly) && new RegExp(`^(?:${s.pattern})$`, 'u').test(written),
        )
  const signs = Object.keys(CURRENCY_SIGNS).sort((a, b) => b.length - a.length)
  const prefixSigns = signs
    .filter((s) => s !== 'zł' && s !== 'kr')
    .map(escapeRegExp)
    .join('|')
  const suffixSigns = signs.map(escapeRegExp).join('|')
  const units = Object.keys(pack.units)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')

  return [
    // ISO dates: 2024-03-15.
    rule(['digit'], `(\\d{4})-(\\d{2})-(\\d{2})${END}`, (m, c) =>
      dateOrUndefined(pack, Number(m[1]), Number(m[2]), Number(m[3]), around(c.text, c.start, c.end)),
    ),
    // Numeric dates with a year: 15/03/2024, 15.03.2024, 03/15/2024 (month first in the US).
    rule(['digit'], `(\\d{1,2})([./-])(\\d{1,2})\\2(\\d{4})${END}`, (m, c) => {
      const a = Number(m[1])
      const b = Number(m[3])
      const monthFirst = pack.dateOrder === 'mdy' ? a <= 12 : b > 12 && a <= 12
      const [month, day] = monthFirst ? [a, b] : [b, a]
      return dateOrUndefined(pack, Number(m[4]), month, day, around(c.text, c.start, c.end))
    }),
    // 24-hour times: 14:30, 9:05.
    rule(['digit'], `([01]?\\d|2[0-3]):([0-5]\\d)(?![\\d:])`, (m, c) =>
      pack.time(Number(m[1]), Number(m[2]), around(c.text, c.start, c.end)),
    ),
    // Telephone-like numbers, read digit by digit in groups; after a telephone word any digit run is one.
    // Repetitions are bounded so a long run of digits costs linear time, not quadratic.
    rule(['digit'], `\\d[\\d ()/-]{4,24}\\d${END}`, (m, c) =>
      PHONE_WORDS.test(wordBefore(c.text, c.start)) ? readPhone(m[0], pack, 5) : undefined,
    ),
    rule(['symbol'], `\\+\\d(?:${SP}?[-./]?${SP}?\\(?\\d{1,6}\\)?){1,8}`, (m) => readPhone(m[0], pack, 7)),
    rule(['symbol'], `\\(\\d{2,5}\\)${SP}?-?${SP}?\\d{3,8}(?:[ -]\\d{2,6}){0,4}`, (m) =>
      readPhone(m[0], pack, 6),
    ),
    rule(['digit'], `\\d{2,5}(?:-\\d{2,5}){2,5}${END}`, (m) => readPhone(m[0], pack, 7)),
    rule(['digit'], `0\\d{1,5}(?:[ /-]\\d{2,8}){1,4}${END}`, (m) => readPhone(m[0], pack, 6)),
    // Money: $5.50, € 3, US$ 10, 5 €, 5,50 zł, 100 kr, R$ 10,00, $1.5 million.
    rule(
      ['symbol', 'word'],
      `([-−])?(${prefixSigns})${SP}?(${num})(?:${SP}?(${scaleAlt}))?${END}`,
      (m, c) => {
        const code = CURRENCY_SIGNS[m[2] ?? '']
        if (!code || (/^[A-Z]/.test(m[2] ?? '') && /[\p{L}\p{N}]/u.test(c.text[c.start - 1] ?? '')))
          return undefined
        const amount = parseNumber(`${m[1] ?? ''}${m[3] ?? ''}`, pack)
        return readMoney(pack, amount, code, findScale(m[4], true))
      },
    ),
    // "5,- €" (German prices without cents) reads as "fünf Euro".
    rule(
      ['digit', 'symbol'],
      `(${num})(?:,[-–—])?(?:${SP}?(${scaleAlt}))?${SP}?(${suffixSigns})${END}`,
      (m, c) => {
        const code = CURRENCY_SIGNS[m[3] ?? '']
        if (!code || badSign(m[1] ?? '', c.text, c.start)) return undefined
        return readMoney(pack, parseNumber(m[1] ?? '', pack), code, findScale(m[2], true))
      },
    ),
    // Units and percent: 5 km, 2,5 kg, 30 °C, 50%, 120 km/h.
    rule(['digit', 'symbol'], `(${num})${SP}?(${units || '(?!)'})${END}`, (m, c) => {
      const forms = pack.units[m[2] ?? '']
      if (!forms || badSign(m[1] ?? '', c.text, c.start)) return undefined
      const n = parseNumber(m[1] ?? '', pack)
      return `${readNumber(n, pack, forms.gender)} ${pickForm(forms, pluralOf(n, pack))}`
    }),
    // Scale words: 5 Mio., 3 mln, 10k.
    rule(['digit', 'symbol'], `(${num})${SP}?(${scaleAlt})(?![\\p{L}])`, (m, c) => {
      const scale = findScale(m[2], false)
      if (!scale || badSign(m[1] ?? '', c.text, c.start)) return undefined
      const n = parseNumber(m[1] ?? '', pack)
      return `${readNumber(n, pack, scale.forms.gender)} ${pickForm(scale.forms, pluralOf(n, pack))}`
    }),
    ...(pack.lateRules ?? []),
    // Dotted digit groups that are not one number: versions and IP addresses ("2.0.1", "192.168.0.1").
    rule(['digit'], `\\d{1,9}(?:\\.\\d{1,9}){2,8}(?![\\d]|\\.\\d)`, (m) => {
      const groups = m[0].split('.')
      if (pack.groupSeparators.includes('.') && groups.slice(1).every((g) => g.length === 3)) return undefined
      return groups
        .map((g) => (g.length > 1 && g.startsWith('0') ? readDigits(g, pack) : pack.cardinal(Number(g))))
        .join(` ${pack.words.dot} `)
    }),
    // Very long digit runs and numbers with leading zeros: digit by digit.
    rule(['digit'], `(?:\\d{16,}|0\\d+)(?![\\d.,])`, (m) => readDigits(m[0], pack)),
    // Plain numbers: 42, -7, 1,234.5 (en) / 1.234,5 (de), 1 000 000 (fr).
    rule(['digit', 'symbol'], num, (m, c) => {
      if (badSign(m[0], c.text, c.start)) return undefined
      return readNumber(parseNumber(m[0], pack), pack)
    }),
  ]
}

/** A leading '-' right after a letter or digit is a hyphen ("COVID-19"), not a minus. */
function badSign(written: string, text: string, start: number): boolean {
  return /^[-−]/.test(written) && /[\p{L}\p{N}]/u.test(text[start - 1] ?? '')
}

function dateOrUndefined(
  pack: LanguagePack,
  year: number | undefined,
  month: number,
  day: number,
  around: { prevWord: string; nextWord: string },
): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined
  return pack.date(year === undefined ? { month, day } : { year, month, day }, around)
}

/** "+49 30 1234567" -> "plus four nine, three zero, one two three ...". */
export function readPhone(written: string, pack: LanguagePack, minDigits: number): string | undefined {
  const digitCount = written.replace(/\D/g, '').length
  if (digitCount < minDigits) return undefined
  const groups = written.split(/[^\d]+/).filter((g) => g !== '')
  const spoken = groups.map((g) => readDigits(g, pack)).join(', ')
  return written.startsWith('+') ? `${pack.words.plus} ${spoken}` : spoken
}
