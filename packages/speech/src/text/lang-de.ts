// German normalisation.
import type { LanguagePack, NounForms, Surroundings } from './language-pack.js'
import { keepFinalStop, type NormRule, rule } from './normalize-engine.js'
import { cardinalDe, ordinalDe, yearDe } from './numbers-de.js'

const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
]
const MONTH_WRITTEN =
  'Jan(?:uar|\\.)?|Jänner|Feb(?:ruar|\\.)?|März|Mär\\.|Apr(?:il|\\.)?|Mai|Jun(?:i|\\.)|Jul(?:i|\\.)|Aug(?:ust|\\.)?|Sep(?:tember|t?\\.)|Okt(?:ober|\\.)|Nov(?:ember|\\.)|Dez(?:ember|\\.)'
/** After these words an ordinal ends in -en ("am ersten", "vom dritten"). */
const DATIVE = new Set([
  'am',
  'im',
  'vom',
  'zum',
  'beim',
  'dem',
  'den',
  'des',
  'einem',
  'einen',
  'eines',
  'zur',
  'ab',
  'seit',
  'bis',
  'ihrem',
  'seinem',
])
const ARTICLES = new Set([...DATIVE, 'der', 'die', 'das', 'ein', 'eine', 'jeder', 'jede', 'jedes'])

const n = (one: string, many: string, gender: NounForms['gender'] = 'm'): NounForms => ({ one, many, gender })

function monthOf(written: string): number {
  if (written === 'Jänner') return 1
  return MONTHS.findIndex((m) => m.startsWith(written.replace('.', '').slice(0, 3))) + 1
}

function ending(prevWord: string, fallback: string): string {
  const w = prevWord.toLowerCase()
  if (DATIVE.has(w)) return 'en'
  if (ARTICLES.has(w)) return 'e'
  return fallback
}

function date(year: number | undefined, month: number, day: number, around: Surroundings): string {
  const head = `${ordinalDe(day, ending(around.prevWord, 'er'))} ${MONTHS[month - 1]}`
  return year === undefined ? head : `${head} ${yearDe(year)}`
}

function time(hours: number, minutes: number): string {
  const h = `${cardinalDe(hours, 'm')} Uhr`
  return minutes === 0 ? h : `${h} ${cardinalDe(minutes)}`
}

const rules: NormRule[] = [
  // "14:30 Uhr", "14.30 Uhr", "1 Uhr".
  rule(['digit'], '([01]?\\d|2[0-3])(?:[:.]([0-5]\\d))?[ \\u00a0]?Uhr(?![\\p{L}])', (m) =>
    time(Number(m[1]), Number(m[2] ?? 0)),
  ),
  // "am 3. Mai 2024", "15. März".
  rule(
    ['digit'],
    `(\\d{1,2})\\.[ \\u00a0]?(${MONTH_WRITTEN})(?:[ \\u00a0](\\d{4}))?(?![\\p{L}\\p{N}])`,
    (m, c) => {
      const day = Number(m[1])
      if (day < 1 || day > 31) return undefined
      const prevWord =
        /([\p{L}]+)[ \u00a0]*$/u.exec(c.text.slice(Math.max(0, c.start - 12), c.start))?.[1] ?? ''
      return date(m[3] ? Number(m[3]) : undefined, monthOf(m[2] ?? ''), day, { prevWord, nextWord: '' })
    },
  ),
  // "15.03." (date without a year).
  rule(['digit'], '(\\d{1,2})\\.(\\d{1,2})\\.(?![\\d])', (m, c) => {
    const day = Number(m[1])
    const month = Number(m[2])
    if (day < 1 || day > 31 || month < 1 || month > 12) return undefined
    const prevWord =
      /([\p{L}]+)[ \u00a0]*$/u.exec(c.text.slice(Math.max(0, c.start - 12), c.start))?.[1] ?? ''
    return keepFinalStop(date(undefined, month, day, { prevWord, nextWord: '' }), m[0], c.text, c.end)
  }),
  // Ordinals: "der 2. Weltkrieg", "am 3. des Monats", "zum 5. mal".
  rule(['digit'], '(\\d{1,4})\\.(?=[ \\u00a0]+(\\p{L}))', (m, c) => {
    const prevWord =
      /([\p{L}]+)[ \u00a0]*$/u.exec(c.text.slice(Math.max(0, c.start - 12), c.start))?.[1] ?? ''
    const nextLower = /\p{Ll}/u.test(m[2] ?? '')
    if (!nextLower && !ARTICLES.has(prevWord.toLowerCase())) return undefined
    return ordinalDe(Number(m[1]), ending(prevWord, 'e'))
  }),
]

const lateRules: NormRule[] = [
  // Years 1100-1999 are said in hundreds ("neunzehnhundertneunundneunzig").
  rule(['digit'], '(1[1-9]\\d\\d)(?![\\p{N}]|[.,]\\d)', (m) => yearDe(Number(m[1]))),
]

