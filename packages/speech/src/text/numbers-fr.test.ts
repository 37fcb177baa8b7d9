import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cardinalFr, ordinalFr } from './numbers-fr.js'
import { shapeProblems, unknownWords } from './testing-lexicon.js'

const LEXICON = new Set(
  (
    'zéro un une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize vingt vingts ' +
    'trente quarante cinquante soixante cent cents mille million millions milliard milliards billion billions et'
  ).split(' '),
)

describe('French number words', () => {
  it.each([
    [0, 'zéro'],
    [1, 'un'],
    [17, 'dix-sept'],
    [21, 'vingt et un'],
    [22, 'vingt-deux'],
    [70, 'soixante-dix'],
    [71, 'soixante et onze'],
    [72, 'soixante-douze'],
    [80, 'quatre-vingts'],
    [81, 'quatre-vingt-un'],
    [91, 'quatre-vingt-onze'],
    [99, 'quatre-vingt-dix-neuf'],
    [100, 'cent'],
    [101, 'cent un'],
    [200, 'deux cents'],
    [201, 'deux cent un'],
    [1000, 'mille'],
    [2000, 'deux mille'],
    [80_000, 'quatre-vingt mille'],
    [200_000, 'deux cent mille'],
    [1_000_000, 'un million'],
    [200_000_000, 'deux cents millions'],
    [2_000_000_000, 'deux milliards'],
  ])('cardinal %i is "%s"', (n, words) => {
    expect(cardinalFr(n)).toBe(words)
  })

  it('says "une" for a feminine final one only', () => {
    expect(cardinalFr(1, 'f')).toBe('une')
    expect(cardinalFr(21, 'f')).toBe('vingt et une')
    expect(cardinalFr(81, 'f')).toBe('quatre-vingt-une')
    expect(cardinalFr(21_000, 'f')).toBe('vingt et un mille')
  })

  it.each([
    [1, 'm', 'premier'],
    [1, 'f', 'première'],
    [2, 'm', 'deuxième'],
    [4, 'm', 'quatrième'],
    [5, 'm', 'cinquième'],
    [9, 'm', 'neuvième'],
    [11, 'm', 'onzième'],
    [21, 'm', 'vingt et unième'],
    [80, 'm', 'quatre-vingtième'],
    [100, 'm', 'centième'],
    [1000, 'm', 'millième'],
  ] as const)('ordinal %i (%s) is "%s"', (n, gender, words) => {
    expect(ordinalFr(n, gender)).toBe(words)
  })

  it('reads every integer 0..999999 with lexicon words only (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => {
        const words = cardinalFr(n)
        expect(shapeProblems(words)).toEqual([])
        expect(unknownWords(words, LEXICON, true)).toEqual([])
      }),
      { numRuns: 20_000 },
    )
  })

  it('reads large numbers with lexicon words only (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (n) => {
        expect(unknownWords(cardinalFr(n), LEXICON, true)).toEqual([])
      }),
      { numRuns: 2000 },
    )
  })

  it('puts an s on cents and vingts only at the end of a number, or before million (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (n) => {
        expect(/(cents|vingts) (?!millions?|milliards?)\S/.test(cardinalFr(n))).toBe(false)
      }),
      { numRuns: 5000 },
    )
  })
})
