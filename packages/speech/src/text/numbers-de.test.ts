import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cardinalDe, ordinalDe, yearDe } from './numbers-de.js'
import { isCompoundOf, shapeProblems } from './testing-lexicon.js'

const MORPHEMES = (
  'null eins eine ein zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn sechzehn ' +
  'siebzehn achtzehn neunzehn zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig und hundert tausend'
).split(' ')
const NOUNS = new Set(['eine', 'Million', 'Millionen', 'Milliarde', 'Milliarden', 'Billion', 'Billionen'])

function problems(words: string): string[] {
  return [
    ...shapeProblems(words),
    ...words.split(' ').filter((w) => !NOUNS.has(w) && !isCompoundOf(w, MORPHEMES)),
  ]
}

describe('German number words', () => {
  it.each([
    [0, 'null'],
    [1, 'eins'],
    [16, 'sechzehn'],
    [17, 'siebzehn'],
    [21, 'einundzwanzig'],
    [30, 'dreißig'],
    [101, 'einhunderteins'],
    [999, 'neunhundertneunundneunzig'],
    [1000, 'eintausend'],
    [2024, 'zweitausendvierundzwanzig'],
    [21_000, 'einundzwanzigtausend'],
    [1_000_000, 'eine Million'],
    [2_500_000, 'zwei Millionen fünfhunderttausend'],
    [101_000_000, 'einhunderteine Millionen'],
    [1_000_000_001, 'eine Milliarde eins'],
  ])('cardinal %i is "%s"', (n, words) => {
    expect(cardinalDe(n)).toBe(words)
  })

  it('agrees a final one with the noun', () => {
    expect(cardinalDe(1, 'm')).toBe('ein')
    expect(cardinalDe(1, 'f')).toBe('eine')
    expect(cardinalDe(101, 'n')).toBe('einhundertein')
    expect(cardinalDe(21, 'f')).toBe('einundzwanzig')
  })

  it.each([
    [1, 'e', 'erste'],
    [2, 'e', 'zweite'],
    [3, 'en', 'dritten'],
    [7, 'e', 'siebte'],
    [8, 'er', 'achter'],
    [19, 'e', 'neunzehnte'],
    [20, 'e', 'zwanzigste'],
    [21, 'en', 'einundzwanzigsten'],
    [100, 'e', 'einhundertste'],
    [101, 'e', 'einhunderterste'],
    [1_000_000, 'e', 'millionste'],
    [0, 'e', 'nullte'],
  ])('ordinal %i with -%s is "%s"', (n, ending, words) => {
    expect(ordinalDe(n, ending)).toBe(words)
  })

  it.each([
    [1999, 'neunzehnhundertneunundneunzig'],
    [1100, 'elfhundert'],
    [1905, 'neunzehnhundertfünf'],
    [2024, 'zweitausendvierundzwanzig'],
  ])('year %i is "%s"', (n, words) => {
    expect(yearDe(n)).toBe(words)
  })

  it('reads every integer 0..999999 as morphemes of the lexicon (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => {
        expect(problems(cardinalDe(n))).toEqual([])
      }),
      { numRuns: 20_000 },
    )
  })

  it('reads large numbers with lexicon words only (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (n) => {
        expect(problems(cardinalDe(n))).toEqual([])
      }),
      { numRuns: 2000 },
    )
  })

  it('never says "eins" inside a compound (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 999_999 }), (n) => {
        expect(/eins(?!$)/.test(cardinalDe(n))).toBe(false)
      }),
      { numRuns: 5000 },
    )
  })
})
