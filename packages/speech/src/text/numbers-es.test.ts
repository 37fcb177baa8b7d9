import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cardinalEs, ordinalEs } from './numbers-es.js'
import { shapeProblems, unknownWords } from './testing-lexicon.js'

const HUNDREDS =
  'doscientos trescientos cuatrocientos quinientos seiscientos setecientos ochocientos novecientos'
const LEXICON = new Set(
  (
    'cero uno un una dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis ' +
    'diecisiete dieciocho diecinueve veinte veintiuno veintiún veintiuna veintidós veintitrés veinticuatro veinticinco ' +
    'veintiséis veintisiete veintiocho veintinueve treinta cuarenta cincuenta sesenta setenta ochenta noventa cien ' +
    `ciento ${HUNDREDS} ${HUNDREDS.replace(/os\b/g, 'as')} mil millón millones billón billones y`
  ).split(' '),
)
const ORDINALS = new Set(
  (
    'primero segundo tercero cuarto quinto sexto séptimo octavo noveno décimo undécimo duodécimo decimotercero ' +
    'decimocuarto decimoquinto decimosexto decimoséptimo decimoctavo decimonoveno vigésimo trigésimo cuadragésimo ' +
    'quincuagésimo sexagésimo septuagésimo octogésimo nonagésimo centésimo ducentésimo tricentésimo cuadringentésimo ' +
    'quingentésimo sexcentésimo septingentésimo octingentésimo noningentésimo milésimo'
  ).split(' '),
)

describe('Spanish number words', () => {
  it.each([
    [0, 'cero'],
    [1, 'uno'],
    [16, 'dieciséis'],
    [21, 'veintiuno'],
    [22, 'veintidós'],
    [31, 'treinta y uno'],
    [100, 'cien'],
    [101, 'ciento uno'],
    [500, 'quinientos'],
    [1000, 'mil'],
    [2001, 'dos mil uno'],
    [21_000, 'veintiún mil'],
    [1_000_000, 'un millón'],
    [2_000_000, 'dos millones'],
    [1_000_000_000, 'mil millones'],
    [1_000_000_000_000, 'un billón'],
  ])('cardinal %i is "%s"', (n, words) => {
    expect(cardinalEs(n)).toBe(words)
  })

  it('agrees one and the hundreds with the noun', () => {
    expect(cardinalEs(1, 'm')).toBe('un')
    expect(cardinalEs(21, 'm')).toBe('veintiún')
    expect(cardinalEs(1, 'f')).toBe('una')
    expect(cardinalEs(31, 'f')).toBe('treinta y una')
    expect(cardinalEs(200, 'f')).toBe('doscientas')
    expect(cardinalEs(500_000, 'f')).toBe('quinientas mil')
  })

  it.each([
    [1, 'primero'],
    [3, 'tercero'],
    [10, 'décimo'],
    [11, 'undécimo'],
    [13, 'decimotercero'],
    [21, 'vigésimo primero'],
    [100, 'centésimo'],
    [123, 'centésimo vigésimo tercero'],
    [1000, 'milésimo'],
  ])('ordinal %i is "%s"', (n, words) => {
    expect(ordinalEs(n)).toBe(words)
  })

  it('makes feminine and shortened ordinals', () => {
    expect(ordinalEs(1, 'f')).toBe('primera')
    expect(ordinalEs(23, 'f')).toBe('vigésima tercera')
    expect(ordinalEs(1, 'm', true)).toBe('primer')
    expect(ordinalEs(3, 'm', true)).toBe('tercer')
  })

  it('reads every integer 0..999999 with lexicon words only (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999 }),
        fc.constantFrom(undefined, 'm' as const, 'f' as const),
        (n, gender) => {
          const words = cardinalEs(n, gender)
          expect(shapeProblems(words)).toEqual([])
          expect(unknownWords(words, LEXICON)).toEqual([])
        },
      ),
      { numRuns: 20_000 },
    )
  })

  it('reads large numbers with lexicon words only (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (n) => {
        expect(unknownWords(cardinalEs(n), LEXICON)).toEqual([])
      }),
      { numRuns: 2000 },
    )
  })

  it('makes ordinals 1..999 from ordinal words only (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), (n) => {
        expect(unknownWords(ordinalEs(n), ORDINALS)).toEqual([])
      }),
      { numRuns: 2000 },
    )
  })
})
