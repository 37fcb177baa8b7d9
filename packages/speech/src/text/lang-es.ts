// Spanish (Spain) normalisation.
import type { LanguagePack, NounForms } from './language-pack.js'
import { type NormRule, rule } from './normalize-engine.js'
import { cardinalEs, ordinalEs } from './numbers-es.js'

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
]

const n = (one: string, many: string, gender: NounForms['gender'] = 'm'): NounForms => ({ one, many, gender })
const ofCurrency = (name: string): string => `de ${name}`

function time(hours: number, minutes: number): string {
  const h = cardinalEs(hours, 'f')
  if (minutes === 0) return `${h} ${hours === 1 ? 'hora' : 'horas'}`
  return `${h} y ${cardinalEs(minutes, 'm')}`
}

const rules: NormRule[] = [
  // Ordinals: 1.º, 1º, 1.ª, 3.er, 2.os.
  rule(['digit'], '(\\d{1,6})\\.?(º|ª|°|er|os|as)(?![\\p{L}\\p{N}])', (m, c) => {
    const suffix = m[2] ?? ''
    const value = Number(m[1])
    // "°" is a degree sign unless it follows a dot ("1.°"), as some keyboards write the ordinal.
    if (suffix === '°' && !c.text.slice(c.start, c.end).includes('.')) return undefined
    if (suffix === 'er') return value === 1 || value === 3 ? ordinalEs(value, 'm', true) : undefined
    if (suffix === 'os') return `${ordinalEs(value, 'm')}s`
    if (suffix === 'as') return `${ordinalEs(value, 'f')}s`
    return ordinalEs(value, suffix === 'ª' ? 'f' : 'm')
  }),
]

export const langEs: LanguagePack = {
  code: 'es',
  decimalSeparator: ',',
  groupSeparators: ['.', ' ', '\u00a0', '\u202f'],
  fractionDigits: 'number',
  dateOrder: 'dmy',
  sayMinorUnit: true,
  words: {
    minus: 'menos',
    decimal: 'coma',
    point: 'punto',
    and: 'y',
    plus: 'más',
    equals: 'igual a',
    at: 'arroba',
    dot: 'punto',
    slash: 'barra',
    colon: 'dos puntos',
    dash: 'guion',
    underscore: 'guion bajo',
    number: 'número',
    moneyJoin: 'con',
  },
  cardinal: cardinalEs,
  ordinal: (value) => ordinalEs(value),
  year: (value) => cardinalEs(value),
  plural: (value, isFraction) => (!isFraction && value === 1 ? 'one' : 'many'),
  date: ({ year, month, day }) =>
    `${cardinalEs(day)} de ${MONTHS[month - 1]}${year === undefined ? '' : ` de ${cardinalEs(year)}`}`,
  time: (hours, minutes) => time(hours, minutes),
  units: {
    km: n('kilómetro', 'kilómetros'),
    m: n('metro', 'metros'),
    cm: n('centímetro', 'centímetros'),
    mm: n('milímetro', 'milímetros'),
    kg: n('kilogramo', 'kilogramos'),
    g: n('gramo', 'gramos'),
    mg: n('miligramo', 'miligramos'),
    l: n('litro', 'litros'),
    L: n('litro', 'litros'),
    ml: n('mililitro', 'mililitros'),
    'km/h': n('kilómetro por hora', 'kilómetros por hora'),
    '°C': n('grado centígrado', 'grados centígrados'),
    '°F': n('grado Fahrenheit', 'grados Fahrenheit'),
    '°': n('grado', 'grados'),
    '%': n('por ciento', 'por ciento'),
    KB: n('kilobyte', 'kilobytes'),
    kB: n('kilobyte', 'kilobytes'),
    MB: n('megabyte', 'megabytes'),
    GB: n('gigabyte', 'gigabytes'),
    TB: n('terabyte', 'terabytes'),
    h: n('hora', 'horas', 'f'),
    min: n('minuto', 'minutos'),
    ms: n('milisegundo', 'milisegundos'),
    Hz: n('hercio', 'hercios'),
    kW: n('kilovatio', 'kilovatios'),
    kWh: n('kilovatio hora', 'kilovatios hora'),
  },
  currencies: {
    USD: { major: n('dólar', 'dólares'), minor: n('centavo', 'centavos') },
    EUR: { major: n('euro', 'euros'), minor: n('céntimo', 'céntimos') },
    GBP: { major: n('libra', 'libras', 'f'), minor: n('penique', 'peniques') },
    PLN: { major: n('esloti', 'eslotis'), minor: n('grosz', 'groszy') },
    SEK: { major: n('corona', 'coronas', 'f'), minor: n('öre', 'öre') },
    BRL: { major: n('real', 'reales'), minor: n('centavo', 'centavos') },
    JPY: { major: n('yen', 'yenes') },
    CHF: { major: n('franco', 'francos'), minor: n('céntimo', 'céntimos') },
  },
  scales: [
    { pattern: 'mil millones', forms: n('mil millones', 'mil millones'), currencyJoin: ofCurrency },
    { pattern: 'millón|millones|M', forms: n('millón', 'millones'), currencyJoin: ofCurrency },
  ],
  abbreviations: [
    { written: 'Sr.', spoken: 'señor' },
    { written: 'Sra.', spoken: 'señora' },
    { written: 'Srta.', spoken: 'señorita' },
    { written: 'Sres.', spoken: 'señores' },
    { written: 'Dr.', spoken: 'doctor' },
    { written: 'Dra.', spoken: 'doctora' },
    { written: 'Dña.', spoken: 'doña' },
    { written: 'D.', spoken: 'don', before: 'name' },
    { written: 'Ud.', spoken: 'usted' },
    { written: 'Uds.', spoken: 'ustedes' },
    { written: 'Vd.', spoken: 'usted' },
    { written: 'Prof.', spoken: 'profesor' },
    { written: 'etc.', spoken: 'etcétera', canEndSentence: true },
    { written: 'p. ej.', spoken: 'por ejemplo' },
    { written: 'núm.', spoken: 'número' },
    { written: 'Núm.', spoken: 'número' },
    { written: 'n.º', spoken: 'número' },
    { written: 'pág.', spoken: 'página' },
    { written: 'aprox.', spoken: 'aproximadamente' },
    { written: 'Avda.', spoken: 'avenida' },
    { written: 'Av.', spoken: 'avenida' },
    { written: 'c/', spoken: 'calle' },
    { written: 'EE. UU.', spoken: 'Estados Unidos' },
    { written: 'tel.', spoken: 'teléfono' },
    { written: 'Tel.', spoken: 'teléfono' },
  ],
  rules,
}
