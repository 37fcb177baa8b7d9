import { describe, expect, it } from 'vitest'
import { planText } from './plan-text.js'
import { normalize } from './testing-normalize.js'

const cases: Array<[string, string, string]> = [
  // [what, written, spoken]
  ['cardinal', 'I have 42 apples.', 'I have forty-two apples.'],
  [
    'grouped number',
    '1,234,567 people',
    'One million two hundred thirty-four thousand five hundred sixty-seven people',
  ],
  ['negative', 'It was -42 today', 'It was minus forty-two today'],
  ['decimal', 'Pi is 3.14.', 'Pi is three point one four.'],
  ['ordinals', 'The 1st, 2nd, 3rd and 22nd', 'The first, second, third and twenty-second'],
  ['grouped ordinal', 'the 1,000th visitor', 'the one thousandth visitor'],
  ['year after a year word', 'in 1999 we', 'in nineteen ninety-nine we'],
  ['year at a phrase end', 'It was 1905.', 'It was nineteen oh five.'],
  ['year 1066', 'in 1066', 'in ten sixty-six'],
  ['count, not a year', '2024 people came', 'Two thousand twenty-four people came'],
  ['decades', 'the 1990s and the 80s', 'the nineteen nineties and the eighties'],
  ['ISO date', 'On 2024-03-15 we', 'On March fifteenth, twenty twenty-four we'],
  ['US date', 'On 03/15/2024 we', 'On March fifteenth, twenty twenty-four we'],
  ['day-first date', 'On 15/03/2024 we', 'On March fifteenth, twenty twenty-four we'],
  ['month name date', 'on March 15, 2024.', 'on March fifteenth, twenty twenty-four.'],
  ['abbreviated month', 'Jan. 5, 2020', 'January fifth, twenty twenty'],
  ['day of month', 'the 4th of July 1776', 'the fourth of July, seventeen seventy-six'],
  ['24-hour time', 'at 14:30 and 9:05', 'at fourteen thirty and nine oh five'],
  ['full hour', 'at 9:00 or 14:00', "at nine o'clock or fourteen hundred"],
  ['pm time', 'at 2:30 pm', 'at two thirty P M'],
  ['am time keeps the sentence end', 'Meet at 7 a.m. Then go.', 'Meet at seven A M. Then go.'],
  ['dollars and cents', 'It costs $5.50.', 'It costs five dollars and fifty cents.'],
  ['one dollar', 'only $1', 'only one dollar'],
  ['cents only', 'just $0.99', 'just ninety-nine cents'],
  ['euro prefix and suffix', '€3 or 5 €', 'Three euros or five euros'],
  ['pounds and pence', '£2.05', 'Two pounds and five pence'],
  ['zloty', '5 zł', 'Five zlotys'],
  ['kronor', '100 kr', 'One hundred kronor'],
  ['reais', 'R$ 10.00', 'Ten reais'],
  ['money with a scale', '$1.5m and $5 million', 'One point five million dollars and five million dollars'],
  ['negative money', '-$3', 'Minus three dollars'],
  ['percent', '10% and 0.5 %', 'Ten percent and zero point five percent'],
  [
    'units',
    '5 km, 1 kg, 2.5 l, 30 cm, 4 mm, 7 g, 250 ml',
    'Five kilometers, one kilogram, two point five liters, thirty centimeters, four millimeters, seven grams, two hundred fifty milliliters',
  ],
  ['speed', '120 km/h', 'One hundred twenty kilometers per hour'],
  [
    'temperatures',
    '-10 °C or 98.6 °F',
    'Minus ten degrees Celsius or ninety-eight point six degrees Fahrenheit',
  ],
  ['storage', '5 MB and 2GB', 'Five megabytes and two gigabytes'],
  ['titles', 'Dr. Smith met Mr. Jones and Mrs. Brown.', 'Doctor Smith met Mister Jones and Missus Brown.'],
  ['saint and street', 'St. Louis is on Main St.', 'Saint Louis is on Main Street'],
  ['latin abbreviations', 'fruit, e.g. apples, i.e. food', 'fruit, for example apples, that is food'],
  ['etc. ending a sentence', 'pears etc. Then more', 'pears et cetera. Then more'],
  ['number abbreviation', 'No. 5', 'Number five'],
  ['email', 'mail john.doe@example.com now', 'mail john dot doe at example dot com now'],
  ['url', 'see https://www.example.com/a-b now', 'see w w w dot example dot com slash a dash b now'],
  ['bare domain', 'visit example.org.', 'visit example dot org.'],
  ['phone', 'call 555-123-4567', 'call five five five, one two three, four five six seven'],
  [
    'international phone',
    '+44 20 7946 0958',
    'Plus four four, two zero, seven nine four six, zero nine five eight',
  ],
  ['leading zeros', 'agent 007', 'agent zero zero seven'],
  [
    'very long digit run',
    '12345678901234567',
    'One two three four five six seven eight nine zero one two three four five six seven',
  ],
  ['ampersand between words', 'Tom & Jerry, R&D', 'Tom and Jerry, R and D'],
  ['plus and equals', '2 + 2 = 4', 'Two plus two equals four'],
  ['hash number', 'We are #1', 'We are number one'],
  ['hashtag', 'love #coding', 'love coding'],
  ['standalone at', 'meet @ home', 'meet at home'],
  ['letters glued to digits', 'MP3 and 3D', 'MP three and three D'],
  ['hyphen is not minus', 'COVID-19', 'COVID-nineteen'],
  ['thousands shorthand', '10k runs', 'Ten thousand runs'],
  ['version number', 'version 2.0.1', 'version two dot zero dot one'],
  [
    'IP address',
    'at 192.168.0.1.',
    'at one hundred ninety-two dot one hundred sixty-eight dot zero dot one.',
  ],
]

describe('English normalisation', () => {
  it.each(cases)('%s: %s', (_what, written, spoken) => {
    expect(normalize('en', written)).toBe(spoken)
  })

  it('keeps < and > as text and reads & between words', () => {
    expect(normalize('en', 'a < b > c & d')).toBe('a < b > c and d')
  })

  it("leaves the text alone in 'off' mode apart from white space", () => {
    const plan = planText('Dr.  Smith paid $5.50\non 2024-03-15.', {
      language: 'en',
      normalization: 'off',
      tags: 'strip',
    })
    expect(plan.normalized).toBe('Dr. Smith paid $5.50 on 2024-03-15.')
  })

  it("normalises the same in 'on' and 'auto' mode", () => {
    const text = 'On 2024-03-15 Dr. Smith paid $5.50.'
    const on = planText(text, { language: 'en', normalization: 'on', tags: 'strip' }).normalized
    expect(on).toBe(normalize('en', text))
  })

  it('maps every word of a number back to the digits', () => {
    const plan = planText('pay $5.50 now', { language: 'en', normalization: 'auto', tags: 'strip' })
    const i = plan.normalized.indexOf('dollars')
    expect([plan.normToOrig[2 * i], plan.normToOrig[2 * i + 1]]).toEqual([4, 9])
    const now = plan.normalized.indexOf('now')
    expect([plan.normToOrig[2 * now], plan.normToOrig[2 * now + 1]]).toEqual([10, 11])
  })
})
