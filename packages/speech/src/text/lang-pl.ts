// Polish normalisation. Simplifications (documented in the report): dates are read with the
// day in the genitive ("piętnastego marca", as in running text); ordinals with a dot are read
// in the masculine nominative whatever noun follows; cardinals stay in the nominative (no
// case agreement after prepositions: "od 5 do 10" -> "od pięć do dziesięć").
import type { LanguagePack, NounForms, Surroundings } from './language-pack.js'
import { keepFinalStop, type NormRule, rule } from './normalize-engine.js'
import { cardinalPl, ordinalPl, pluralPl } from './numbers-pl.js'

const MONTHS_GENITIVE = [
  'stycznia',
  'lutego',
  'marca',
  'kwietnia',
  'maja',
  'czerwca',
  'lipca',
  'sierpnia',
  'września',
  'października',
  'listopada',
  'grudnia',
]

const f4 = (
  one: string,
  few: string,
  many: string,
  fraction: string,
  gender: NounForms['gender'] = 'm',
): NounForms => ({ one, few, many, fraction, gender })
const same = (word: string, gender: NounForms['gender'] = 'n'): NounForms => ({
  one: word,
  few: word,
  many: word,
  fraction: word,
  gender,
})

function date(year: number | undefined, month: number, day: number): string {
  const head = `${ordinalPl(day, 'gen-m')} ${MONTHS_GENITIVE[month - 1]}`
  return year === undefined ? head : `${head} ${ordinalPl(year, 'gen-m')} roku`
}

/** "14:30" -> "czternasta trzydzieści"; after "o", "od", "do", "po", "przed": "czternastej". */
function time(hours: number, minutes: number, around: Surroundings): string {
  const oblique = /^(?:o|od|do|po|przed|około|ok)$/i.test(around.prevWord)
  const h = hours === 0 ? 'zero' : ordinalPl(hours, oblique ? 'gen-f' : 'nom-f')
  if (minutes === 0) return h
  return minutes < 10 ? `${h} zero ${cardinalPl(minutes)}` : `${h} ${cardinalPl(minutes)}`
}

const rules: NormRule[] = [
  // "15 marca 2024 r.", "1 maja".
  rule(
    ['digit'],
    `(\\d{1,2})[ \\u00a0](${MONTHS_GENITIVE.join('|')})(?:[ \\u00a0](\\d{4})(?:[ \\u00a0]?(?:r\\.|roku)(?![\\p{L}]))?)?(?![\\p{L}\\p{N}])`,
    (m, c) => {
      const day = Number(m[1])
      if (day < 1 || day > 31) return undefined
      const words = date(m[3] ? Number(m[3]) : undefined, MONTHS_GENITIVE.indexOf(m[2] ?? '') + 1, day)
      return keepFinalStop(words, m[0], c.text, c.end)
    },
  ),
  // Numeric dates followed by "r." / "roku" lose that word (the date already says "roku").
  rule(
    ['digit'],
    '(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4})(?:[ \\u00a0]?(?:r\\.|roku)(?![\\p{L}]))?(?![\\p{N}])',
    (m, c) => {
      const day = Number(m[1])
      const month = Number(m[2])
      if (day < 1 || day > 31 || month < 1 || month > 12) return undefined
      return keepFinalStop(date(Number(m[3]), month, day), m[0], c.text, c.end)
    },
  ),
  // "w 2024 r." -> "w dwa tysiące dwudziestym czwartym roku" is locative; the genitive
  // "roku" form is used for both (simplified).
  rule(['digit'], '(\\d{3,4})[ \\u00a0]?(?:r\\.|roku)(?![\\p{L}])', (m, c) =>
    keepFinalStop(`${ordinalPl(Number(m[1]), 'gen-m')} roku`, m[0], c.text, c.end),
  ),
  // Ordinals with a dot before a lower-case word: "3. miejsce".
  rule(['digit'], '(\\d{1,5})\\.(?=[ \\u00a0]+\\p{Ll})', (m) => ordinalPl(Number(m[1]))),
]

