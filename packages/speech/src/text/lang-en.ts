// English (American usage) normalisation.
import { type LanguagePack, type NounForms, pluralOneOther } from './language-pack.js'
import { keepFinalStop, type NormRule, rule } from './normalize-engine.js'
import { below100En, cardinalEn, ordinalEn, pluralEn, yearEn } from './numbers-en.js'

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
const MONTH_WRITTEN =
  'Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?'
const YEAR_CONTEXT = new Set([
  'in',
  'since',
  'from',
  'by',
  'until',
  'till',
  'of',
  'year',
  'during',
  'before',
  'after',
  'circa',
  'around',
  'early',
  'late',
  'mid',
  'spring',
  'summer',
  'autumn',
  'fall',
  'winter',
  'born',
  'died',
  'founded',
  'built',
  'through',
  'between',
  'and',
  ...MONTHS.map((m) => m.toLowerCase()),
])

const n = (one: string, many: string): NounForms => ({ one, many })

function monthIndex(written: string): number {
  return MONTHS.findIndex((m) => m.toLowerCase().startsWith(written.slice(0, 3).toLowerCase()))
}

function time(hours: number, minutes: number): string {
  const h = cardinalEn(hours)
  if (minutes === 0) return hours >= 1 && hours <= 12 ? `${h} o'clock` : `${h} hundred`
  return minutes < 10 ? `${h} oh ${cardinalEn(minutes)}` : `${h} ${below100En(minutes)}`
}

const rules: NormRule[] = [
  // Dates with a month name: "March 15, 2024", "Mar. 15th", "15 March 2024", "15th of March".
  rule(
    ['word'],
    `(${MONTH_WRITTEN})\\.?[ \\u00a0](\\d{1,2})(?:st|nd|rd|th)?(?:,?[ \\u00a0](\\d{4}))?(?![\\p{L}\\p{N}])`,
    (m) => {
      const day = Number(m[2])
      if (day < 1 || day > 31) return undefined
      return `${MONTHS[monthIndex(m[1] ?? '')]} ${ordinalEn(day)}${m[3] ? `, ${yearEn(Number(m[3]))}` : ''}`
    },
  ),
  rule(
    ['digit'],
    `(\\d{1,2})(?:st|nd|rd|th)?[ \\u00a0](?:of[ \\u00a0])?(${MONTH_WRITTEN})\\.?(?:,?[ \\u00a0](\\d{4}))?(?![\\p{L}\\p{N}])`,
    (m, c) => {
      const day = Number(m[1])
      if (day < 1 || day > 31) return undefined
      const the = /\bthe[ \u00a0]*$/i.test(c.text.slice(Math.max(0, c.start - 5), c.start)) ? '' : 'the '
      return `${the}${ordinalEn(day)} of ${MONTHS[monthIndex(m[2] ?? '')]}${m[3] ? `, ${yearEn(Number(m[3]))}` : ''}`
    },
  ),
  // 2:30 pm, 9 a.m.
  rule(
    ['digit'],
    '(1[0-2]|0?[1-9])(?::([0-5]\\d))?[ \\u00a0]?([ap])\\.?[ \\u00a0]?m\\.?(?![\\p{L}])',
    (m, c) => {
      const minutes = Number(m[2] ?? 0)
      const h = cardinalEn(Number(m[1]))
      const mm = minutes === 0 ? '' : minutes < 10 ? ` oh ${cardinalEn(minutes)}` : ` ${below100En(minutes)}`
      return keepFinalStop(`${h}${mm} ${m[3]?.toLowerCase() === 'a' ? 'A M' : 'P M'}`, m[0], c.text, c.end)
    },
    'i',
  ),
  // Ordinals: 1st, 22nd, 103rd, 1,000th.
  rule(['digit'], '(\\d{1,3}(?:,\\d{3})+|\\d{1,15})(?:st|nd|rd|th)(?![\\p{L}\\p{N}])', (m) =>
    ordinalEn(Number((m[1] ?? '').replace(/,/g, ''))),
  ),
  // Decades: 1990s, '90s, 80s.
  rule(['digit'], '(1[1-9]|20)(\\d0)s(?![\\p{L}\\p{N}])', (m) => pluralEn(yearEn(Number(`${m[1]}${m[2]}`)))),
  rule(['digit', 'symbol'], "['’]?([1-9]0)s(?![\\p{L}\\p{N}])", (m) => pluralEn(below100En(Number(m[1])))),
  // Years: 1000-2099 after a year word ("in 1999") or at the end of a phrase ("It was 1999.").
  rule(['digit'], '(1\\d\\d\\d|20\\d\\d)(?![\\p{N}]|[.,]\\d)', (m, c) => {
    const before =
      /([\p{L}]+)[ \u00a0]*$/u.exec(c.text.slice(Math.max(0, c.start - 20), c.start))?.[1]?.toLowerCase() ??
      ''
    const after = c.text.slice(c.end, c.end + 12)
    const era = /^[ \u00a0]*(?:BC|AD|BCE|CE)\b/.test(after)
    const phraseEnd = /^[ \u00a0]*(?:$|[.,;:!?)\]"'”»—–])/u.test(after)
    return YEAR_CONTEXT.has(before) || era || phraseEnd ? yearEn(Number(m[1])) : undefined
  }),
]

