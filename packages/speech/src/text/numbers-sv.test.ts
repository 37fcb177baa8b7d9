import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cardinalSv, ordinalSv, yearSv } from './numbers-sv.js'
import { isCompoundOf, shapeProblems } from './testing-lexicon.js'

const MORPHEMES = (
  'noll ett två tre fyra fem sex sju åtta nio tio elva tolv tretton fjorton femton sexton sjutton arton nitton ' +
  'tjugo trettio fyrtio femtio sextio sjuttio åttio nittio hundra tusen ettusen'
).split(' ')
const NOUNS = new Set(['en', 'miljon', 'miljoner', 'miljard', 'miljarder', 'biljon', 'biljoner'])

function problems(words: string): string[] {
  return [
    ...shapeProblems(words),
    ...words.split(' ').filter((w) => !NOUNS.has(w) && !isCompoundOf(w, MORPHEMES)),
  ]
}

describe('Swedish number words', () => {
  it.each([
    [0, 'noll'],
    [1, 'ett'],
    [18, 'arton'],
    [21, 'tjugoett'],
    [100, 'etthundra'],
    [1000, 'ettusen'],
    [2024, 'tvåtusentjugofyra'],
    [21_000, 'tjugoettusen'],
    [1_000_000, 'en miljon'],
    [3_500_000, 'tre miljoner femhundratusen'],
  ])('cardinal %i is "%s"', (n, words) => {
    expect(cardinalSv(n)).toBe(words)
  })

  it('says "en" before common-gender nouns', () => {
    expect(cardinalSv(1, 'm')).toBe('en')
    expect(cardinalSv(21, 'm')).toBe('tjugoen')
    expect(cardinalSv(1, 'n')).toBe('ett')
  })

  it.each([
    [1, 'första'],
    [2, 'andra'],
    [3, 'tredje'],
    [12, 'tolfte'],
    [20, 'tjugonde'],
    [21, 'tjugoförsta'],
    [22, 'tjugoandra'],
    [100, 'etthundrade'],
    [1000, 'ettusende'],
  ])('ordinal %i is "%s"', (n, words) => {
    expect(ordinalSv(n)).toBe(words)
  })

  it('reads years 1100-1999 in hundreds', () => {
    expect(yearSv(1999)).toBe('nittonhundranittionio')
    expect(yearSv(2024)).toBe('tvåtusentjugofyra')
  })

  it('reads every integer 0..999999 as morphemes of the lexicon (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => {
        expect(problems(cardinalSv(n))).toEqual([])
      }),
      { numRuns: 20_000 },
    )
  })

  it('reads large numbers with lexicon words only (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (n) => {
        expect(problems(cardinalSv(n))).toEqual([])
      }),
      { numRuns: 2000 },
    )
  })
})