export const langPl: LanguagePack = {
  code: 'pl',
  decimalSeparator: ',',
  groupSeparators: [' ', '\u00a0', '\u202f'],
  fractionDigits: 'number',
  dateOrder: 'dmy',
  sayMinorUnit: true,
  words: {
    minus: 'minus',
    decimal: 'przecinek',
    point: 'kropka',
    and: 'i',
    plus: 'plus',
    equals: 'równa się',
    at: 'małpa',
    dot: 'kropka',
    slash: 'ukośnik',
    colon: 'dwukropek',
    dash: 'myślnik',
    underscore: 'podkreślnik',
    number: 'numer',
    moneyJoin: '',
  },
  cardinal: cardinalPl,
  ordinal: (value) => ordinalPl(value),
  year: (value) => cardinalPl(value),
  plural: pluralPl,
  date: ({ year, month, day }) => date(year, month, day),
  time,
  units: {
    km: f4('kilometr', 'kilometry', 'kilometrów', 'kilometra'),
    m: f4('metr', 'metry', 'metrów', 'metra'),
    cm: f4('centymetr', 'centymetry', 'centymetrów', 'centymetra'),
    mm: f4('milimetr', 'milimetry', 'milimetrów', 'milimetra'),
    kg: f4('kilogram', 'kilogramy', 'kilogramów', 'kilograma'),
    g: f4('gram', 'gramy', 'gramów', 'grama'),
    mg: f4('miligram', 'miligramy', 'miligramów', 'miligrama'),
    l: f4('litr', 'litry', 'litrów', 'litra'),
    L: f4('litr', 'litry', 'litrów', 'litra'),
    ml: f4('mililitr', 'mililitry', 'mililitrów', 'mililitra'),
    'km/h': f4(
      'kilometr na godzinę',
      'kilometry na godzinę',
      'kilometrów na godzinę',
      'kilometra na godzinę',
    ),
    '°C': f4('stopień Celsjusza', 'stopnie Celsjusza', 'stopni Celsjusza', 'stopnia Celsjusza'),
    '°F': f4('stopień Fahrenheita', 'stopnie Fahrenheita', 'stopni Fahrenheita', 'stopnia Fahrenheita'),
    '°': f4('stopień', 'stopnie', 'stopni', 'stopnia'),
    '%': same('procent', 'm'),
    KB: f4('kilobajt', 'kilobajty', 'kilobajtów', 'kilobajta'),
    kB: f4('kilobajt', 'kilobajty', 'kilobajtów', 'kilobajta'),
    MB: f4('megabajt', 'megabajty', 'megabajtów', 'megabajta'),
    GB: f4('gigabajt', 'gigabajty', 'gigabajtów', 'gigabajta'),
    TB: f4('terabajt', 'terabajty', 'terabajtów', 'terabajta'),
    h: f4('godzina', 'godziny', 'godzin', 'godziny', 'f'),
    min: f4('minuta', 'minuty', 'minut', 'minuty', 'f'),
    ms: f4('milisekunda', 'milisekundy', 'milisekund', 'milisekundy', 'f'),
    gr: f4('grosz', 'grosze', 'groszy', 'grosza'),
    Hz: same('herc', 'm'),
    kW: f4('kilowat', 'kilowaty', 'kilowatów', 'kilowata'),
    kWh: f4('kilowatogodzina', 'kilowatogodziny', 'kilowatogodzin', 'kilowatogodziny', 'f'),
  },
  currencies: {
    USD: { major: f4('dolar', 'dolary', 'dolarów', 'dolara'), minor: f4('cent', 'centy', 'centów', 'centa') },
    EUR: { major: same('euro'), minor: f4('cent', 'centy', 'centów', 'centa') },
    GBP: { major: f4('funt', 'funty', 'funtów', 'funta'), minor: f4('pens', 'pensy', 'pensów', 'pensa') },
    PLN: {
      major: f4('złoty', 'złote', 'złotych', 'złotego'),
      minor: f4('grosz', 'grosze', 'groszy', 'grosza'),
    },
    SEK: { major: f4('korona', 'korony', 'koron', 'korony', 'f'), minor: same('öre') },
    BRL: { major: f4('real', 'reale', 'reali', 'reala'), minor: same('centavo') },
    JPY: { major: f4('jen', 'jeny', 'jenów', 'jena') },
    CHF: {
      major: f4('frank', 'franki', 'franków', 'franka'),
      minor: f4('centym', 'centymy', 'centymów', 'centyma'),
    },
  },
  scales: [
    { pattern: 'tys\\.', forms: f4('tysiąc', 'tysiące', 'tysięcy', 'tysiąca') },
    { pattern: 'mln|milion(?:y|ów|a)?', forms: f4('milion', 'miliony', 'milionów', 'miliona') },
    { pattern: 'mld|miliard(?:y|ów|a)?', forms: f4('miliard', 'miliardy', 'miliardów', 'miliarda') },
  ],
  abbreviations: [
    { written: 'ul.', spoken: 'ulica' },
    { written: 'np.', spoken: 'na przykład' },
    { written: 'itd.', spoken: 'i tak dalej', canEndSentence: true },
    { written: 'itp.', spoken: 'i tym podobne', canEndSentence: true },
    { written: 'tzn.', spoken: 'to znaczy' },
    { written: 'tj.', spoken: 'to jest' },
    { written: 'tzw.', spoken: 'tak zwany' },
    { written: 'dr', spoken: 'doktor', before: 'name' },
    { written: 'prof.', spoken: 'profesor' },
    { written: 'mgr', spoken: 'magister' },
    { written: 'inż.', spoken: 'inżynier' },
    { written: 'godz.', spoken: 'godzina' },
    { written: 'ok.', spoken: 'około' },
    { written: 'św.', spoken: 'święty' },
    { written: 'al.', spoken: 'aleja' },
    { written: 'pl.', spoken: 'plac', before: 'name' },
    { written: 'nr', spoken: 'numer', before: 'number' },
    { written: 'wg', spoken: 'według' },
    { written: 'm.in.', spoken: 'między innymi' },
    { written: 'tel.', spoken: 'telefon' },
    { written: 'ww.', spoken: 'wyżej wymieniony' },
    { written: 'tys.', spoken: 'tysięcy' },
    { written: 'mln', spoken: 'milionów' },
    { written: 'mld', spoken: 'miliardów' },
    { written: 'pn.', spoken: 'pod nazwą' },
  ],
  rules,
}
