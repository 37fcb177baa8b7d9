// French normalisation.
import type { LanguagePack, NounForms } from './language-pack.js'
import { type NormRule, rule } from './normalize-engine.js'
import { cardinalFr, ordinalFr } from './numbers-fr.js'

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
]

const n = (one: string, many: string, gender: NounForms['gender'] = 'm'): NounForms => ({ one, many, gender })
const ofCurrency = (name: string): string => (/^[aeéiouy]/i.test(name) ? `d'${name}` : `de ${name}`)

function time(hours: number, minutes: number): string {
  const h = `${cardinalFr(hours, 'f')} ${hours < 2 ? 'heure' : 'heures'}`
  return minutes === 0 ? h : `${h} ${cardinalFr(minutes, 'f')}`
}

const rules: NormRule[] = [
  // "14h30", "14 h 30", "9h".
  rule(['digit'], '([01]?\\d|2[0-3])[ \\u00a0]?h(?:[ \\u00a0]?([0-5]\\d))?(?![\\p{L}\\p{N}])', (m) =>
    time(Number(m[1]), Number(m[2] ?? 0)),
  ),
  // Ordinals: 1er, 1re, 1ère, 2e, 2ème, 3è, 2nd, 2nde.
  rule(['digit'], '(\\d{1,9})(er|re|ère|e|ème|è|nd|nde)(?![\\p{L}\\p{N}])', (m) => {
    const value = Number(m[1])
    const suffix = m[2] ?? ''
    if (suffix === 'nd') return value === 2 ? 'second' : undefined
    if (suffix === 'nde') return value === 2 ? 'seconde' : undefined
    if ((suffix === 'er' || suffix === 're' || suffix === 'ère') && value !== 1) return undefined
    return ordinalFr(value, suffix === 're' || suffix === 'ère' ? 'f' : 'm')
  }),
]

export const langFr: LanguagePack = {
  code: 'fr',
  decimalSeparator: ',',
  groupSeparators: [' ', '\u00a0', '\u202f'],
  fractionDigits: 'number',
  dateOrder: 'dmy',
  sayMinorUnit: false,
  words: {
    minus: 'moins',
    decimal: 'virgule',
    point: 'point',
    and: 'et',
    plus: 'plus',
    equals: 'égale',
    at: 'arobase',
    dot: 'point',
    slash: 'barre oblique',
    colon: 'deux-points',
    dash: 'tiret',
    underscore: 'tiret bas',
    number: 'numéro',
    moneyJoin: '',
  },
  cardinal: cardinalFr,
  ordinal: (value) => ordinalFr(value),
  year: (value) => cardinalFr(value),
  // French singular runs below two: "1,5 kilomètre", "zéro euro".
  plural: (value, isFraction) => (value < 2 && !(isFraction && value >= 2) ? 'one' : 'many'),
  date: ({ year, month, day }) =>
    `${day === 1 ? 'premier' : cardinalFr(day)} ${MONTHS[month - 1]}${year === undefined ? '' : ` ${cardinalFr(year)}`}`,
  time: (hours, minutes) => time(hours, minutes),
  units: {
    km: n('kilomètre', 'kilomètres'),
    m: n('mètre', 'mètres'),
    cm: n('centimètre', 'centimètres'),
    mm: n('millimètre', 'millimètres'),
    kg: n('kilogramme', 'kilogrammes'),
    g: n('gramme', 'grammes'),
    mg: n('milligramme', 'milligrammes'),
    l: n('litre', 'litres'),
    L: n('litre', 'litres'),
    ml: n('millilitre', 'millilitres'),
    'km/h': n('kilomètre par heure', 'kilomètres par heure'),
    '°C': n('degré Celsius', 'degrés Celsius'),
    '°F': n('degré Fahrenheit', 'degrés Fahrenheit'),
    '°': n('degré', 'degrés'),
    '%': n('pour cent', 'pour cent'),
    Ko: n('kilooctet', 'kilooctets'),
    Mo: n('mégaoctet', 'mégaoctets'),
    Go: n('gigaoctet', 'gigaoctets'),
    To: n('téraoctet', 'téraoctets'),
    KB: n('kilooctet', 'kilooctets'),
    MB: n('mégaoctet', 'mégaoctets'),
    GB: n('gigaoctet', 'gigaoctets'),
    TB: n('téraoctet', 'téraoctets'),
    min: n('minute', 'minutes', 'f'),
    ms: n('milliseconde', 'millisecondes', 'f'),
    Hz: n('hertz', 'hertz'),
    kW: n('kilowatt', 'kilowatts'),
    kWh: n('kilowattheure', 'kilowattheures'),
  },
  currencies: {
    USD: { major: n('dollar', 'dollars'), minor: n('cent', 'cents') },
    EUR: { major: n('euro', 'euros'), minor: n('centime', 'centimes') },
    GBP: { major: n('livre', 'livres', 'f'), minor: n('penny', 'pence') },
    PLN: { major: n('zloty', 'zlotys'), minor: n('grosz', 'groszy') },
    SEK: { major: n('couronne', 'couronnes', 'f'), minor: n('öre', 'öre') },
    BRL: { major: n('réal', 'réais'), minor: n('centavo', 'centavos') },
    JPY: { major: n('yen', 'yens') },
    CHF: { major: n('franc', 'francs'), minor: n('centime', 'centimes') },
  },
  scales: [
    { pattern: 'k', forms: n('mille', 'mille') },
    { pattern: 'millions?|M', forms: n('million', 'millions'), currencyJoin: ofCurrency },
    { pattern: 'milliards?|Mds?', forms: n('milliard', 'milliards'), currencyJoin: ofCurrency },
  ],
  abbreviations: [
    { written: 'M.', spoken: 'Monsieur', before: 'name' },
    { written: 'MM.', spoken: 'Messieurs', before: 'name' },
    { written: 'Mme', spoken: 'Madame' },
    { written: 'Mmes', spoken: 'Mesdames' },
    { written: 'Mlle', spoken: 'Mademoiselle' },
    { written: 'Dr', spoken: 'Docteur', before: 'name' },
    { written: 'Dr.', spoken: 'Docteur' },
    { written: 'Pr', spoken: 'Professeur', before: 'name' },
    { written: 'St', spoken: 'Saint', before: 'name' },
    { written: 'Ste', spoken: 'Sainte', before: 'name' },
    { written: 'etc.', spoken: 'et cetera', canEndSentence: true },
    { written: 'p. ex.', spoken: 'par exemple' },
    { written: 'c.-à-d.', spoken: "c'est-à-dire" },
    { written: 'n°', spoken: 'numéro' },
    { written: 'N°', spoken: 'numéro' },
    { written: 'av.', spoken: 'avenue' },
    { written: 'bd', spoken: 'boulevard', before: 'name' },
    { written: 'env.', spoken: 'environ' },
    { written: 'cf.', spoken: 'confer' },
    { written: 'tél.', spoken: 'téléphone' },
    { written: 'Tél.', spoken: 'téléphone' },
    { written: 'p.', spoken: 'page', before: 'number' },
    { written: 'vol.', spoken: 'volume', before: 'number' },
    { written: 'chap.', spoken: 'chapitre', before: 'number' },
  ],
  rules,
}
