import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cardinalEn, ordinalEn, yearEn } from './numbers-en.js'
import { shapeProblems, unknownWords } from './testing-lexicon.js'

const ONES =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'
const CARDINAL = new Set(
  `${ONES} twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million billion trillion`.split(
    ' ',
  ),
)
const ORDINAL_LAST = new Set(
  'zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth thirtieth fortieth fiftieth sixtieth seventieth eightieth ninetieth hundredth thousandth millionth'.split(
    ' ',
  ),
)

describe('English number words', () => {
  it.each([
    [0, 'zero'],
    [7, 'seven'],
    [13, 'thirteen'],
    [21, 'twenty-one'],
    [40, 'forty'],
    [100, 'one hundred'],
    [101, 'one hundred one'],
    [999, 'nine hundred ninety-nine'],
    [1000, 'one thousand'],
    [1001, 'one thousand one'],
    [12345, 'twelve thousand three hundred forty-five'],
    [1_000_000, 'one million'],
    [2_500_000_000, 'two billion five hundred million'],
    [999_000_000_000_000, 'nine hundred ninety-nine trillion'],
  ])('cardinal %i is "%s"', (n, words) => {
    expect(cardinalEn(n)).toBe(words)
  })

  it.each([
    [1, 'first'],
    [2, 'second'],
    [3, 'third'],
    [4, 'fourth'],
    [5, 'fifth'],
    [8, 'eighth'],
    [9, 'ninth'],
    [12, 'twelfth'],
    [20, 'twentieth'],
    [21, 'twenty-first'],
    [22, 'twenty-second'],
    [103, 'one hundred third'],
    [1000, 'one thousandth'],
  ])('ordinal %i is "%s"', (n, words) => {
    expect(ordinalEn(n)).toBe(words)
  })

  it.each([
    [1066, 'ten sixty-six'],
    [1900, 'nineteen hundred'],
    [1905, 'nineteen oh five'],
    [1999, 'nineteen ninety-nine'],
    [2000, 'two thousand'],
    [2005, 'two thousand five'],
    [2010, 'twenty ten'],
    [2024, 'twenty twenty-four'],
    [800, 'eight hundred'],
  ])('year %i is "%s"', (n, words) => {
    expect(yearEn(n)).toBe(words)
  })

  it('reads every integer 0..999999 with lexicon words only (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => {
        const words = cardinalEn(n)
        expect(shapeProblems(words)).toEqual([])
        expect(unknownWords(words, CARDINAL, true)).toEqual([])
      }),
      { numRuns: 20_000 },
    )
  })

  it('reads large numbers up to 10^15 with lexicon words only (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (n) => {
        expect(unknownWords(cardinalEn(n), CARDINAL, true)).toEqual([])
      }),
      { numRuns: 2000 },
    )
  })

  it('makes ordinals whose last word is an ordinal and the rest cardinal (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => {
        const words = ordinalEn(n).split(/[ -]/)
        const last = words.pop() ?? ''
        expect(ORDINAL_LAST.has(last)).toBe(true)
        expect(words.filter((w) => !CARDINAL.has(w))).toEqual([])
      }),
      { numRuns: 5000 },
    )
  })
})
