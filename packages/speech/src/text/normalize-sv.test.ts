import { describe, expect, it } from 'vitest'
import { normalize } from './testing-normalize.js'

const cases: Array<[string, string, string]> = [
  ['written date', 'Den 15 mars 2024', 'Den femtonde mars tvåtusentjugofyra'],
  ['ISO date', '2024-03-15', 'Femtonde mars tvåtusentjugofyra'],
  ['time after kl.', 'kl. 14.30', 'Klockan fjorton och trettio'],
  ['whole hour', 'kl 9', 'Klockan nio'],
  ['colon time', '14:30', 'Fjorton och trettio'],
  ['kronor', '100 kr', 'Etthundra kronor'],
  ['one krona', '1 kr', 'En krona'],
  ['kronor and öre', '5,50 kr', 'Fem kronor och femtio öre'],
  ['öre only', '0,50 kr', 'Femtio öre'],
  ['million kronor', '1 000 000 kr', 'En miljon kronor'],
  ['scaled money', '5 mdr kr', 'Fem miljarder kronor'],
  ['ordinals', '1:a, 2:a, 3:e, 21:a', 'Första, andra, tredje, tjugoförsta'],
  [
    'abbreviations',
    't.ex. detta, bl.a. det, dvs. så',
    'Till exempel detta, bland annat det, det vill säga så',
  ],
  ['osv. ending a sentence', 'osv. Sedan', 'Och så vidare. Sedan'],
  ['ca before a number', 'ca 5', 'Cirka fem'],
  ['page', 's. 12', 'Sidan tolv'],
  ['year', '1999', 'Nittonhundranittionio'],
  ['percent', '10 %', 'Tio procent'],
  ['temperature', '-5 °C', 'Minus fem grader Celsius'],
  ['pieces', '1 st och 2 st', 'Ett stycke och två stycken'],
  ['gender of one', '1 kg, 1 km, 1 h', 'Ett kilo, en kilometer, en timme'],
  ['decimal', '1,5 l', 'Ett komma fem liter'],
  ['email', 'info@exempel.se', 'Info snabel-a exempel punkt se'],
]

describe('Swedish normalisation', () => {
  it.each(cases)('%s: %s', (_what, written, spoken) => {
    expect(normalize('sv', written)).toBe(spoken)
  })
})
