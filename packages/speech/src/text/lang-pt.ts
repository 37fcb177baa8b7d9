// Portuguese normalisation, European (default) or Brazilian (`pt-BR`).
import type { LanguagePack, NounForms } from './language-pack.js'
import { type NormRule, rule } from './normalize-engine.js'
import { cardinalPt, ordinalPt, type PortugueseVariant } from './numbers-pt.js'

const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
]

const n = (one: string, many: string, gender: NounForms['gender'] = 'm'): NounForms => ({ one, many, gender })
const ofCurrency = (name: string): string => `de ${name}`

const packs = new Map<PortugueseVariant, LanguagePack>()

export function langPt(variant: PortugueseVariant): LanguagePack {
  const cached = packs.get(variant)
  if (cached) return cached
  const pack = buildPack(variant)
  packs.set(variant, pack)
  return pack
}

function buildPack(variant: PortugueseVariant): LanguagePack {
  const cardinal = (value: number, gender?: NounForms['gender']): string => cardinalPt(value, gender, variant)
  const time = (hours: number, minutes: number): string => {
    const h = `${cardinal(hours, 'f')} ${hours === 1 ? 'hora' : 'horas'}`
    return minutes === 0 ? h : `${h} e ${cardinal(minutes, 'm')}`
  }
  const cents = variant === 'BR' ? n('centavo', 'centavos') : n('cêntimo', 'cêntimos')
  const rules: NormRule[] = [
    // "14h30", "14h".
    rule(['digit'], '([01]?\\d|2[0-3])h(?:([0-5]\\d)(?:min)?)?(?![\\p{L}\\p{N}])', (m) =>
      time(Number(m[1]), Number(m[2] ?? 0)),
    ),
    // Ordinals: 1.º, 1º, 2.ª.
    rule(['digit'], '(\\d{1,6})\\.?([ºª])(?![\\p{L}\\p{N}])', (m) =>
      ordinalPt(Number(m[1]), m[2] === 'ª' ? 'f' : 'm', variant),
    ),
  ]
  return {
    code: 'pt',
    decimalSeparator: ',',
    groupSeparators: ['.', ' ', '\u00a0', '\u202f'],
    fractionDigits: 'number',
    dateOrder: 'dmy',
    sayMinorUnit: true,
    words: {
      minus: 'menos',
      decimal: 'vírgula',
      point: 'ponto',
      and: 'e',
      plus: 'mais',
      equals: 'igual a',
      at: 'arroba',
      dot: 'ponto',
      slash: 'barra',
      colon: 'dois pontos',
      dash: 'hífen',
      underscore: 'sublinhado',
      number: 'número',
      moneyJoin: 'e',
    },
    cardinal,
    ordinal: (value) => ordinalPt(value, 'm', variant),
    year: (value) => cardinal(value),
    plural: (value, isFraction) => (!isFraction && value === 1 ? 'one' : 'many'),
    date: ({ year, month, day }) =>
      `${day === 1 ? 'primeiro' : cardinal(day)} de ${MONTHS[month - 1]}${year === undefined ? '' : ` de ${cardinal(year)}`}`,
    time: (hours, minutes) => time(hours, minutes),
    units: {
      km: n('quilómetro', 'quilómetros'),
      m: n('metro', 'metros'),
      cm: n('centímetro', 'centímetros'),
      mm: n('milímetro', 'milímetros'),
      kg: n('quilograma', 'quilogramas'),
      g: n('grama', 'gramas'),
      mg: n('miligrama', 'miligramas'),
      l: n('litro', 'litros'),
      L: n('litro', 'litros'),
      ml: n('mililitro', 'mililitros'),
      'km/h': n('quilómetro por hora', 'quilómetros por hora'),
      '°C': n('grau Celsius', 'graus Celsius'),
      '°F': n('grau Fahrenheit', 'graus Fahrenheit'),
      '°': n('grau', 'graus'),
      '%': n('por cento', 'por cento'),
      KB: n('kilobyte', 'kilobytes'),
      kB: n('kilobyte', 'kilobytes'),
      MB: n('megabyte', 'megabytes'),
      GB: n('gigabyte', 'gigabytes'),
      TB: n('terabyte', 'terabytes'),
      h: n('hora', 'horas', 'f'),
      min: n('minuto', 'minutos'),
      ms: n('milissegundo', 'milissegundos'),
      Hz: n('hertz', 'hertz'),
      kW: n('quilowatt', 'quilowatts'),
      kWh: n('quilowatt-hora', 'quilowatts-hora'),
    },
    currencies: {
      USD: { major: n('dólar', 'dólares'), minor: cents },
      EUR: { major: n('euro', 'euros'), minor: cents },
      GBP: { major: n('libra', 'libras', 'f'), minor: n('péni', 'pence') },
      PLN: { major: n('zlóti', 'zlótis'), minor: n('grosz', 'groszy') },
      SEK: { major: n('coroa', 'coroas', 'f'), minor: n('öre', 'öre') },
      BRL: { major: n('real', 'reais'), minor: n('centavo', 'centavos') },
      JPY: { major: n('iene', 'ienes') },
      CHF: { major: n('franco', 'francos'), minor: n('cêntimo', 'cêntimos') },
    },
    scales: [
      { pattern: 'mil milhões', forms: n('mil milhões', 'mil milhões'), currencyJoin: ofCurrency },
      { pattern: 'milhão|milhões|M', forms: n('milhão', 'milhões'), currencyJoin: ofCurrency },
      { pattern: 'bilhão|bilhões', forms: n('bilhão', 'bilhões'), currencyJoin: ofCurrency },
    ],
    abbreviations: [
      { written: 'Sr.', spoken: 'senhor' },
      { written: 'Sra.', spoken: 'senhora' },
      { written: 'Dr.', spoken: 'doutor' },
      { written: 'Dra.', spoken: 'doutora' },
      { written: 'Prof.', spoken: 'professor' },
      { written: 'Profa.', spoken: 'professora' },
      { written: 'etc.', spoken: 'etcétera', canEndSentence: true },
      { written: 'p. ex.', spoken: 'por exemplo' },
      { written: 'n.º', spoken: 'número' },
      { written: 'nº', spoken: 'número' },
      { written: 'N.º', spoken: 'número' },
      { written: 'pág.', spoken: 'página' },
      { written: 'Av.', spoken: 'avenida' },
      { written: 'R.', spoken: 'rua', before: 'name' },
      { written: 'aprox.', spoken: 'aproximadamente' },
      { written: 'Exmo.', spoken: 'excelentíssimo' },
      { written: 'Exma.', spoken: 'excelentíssima' },
      { written: 'V. Exa.', spoken: 'Vossa Excelência' },
      { written: 'tel.', spoken: 'telefone' },
      { written: 'Lda.', spoken: 'limitada', canEndSentence: true },
    ],
    rules,
  }
}
