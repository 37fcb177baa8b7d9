import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cardinalPt, ordinalPt } from './numbers-pt.js'
import { shapeProblems, unknownWords } from './testing-lexicon.js'

const HUNDREDS = 'duzentos trezentos quatrocentos quinhentos seiscentos setecentos oitocentos novecentos'
const COMMON =
  'zero um uma dois duas três quatro cinco seis sete oito nove dez onze doze treze catorze quinze dezoito vinte ' +
  `trinta quarenta cinquenta sessenta setenta oitenta noventa cem cento ${HUNDREDS} ${HUNDREDS.replace(/os\b/g, 'as')} mil milhão milhões e`
const PT = new Set(`${COMMON} dezasseis dezassete dezanove bilião biliões`.split(' '))
const BR = new Set(`${COMMON} dezesseis dezessete dezenove bilhão bilhões trilhão trilhões`.split(' '))

describe('Portuguese number words', () => {
  it.each([
    [0, 'zero'],
    [1, 'um'],
    [16, 'dezasseis'],
    [21, 'vinte e um'],
    [100, 'cem'],
    [101, 'cento e um'],
    [120, 'cento e vinte'],
    [1000, 'mil'],
    [1001, 'mil e um'],
    [1100, 'mil e cem'],
    [1230, 'mil duzentos e trinta'],
    [2024, 'dois mil e vinte e quatro'],
    [1_000_000, 'um milhão'],
    [1_200_000, 'um milhão e duzentos mil'],
    [1_200_300, 'um milhão duzentos mil e trezentos'],
    [1_000_000_000, 'mil milhões'],
  ])('cardinal %i is "%s" (pt-PT)', (n, words) => {
    expect(cardinalPt(n)).toBe(words)
  })

  it('uses Brazilian forms for pt-BR', () => {
    expect(cardinalPt(16, undefined, 'BR')).toBe('dezesseis')
    expect(cardinalPt(19, undefined, 'BR')).toBe('dezenove')
    expect(cardinalPt(1_000_000_000, undefined, 'BR')).toBe('um bilhão')
  })

  it('agrees one, two and the hundreds with a feminine noun', () => {
    expect(cardinalPt(1, 'f')).toBe('uma')
    expect(cardinalPt(22, 'f')).toBe('vinte e duas')
    expect(cardinalPt(200, 'f')).toBe('duzentas')
  })

  it.each([
    [1, 'm', 'primeiro'],
    [1, 'f', 'primeira'],
    [2, 'f', 'segunda'],
    [11, 'm', 'décimo primeiro'],
    [21, 'm', 'vigésimo primeiro'],
    [100, 'm', 'centésimo'],
    [1000, 'm', 'milésimo'],
    [2000, 'm', 'segundo milésimo'],
  ] as const)('ordinal %i (%s) is "%s"', (n, gender, words) => {
    expect(ordinalPt(n, gender)).toBe(words)
  })

  it('reads every integer 0..999999 with lexicon words only, in both variants (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999 }),
        fc.constantFrom('PT' as const, 'BR' as const),
        (n, variant) => {
          const words = cardinalPt(n, undefined, variant)
          expect(shapeProblems(words)).toEqual([])
          expect(unknownWords(words, variant === 'PT' ? PT : BR)).toEqual([])
        },
      ),
      { numRuns: 20_000 },
    )
  })

  it('reads large numbers with lexicon words only (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (n) => {
        expect(unknownWords(cardinalPt(n), PT)).toEqual([])
      }),
      { numRuns: 2000 },
    )
  })
})