export const langEn: LanguagePack = {
  code: 'en',
  decimalSeparator: '.',
  groupSeparators: [','],
  fractionDigits: 'digits',
  dateOrder: 'mdy',
  sayMinorUnit: true,
  words: {
    minus: 'minus',
    decimal: 'point',
    point: 'point',
    and: 'and',
    plus: 'plus',
    equals: 'equals',
    at: 'at',
    dot: 'dot',
    slash: 'slash',
    colon: 'colon',
    dash: 'dash',
    underscore: 'underscore',
    number: 'number',
    moneyJoin: 'and',
  },
  cardinal: (value) => cardinalEn(value),
  ordinal: ordinalEn,
  year: yearEn,
  plural: pluralOneOther,
  date: ({ year, month, day }) =>
    `${MONTHS[month - 1]} ${ordinalEn(day)}${year === undefined ? '' : `, ${yearEn(year)}`}`,
  time: (hours, minutes) => time(hours, minutes),
  units: {
    km: n('kilometer', 'kilometers'),
    m: n('meter', 'meters'),
    cm: n('centimeter', 'centimeters'),
    mm: n('millimeter', 'millimeters'),
    kg: n('kilogram', 'kilograms'),
    g: n('gram', 'grams'),
    mg: n('milligram', 'milligrams'),
    l: n('liter', 'liters'),
    L: n('liter', 'liters'),
    ml: n('milliliter', 'milliliters'),
    mL: n('milliliter', 'milliliters'),
    'km/h': n('kilometer per hour', 'kilometers per hour'),
    mph: n('mile per hour', 'miles per hour'),
    '°C': n('degree Celsius', 'degrees Celsius'),
    '°F': n('degree Fahrenheit', 'degrees Fahrenheit'),
    '°': n('degree', 'degrees'),
    '%': n('percent', 'percent'),
    KB: n('kilobyte', 'kilobytes'),
    kB: n('kilobyte', 'kilobytes'),
    MB: n('megabyte', 'megabytes'),
    GB: n('gigabyte', 'gigabytes'),
    TB: n('terabyte', 'terabytes'),
    h: n('hour', 'hours'),
    min: n('minute', 'minutes'),
    ms: n('millisecond', 'milliseconds'),
    Hz: n('hertz', 'hertz'),
    kHz: n('kilohertz', 'kilohertz'),
    MHz: n('megahertz', 'megahertz'),
    GHz: n('gigahertz', 'gigahertz'),
    kW: n('kilowatt', 'kilowatts'),
    kWh: n('kilowatt hour', 'kilowatt hours'),
    ft: n('foot', 'feet'),
    lb: n('pound', 'pounds'),
    lbs: n('pound', 'pounds'),
    oz: n('ounce', 'ounces'),
  },
  currencies: {
    USD: { major: n('dollar', 'dollars'), minor: n('cent', 'cents') },
    EUR: { major: n('euro', 'euros'), minor: n('cent', 'cents') },
    GBP: { major: n('pound', 'pounds'), minor: n('penny', 'pence') },
    PLN: { major: n('zloty', 'zlotys'), minor: n('grosz', 'groszy') },
    SEK: { major: n('krona', 'kronor'), minor: n('öre', 'öre') },
    BRL: { major: n('real', 'reais'), minor: n('centavo', 'centavos') },
    JPY: { major: n('yen', 'yen') },
    CHF: { major: n('franc', 'francs'), minor: n('centime', 'centimes') },
  },
  scales: [
    { pattern: 'thousand|k|K', forms: n('thousand', 'thousand') },
    { pattern: 'million', forms: n('million', 'million') },
    { pattern: 'billion', forms: n('billion', 'billion') },
    { pattern: 'trillion', forms: n('trillion', 'trillion') },
    { pattern: 'mn?|M', forms: n('million', 'million'), moneyOnly: true },
    { pattern: 'bn|b|B', forms: n('billion', 'billion'), moneyOnly: true },
    { pattern: 'tn', forms: n('trillion', 'trillion'), moneyOnly: true },
  ],
  abbreviations: [
    { written: 'Mr.', spoken: 'Mister' },
    { written: 'Mrs.', spoken: 'Missus' },
    { written: 'Ms.', spoken: 'Miz' },
    { written: 'Mr', spoken: 'Mister', before: 'name' },
    { written: 'Mrs', spoken: 'Missus', before: 'name' },
    { written: 'Dr.', spoken: 'Doctor', before: 'name' },
    { written: 'Dr', spoken: 'Doctor', before: 'name' },
    { written: 'Dr.', spoken: 'Drive' },
    { written: 'Prof.', spoken: 'Professor' },
    { written: 'St.', spoken: 'Saint', before: 'name' },
    { written: 'St.', spoken: 'Street' },
    { written: 'Mt.', spoken: 'Mount' },
    { written: 'Jr.', spoken: 'Junior' },
    { written: 'Sr.', spoken: 'Senior' },
    { written: 'Ave.', spoken: 'Avenue' },
    { written: 'Blvd.', spoken: 'Boulevard' },
    { written: 'Rd.', spoken: 'Road' },
    { written: 'Capt.', spoken: 'Captain' },
    { written: 'Gen.', spoken: 'General', before: 'name' },
    { written: 'Lt.', spoken: 'Lieutenant' },
    { written: 'Sgt.', spoken: 'Sergeant' },
    { written: 'Rev.', spoken: 'Reverend', before: 'name' },
    { written: 'Gov.', spoken: 'Governor', before: 'name' },
    { written: 'Sen.', spoken: 'Senator', before: 'name' },
    { written: 'etc.', spoken: 'et cetera', anyCase: true, canEndSentence: true },
    { written: 'e.g.', spoken: 'for example', anyCase: true },
    { written: 'i.e.', spoken: 'that is', anyCase: true },
    { written: 'vs.', spoken: 'versus', anyCase: true },
    { written: 'vs', spoken: 'versus' },
    { written: 'approx.', spoken: 'approximately', anyCase: true },
    { written: 'No.', spoken: 'number', before: 'number' },
    { written: 'no.', spoken: 'number', before: 'number' },
    { written: 'Nos.', spoken: 'numbers', before: 'number' },
    { written: 'Fig.', spoken: 'figure', anyCase: true, before: 'number' },
    { written: 'Vol.', spoken: 'volume', anyCase: true, before: 'number' },
    { written: 'Ch.', spoken: 'chapter', anyCase: true, before: 'number' },
    { written: 'pp.', spoken: 'pages', before: 'number' },
    { written: 'p.', spoken: 'page', before: 'number' },
    { written: 'Inc.', spoken: 'Incorporated', canEndSentence: true },
    { written: 'Ltd.', spoken: 'Limited', canEndSentence: true },
    { written: 'Dept.', spoken: 'Department' },
    { written: 'Corp.', spoken: 'Corporation', canEndSentence: true },
  ],
  rules,
}
