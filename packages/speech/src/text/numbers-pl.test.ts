import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cardinalPl, inflectOrdinalPl, ordinalPl, pluralPl } from './numbers-pl.js'
import { shapeProblems, unknownWords } from './testing-lexicon.js'

const LEXICON = new Set(
  (
    'zero jeden jedna jedno dwa dwie trzy cztery pięć sześć siedem osiem dziewięć dziesięć jedenaście dwanaście trzynaście ' +
    'czternaście piętnaście szesnaście siedemnaście osiemnaście dziewiętnaście dwadzieścia trzydzieści czterdzieści ' +
    'pięćdziesiąt sześćdziesiąt siedemdziesiąt osiemdziesiąt dziewięćdziesiąt sto dwieście trzysta czterysta pięćset ' +
    'sześćset siedemset osiemset dziewięćset tysiąc tysiące tysięcy milion miliony milionów miliard miliardy miliardów ' +
    'bilion biliony bilionów'
  ).split(' '),
)

describe('Polish number words', () => {
  it.each([
    [0, 'zero'],
    [1, 'jeden'],
    [12, 'dwanaście'],
    [22, 'dwadzieścia dwa'],
    [100, 'sto'],
    [200, 'dwieście'],
    [1000, 'tysiąc'],
    [1001, 'tysiąc jeden'],
    [2000, 'dwa tysiące'],
    [5000, 'pięć tysięcy'],
    [12_000, 'dwanaście tysięcy'],
    [22_000, 'dwadzieścia dwa tysiące'],
    [1_000_000, 'milion'],
    [2_000_000, 'dwa miliony'],
    [5_000_000, 'pięć milionów'],
    [2024, 'dwa tysiące dwadzieścia cztery'],
  ])('cardinal %i is "%s"', (n, words) => {
    expect(cardinalPl(n)).toBe(words)
  })

  it('agrees one and two with the noun', () => {
    expect(cardinalPl(1, 'f')).toBe('jedna')
    expect(cardinalPl(1, 'n')).toBe('jedno')
    expect(cardinalPl(2, 'f')).toBe('dwie')
    expect(cardinalPl(22, 'f')).toBe('dwadzieścia dwie')
    expect(cardinalPl(1001, 'f')).toBe('tysiąc jeden')
  })

  it.each([
    [1, 'one'],
    [2, 'few'],
    [4, 'few'],
    [5, 'many'],
    [12, 'many'],
    [14, 'many'],
    [22, 'few'],
    [25, 'many'],
    [102, 'few'],
    [112, 'many'],
  ] as const)('plural category of %i is %s', (n, category) => {
    expect(pluralPl(n, false)).toBe(category)
  })

  it.each([
    [1, 'nom-m', 'pierwszy'],
    [2, 'nom-f', 'druga'],
    [3, 'nom-f', 'trzecia'],
    [3, 'nom-n', 'trzecie'],
    [2, 'gen-m', 'drugiego'],
    [15, 'gen-m', 'piętnastego'],
    [14, 'gen-f', 'czternastej'],
    [21, 'nom-m', 'dwudziesty pierwszy'],
    [2024, 'gen-m', 'dwa tysiące dwudziestego czwartego'],
    [200, 'nom-m', 'dwusetny'],
    [1000, 'nom-m', 'tysięczny'],
    [2000, 'gen-m', 'dwutysięcznego'],
  ] as const)('ordinal %i (%s) is "%s"', (n, form, words) => {
    expect(ordinalPl(n, form)).toBe(words)
  })

  it('inflects hard and soft ordinal stems', () => {
    expect(inflectOrdinalPl('drugi', 'gen-f')).toBe('drugiej')
    expect(inflectOrdinalPl('trzeci', 'gen-m')).toBe('trzeciego')
    expect(inflectOrdinalPl('piąty', 'nom-n')).toBe('piąte')
  })

  it('reads every integer 0..999999 with lexicon words only (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999 }),
        fc.constantFrom(undefined, 'm' as const, 'f' as const, 'n' as const),
        (n, g) => {
          const words = cardinalPl(n, g)
          expect(shapeProblems(words)).toEqual([])
          expect(unknownWords(words, LEXICON)).toEqual([])
        },
      ),
      { numRuns: 20_000 },
    )
  })

  it('uses the right form of tysiąc after every count (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 999 }), (k) => {
        const words = cardinalPl(k * 1000)
        const expected = { one: 'tysiąc', few: 'tysiące', many: 'tysięcy', fraction: 'tysiąca' }[
          pluralPl(k, false)
        ]
        expect(words.endsWith(` ${expected}`)).toBe(true)
      }),
      { numRuns: 998 },
    )
  })
})
