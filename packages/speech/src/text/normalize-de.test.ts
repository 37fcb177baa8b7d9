import { describe, expect, it } from 'vitest'
import { normalize } from './testing-normalize.js'

const cases: Array<[string, string, string]> = [
  ['grouped number with full stops', 'Es kostet 1.000 Euro.', 'Es kostet eintausend Euro.'],
  ['grouped number with spaces', '1 000 000', 'Eine Million'],
  ['grouped millions are not a version number', '1.000.000 Menschen', 'Eine Million Menschen'],
  ['version number', 'Version 2.0.1', 'Version zwei Punkt null Punkt eins'],
  ['decimal comma', 'Pi ist 3,14.', 'Pi ist drei Komma eins vier.'],
  ['English-style decimal', 'Version 3.5', 'Version drei Punkt fünf'],
  ['negative', 'Es sind -3 Grad', 'Es sind minus drei Grad'],
  ['ordinal after an article', 'der 2. Versuch', 'der zweite Versuch'],
  ['ordinal after am', 'Am 3. Mai 2024', 'Am dritten Mai zweitausendvierundzwanzig'],
  ['date heading', '1. Januar 2024', 'Erster Januar zweitausendvierundzwanzig'],
  [
    'numeric date',
    'Am 15.03.2024 ging es los.',
    'Am fünfzehnten März zweitausendvierundzwanzig ging es los.',
  ],
  ['date without year', 'am 15.03. Dann', 'am fünfzehnten März. Dann'],
  ['ISO date', '2024-03-15', 'Fünfzehnter März zweitausendvierundzwanzig'],
  ['number then sentence end', 'Ich bin 25. Du?', 'Ich bin fünfundzwanzig. Du?'],
  ['year in hundreds', 'Im Jahr 1999 war', 'Im Jahr neunzehnhundertneunundneunzig war'],
  ['time with Uhr', 'um 14:30 Uhr', 'um vierzehn Uhr dreißig'],
  ['time with a full stop', 'um 13.45 Uhr', 'um dreizehn Uhr fünfundvierzig'],
  ['one o’clock', '1 Uhr', 'Ein Uhr'],
  ['time without Uhr', '14:30', 'Vierzehn Uhr dreißig'],
  ['euro and cents', '5,50 €', 'Fünf Euro fünfzig'],
  ['one euro', '1 €', 'Ein Euro'],
  ['cents only', '0,50 €', 'Fünfzig Cent'],
  ['price without cents', '5,- €', 'Fünf Euro'],
  ['dollars', '$3', 'Drei Dollar'],
  ['million euro', '5 Mio. €', 'Fünf Millionen Euro'],
  ['one million', '1 Million', 'Eine Million'],
  ['scale abbreviation', '2 Mrd. Euro', 'Zwei Milliarden Euro'],
  ['percent', '2,5 %', 'Zwei Komma fünf Prozent'],
  ['units', '21 km und 1 kg, 2,5 l', 'Einundzwanzig Kilometer und ein Kilogramm, zwei Komma fünf Liter'],
  ['feminine unit', '1 h oder 2 h', 'Eine Stunde oder zwei Stunden'],
  ['temperature', '-3 °C', 'Minus drei Grad Celsius'],
  ['speed', '5 km/h', 'Fünf Kilometer pro Stunde'],
  [
    'abbreviations',
    'z. B. so, d. h. gut, bzw. nicht',
    'Zum Beispiel so, das heißt gut, beziehungsweise nicht',
  ],
  ['abbreviation without spaces', 'z.B. so', 'Zum Beispiel so'],
  ['usw. ending a sentence', 'usw. Dann', 'Und so weiter. Dann'],
  ['titles', 'Hr. Müller und Fr. Schmidt', 'Herr Müller und Frau Schmidt'],
  ['Sankt', 'St. Pauli', 'Sankt Pauli'],
  ['street and number', 'Str. 5, Nr. 7', 'Straße fünf, Nummer sieben'],
  ['phone', 'Tel. 030 1234567', 'Telefon null drei null, eins zwei drei vier fünf sechs sieben'],
  ['email', 'info@beispiel.de', 'Info at beispiel Punkt de'],
  ['url', 'www.beispiel.de', 'W w w Punkt beispiel Punkt de'],
  ['and', 'Müller & Söhne', 'Müller und Söhne'],
]

describe('German normalisation', () => {
  it.each(cases)('%s: %s', (_what, written, spoken) => {
    expect(normalize('de', written)).toBe(spoken)
  })
})
