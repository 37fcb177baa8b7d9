import { describe, expect, it } from 'vitest'
import { normalize } from './testing-normalize.js'

const cases: Array<[string, string, string]> = [
  ['numeric date', '15/03/2024', 'Quinze de março de dois mil e vinte e quatro'],
  ['first of the month', '1/5/2024', 'Primeiro de maio de dois mil e vinte e quatro'],
  ['time with h', 'às 14h30', 'às catorze horas e trinta'],
  ['colon time', 'às 14:30', 'às catorze horas e trinta'],
  ['whole hour', 'às 13h', 'às treze horas'],
  ['one hour', '1h', 'Uma hora'],
  ['euros and cents', '5,50 €', 'Cinco euros e cinquenta cêntimos'],
  ['one euro', '1 €', 'Um euro'],
  ['reais', 'R$ 10,00', 'Dez reais'],
  ['one real', 'R$ 1,50', 'Um real e cinquenta centavos'],
  ['million of euros', '1 000 000 €', 'Um milhão de euros'],
  ['ordinals', 'o 1.º lugar, a 2.ª vez', 'o primeiro lugar, a segunda vez'],
  ['ordinal without a dot', 'nº 5 e 3º', 'Número cinco e terceiro'],
  ['grouped decimal', '1.234,56', 'Mil duzentos e trinta e quatro vírgula cinquenta e seis'],
  ['year', '2024', 'Dois mil e vinte e quatro'],
  ['units', '1 km, 2 km, 1,5 l', 'Um quilómetro, dois quilómetros, um vírgula cinco litros'],
  ['percent', '10 %', 'Dez por cento'],
  ['temperature', '-5 °C', 'Menos cinco graus Celsius'],
  ['titles', 'Sr. Silva e Dra. Costa', 'Senhor Silva e doutora Costa'],
  ['abbreviations', 'p. ex. isto, n.º 5', 'Por exemplo isto, número cinco'],
  ['etc.', 'etc. Depois', 'Etcétera. Depois'],
]

describe('Portuguese normalisation', () => {
  it.each(cases)('%s: %s', (_what, written, spoken) => {
    expect(normalize('pt', written)).toBe(spoken)
  })

  it('uses Brazilian words for pt-BR', () => {
    expect(normalize('pt-BR', '16 e 19')).toBe('Dezesseis e dezenove')
    expect(normalize('pt-BR', '5,50 €')).toBe('Cinco euros e cinquenta centavos')
    expect(normalize('pt-BR', '1.000.000.000')).toBe('Um bilhão')
  })
})