export const langDe: LanguagePack = {
  code: 'de',
  decimalSeparator: ',',
  groupSeparators: ['.', ' ', '\u00a0', '\u202f'],
  fractionDigits: 'digits',
  dateOrder: 'dmy',
  sayMinorUnit: false,
  words: {
    minus: 'minus',
    decimal: 'Komma',
    point: 'Punkt',
    and: 'und',
    plus: 'plus',
    equals: 'gleich',
    at: 'at',
    dot: 'Punkt',
    slash: 'Schrägstrich',
    colon: 'Doppelpunkt',
    dash: 'Bindestrich',
    underscore: 'Unterstrich',
    number: 'Nummer',
    moneyJoin: '',
  },
  cardinal: cardinalDe,
  ordinal: (value) => ordinalDe(value),
  year: yearDe,
  plural: (value, isFraction) => (!isFraction && value === 1 ? 'one' : 'many'),
  date: ({ year, month, day }, around) => date(year, month, day, around),
  time: (hours, minutes) => time(hours, minutes),
  units: {
    km: n('Kilometer', 'Kilometer'),
    m: n('Meter', 'Meter'),
    cm: n('Zentimeter', 'Zentimeter'),
    mm: n('Millimeter', 'Millimeter'),
    kg: n('Kilogramm', 'Kilogramm', 'n'),
    g: n('Gramm', 'Gramm', 'n'),
    mg: n('Milligramm', 'Milligramm', 'n'),
    l: n('Liter', 'Liter'),
    L: n('Liter', 'Liter'),
    ml: n('Milliliter', 'Milliliter'),
    'km/h': n('Kilometer pro Stunde', 'Kilometer pro Stunde'),
    '°C': n('Grad Celsius', 'Grad Celsius', 'n'),
    '°F': n('Grad Fahrenheit', 'Grad Fahrenheit', 'n'),
    '°': n('Grad', 'Grad', 'n'),
    '%': n('Prozent', 'Prozent', 'n'),
    KB: n('Kilobyte', 'Kilobyte', 'n'),
    kB: n('Kilobyte', 'Kilobyte', 'n'),
    MB: n('Megabyte', 'Megabyte', 'n'),
    GB: n('Gigabyte', 'Gigabyte', 'n'),
    TB: n('Terabyte', 'Terabyte', 'n'),
    h: n('Stunde', 'Stunden', 'f'),
    min: n('Minute', 'Minuten', 'f'),
    ms: n('Millisekunde', 'Millisekunden', 'f'),
    Hz: n('Hertz', 'Hertz', 'n'),
    kW: n('Kilowatt', 'Kilowatt', 'n'),
    kWh: n('Kilowattstunde', 'Kilowattstunden', 'f'),
  },
  currencies: {
    USD: { major: n('Dollar', 'Dollar'), minor: n('Cent', 'Cent') },
    EUR: { major: n('Euro', 'Euro'), minor: n('Cent', 'Cent') },
    GBP: { major: n('Pfund', 'Pfund', 'n'), minor: n('Penny', 'Pence') },
    PLN: { major: n('Zloty', 'Zloty'), minor: n('Grosz', 'Groszy') },
    SEK: { major: n('Krone', 'Kronen', 'f'), minor: n('Öre', 'Öre', 'n') },
    BRL: { major: n('Real', 'Reais'), minor: n('Centavo', 'Centavos') },
    JPY: { major: n('Yen', 'Yen') },
    CHF: { major: n('Franken', 'Franken'), minor: n('Rappen', 'Rappen') },
  },
  scales: [
    { pattern: 'Tsd\\.', forms: n('tausend', 'tausend', 'n') },
    { pattern: 'Mio\\.|Millionen|Million', forms: n('Million', 'Millionen', 'f') },
    { pattern: 'Mrd\\.|Milliarden|Milliarde', forms: n('Milliarde', 'Milliarden', 'f') },
    { pattern: 'Bio\\.|Billionen|Billion', forms: n('Billion', 'Billionen', 'f') },
  ],
  abbreviations: [
    { written: 'z. B.', spoken: 'zum Beispiel', anyCase: true },
    { written: 'usw.', spoken: 'und so weiter', canEndSentence: true },
    { written: 'bzw.', spoken: 'beziehungsweise' },
    { written: 'd. h.', spoken: 'das heißt', anyCase: true },
    { written: 'u. a.', spoken: 'unter anderem' },
    { written: 'ca.', spoken: 'circa' },
    { written: 'Nr.', spoken: 'Nummer' },
    { written: 'Str.', spoken: 'Straße' },
    { written: 'evtl.', spoken: 'eventuell' },
    { written: 'ggf.', spoken: 'gegebenenfalls' },
    { written: 'inkl.', spoken: 'inklusive' },
    { written: 'z. T.', spoken: 'zum Teil' },
    { written: 'Dr.', spoken: 'Doktor' },
    { written: 'Prof.', spoken: 'Professor' },
    { written: 'St.', spoken: 'Sankt', before: 'name' },
    { written: 'etc.', spoken: 'et cetera', canEndSentence: true },
    { written: 'vgl.', spoken: 'vergleiche', anyCase: true },
    { written: 'Tel.', spoken: 'Telefon' },
    { written: 'sog.', spoken: 'sogenannt' },
    { written: 'u. U.', spoken: 'unter Umständen' },
    { written: 'o. Ä.', spoken: 'oder Ähnliches', canEndSentence: true },
    { written: 'Hr.', spoken: 'Herr' },
    { written: 'Hrn.', spoken: 'Herrn' },
    { written: 'Fr.', spoken: 'Frau', before: 'name' },
    { written: 'Jh.', spoken: 'Jahrhundert' },
    { written: 'geb.', spoken: 'geboren' },
    { written: 'bspw.', spoken: 'beispielsweise' },
    { written: 'max.', spoken: 'maximal' },
    { written: 'Abs.', spoken: 'Absatz', before: 'number' },
    { written: 'S.', spoken: 'Seite', before: 'number' },
    { written: 'Kap.', spoken: 'Kapitel', before: 'number' },
    { written: 'Mio.', spoken: 'Millionen' },
    { written: 'Mrd.', spoken: 'Milliarden' },
  ],
  rules,
  lateRules,
}
