// Swedish normalisation.
import type { LanguagePack, NounForms } from './language-pack.js'
import { type NormRule, rule } from './normalize-engine.js'
import { cardinalSv, ordinalSv, yearSv } from './numbers-sv.js'

const MONTHS = [
  'januari',
  'februari',
  'mars',
  'april',
  'maj',
  'juni',
  'juli',
  'augusti',
  'september',
  'oktober',
  'november',
  'december',
]

/** Swedish nouns: 'm' stands for common gender ("en"), 'n' for neuter ("ett"). */
const n = (one: string, many: string, gender: NounForms['gender'] = 'm'): NounForms => ({ one, many, gender })

/** "14:30" -> "fjorton och trettio", "9:05" -> "nio och fem", "14:00" -> "fjorton". */
function time(hours: number, minutes: number): string {
  const h = cardinalSv(hours)
  return minutes === 0 ? h : `${h} och ${cardinalSv(minutes)}`
}

const rules: NormRule[] = [
  // "kl. 14.30", "kl 9".
  rule(
    ['word'],
    'kl\\.?[ \\u00a0]?([01]?\\d|2[0-3])(?:[.:]([0-5]\\d))?(?![\\p{N}])',
    (m) => `klockan ${time(Number(m[1]), Number(m[2] ?? 0))}`,
  ),
  // Ordinals: 1:a, 2:a, 3:e, 21:a.
  rule(['digit'], '(\\d{1,9}):(a|e)(?![\\p{L}\\p{N}])', (m) => ordinalSv(Number(m[1]))),
  // "15 mars 2024" -> "femtonde mars tvåtusentjugofyra".
  rule(
    ['digit'],
    `(\\d{1,2})[ \\u00a0](${MONTHS.join('|')})(?:[ \\u00a0](\\d{4}))?(?![\\p{L}\\p{N}])`,
    (m) => {
      const day = Number(m[1])
      if (day < 1 || day > 31) return undefined
      return `${ordinalSv(day)} ${m[2]}${m[3] ? ` ${yearSv(Number(m[3]))}` : ''}`
    },
  ),
]

const lateRules: NormRule[] = [
  // Years 1100-1999 in hundreds ("nittonhundranittionio").
  rule(['digit'], '(1[1-9]\\d\\d)(?![\\p{N}]|[.,]\\d)', (m) => yearSv(Number(m[1]))),
]

export const langSv: LanguagePack = {
  code: 'sv',
  decimalSeparator: ',',
  groupSeparators: [' ', '\u00a0', '\u202f'],
  fractionDigits: 'number',
  dateOrder: 'dmy',
  sayMinorUnit: true,
  words: {
    minus: 'minus',
    decimal: 'komma',
    point: 'punkt',
    and: 'och',
    plus: 'plus',
    equals: 'är lika med',
    at: 'snabel-a',
    dot: 'punkt',
    slash: 'snedstreck',
    colon: 'kolon',
    dash: 'bindestreck',
    underscore: 'understreck',
    number: 'nummer',
    moneyJoin: 'och',
  },
  cardinal: cardinalSv,
  ordinal: ordinalSv,
  year: yearSv,
  plural: (value, isFraction) => (!isFraction && value === 1 ? 'one' : 'many'),
  date: ({ year, month, day }) =>
    `${ordinalSv(day)} ${MONTHS[month - 1]}${year === undefined ? '' : ` ${yearSv(year)}`}`,
  time: (hours, minutes) => time(hours, minutes),
  units: {
    km: n('kilometer', 'kilometer'),
    m: n('meter', 'meter'),
    cm: n('centimeter', 'centimeter'),
    mm: n('millimeter', 'millimeter'),
    kg: n('kilo', 'kilo', 'n'),
    g: n('gram', 'gram', 'n'),
    mg: n('milligram', 'milligram', 'n'),
    l: n('liter', 'liter'),
    L: n('liter', 'liter'),
    ml: n('milliliter', 'milliliter'),
    'km/h': n('kilometer i timmen', 'kilometer i timmen'),
    '°C': n('grad Celsius', 'grader Celsius'),
    '°F': n('grad Fahrenheit', 'grader Fahrenheit'),
    '°': n('grad', 'grader'),
    '%': n('procent', 'procent'),
    KB: n('kilobyte', 'kilobyte'),
    kB: n('kilobyte', 'kilobyte'),
    MB: n('megabyte', 'megabyte'),
    GB: n('gigabyte', 'gigabyte'),
    TB: n('terabyte', 'terabyte'),
    h: n('timme', 'timmar'),
    min: n('minut', 'minuter'),
    ms: n('millisekund', 'millisekunder'),
    st: n('stycke', 'stycken', 'n'),
    Hz: n('hertz', 'hertz'),
    kW: n('kilowatt', 'kilowatt'),
    kWh: n('kilowattimme', 'kilowattimmar'),
  },
  currencies: {
    USD: { major: n('dollar', 'dollar'), minor: n('cent', 'cent') },
    EUR: { major: n('euro', 'euro'), minor: n('cent', 'cent') },
    GBP: { major: n('pund', 'pund', 'n'), minor: n('penny', 'pence') },
    PLN: { major: n('zloty', 'zloty'), minor: n('grosz', 'groszy') },
    SEK: { major: n('krona', 'kronor'), minor: n('öre', 'öre', 'n') },
    BRL: { major: n('real', 'reais'), minor: n('centavo', 'centavos') },
    JPY: { major: n('yen', 'yen') },
    CHF: { major: n('franc', 'franc'), minor: n('rappen', 'rappen') },
  },
  scales: [
    { pattern: 'miljoner|miljon|milj\\.|mn', forms: n('miljon', 'miljoner') },
    { pattern: 'miljarder|miljard|mdr|md', forms: n('miljard', 'miljarder') },
  ],
  abbreviations: [
    { written: 't.ex.', spoken: 'till exempel' },
    { written: 'bl.a.', spoken: 'bland annat' },
    { written: 'dvs.', spoken: 'det vill säga' },
    { written: 'd.v.s.', spoken: 'det vill säga' },
    { written: 'osv.', spoken: 'och så vidare', canEndSentence: true },
    { written: 'o.s.v.', spoken: 'och så vidare', canEndSentence: true },
    { written: 'etc.', spoken: 'etcetera', canEndSentence: true },
    { written: 'ca', spoken: 'cirka', before: 'number' },
    { written: 'ca.', spoken: 'cirka' },
    { written: 'kl.', spoken: 'klockan' },
    { written: 'nr', spoken: 'nummer', before: 'number' },
    { written: 's.', spoken: 'sidan', before: 'number' },
    { written: 'f.d.', spoken: 'före detta' },
    { written: 'm.m.', spoken: 'med mera', canEndSentence: true },
    { written: 'm.fl.', spoken: 'med flera', canEndSentence: true },
    { written: 'p.g.a.', spoken: 'på grund av' },
    { written: 'pga.', spoken: 'på grund av' },
    { written: 'fr.o.m.', spoken: 'från och med' },
    { written: 't.o.m.', spoken: 'till och med' },
    { written: 'jfr', spoken: 'jämför' },
    { written: 'resp.', spoken: 'respektive' },
    { written: 'ang.', spoken: 'angående' },
    { written: 'Dr', spoken: 'doktor', before: 'name' },
  ],
  rules,
  lateRules,
}
