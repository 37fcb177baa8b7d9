import { describe, expect, it } from 'vitest'
import { normalize } from './testing-normalize.js'

const cases: Array<[string, string, string]> = [
  ['one złoty', '1 zł', 'Jeden złoty'],
  ['two złote', '2 zł', 'Dwa złote'],
  ['five złotych', '5 zł', 'Pięć złotych'],
  ['twelve złotych', '12 zł', 'Dwanaście złotych'],
  ['twenty-two złote', '22 zł', 'Dwadzieścia dwa złote'],
  ['złote and grosze', '5,50 zł', 'Pięć złotych pięćdziesiąt groszy'],
  ['grosze only', '0,50 zł', 'Pięćdziesiąt groszy'],
  ['decimal amount takes the genitive singular', '2,5 zł', 'Dwa przecinek pięć złotego'],
  ['a million', '1 000 000 zł', 'Milion złotych'],
  ['scaled money', '5 mln zł', 'Pięć milionów złotych'],
  ['scale word', '2 mln', 'Dwa miliony'],
  ['neuter euro', '1 €', 'Jedno euro'],
  ['units one, few, many', '1 km, 2 km, 5 km', 'Jeden kilometr, dwa kilometry, pięć kilometrów'],
  ['decimal unit', '2,5 kg', 'Dwa przecinek pięć kilograma'],
  ['feminine unit', '1 h, 2 h, 5 h', 'Jedna godzina, dwie godziny, pięć godzin'],
  ['time', '14:30', 'Czternasta trzydzieści'],
  ['time after o', 'o 14:30', 'o czternastej trzydzieści'],
  ['minutes below ten', 'o 9:05', 'o dziewiątej zero pięć'],
  ['numeric date', '15.03.2024', 'Piętnastego marca dwa tysiące dwudziestego czwartego roku'],
  ['date with r.', '15.03.2024 r. Potem', 'Piętnastego marca dwa tysiące dwudziestego czwartego roku. Potem'],
  ['written date', '15 marca 2024 r.', 'Piętnastego marca dwa tysiące dwudziestego czwartego roku.'],
  ['day and month', '1 maja', 'Pierwszego maja'],
  ['year with r.', 'w 2024 r. Potem', 'w dwa tysiące dwudziestego czwartego roku. Potem'],
  ['ordinal with a dot', '3. miejsce', 'Trzeci miejsce'],
  ['street', 'ul. Długa 5', 'Ulica Długa pięć'],
  ['abbreviations', 'np. tak, tzw. test, m.in. to', 'Na przykład tak, tak zwany test, między innymi to'],
  ['itd. ending a sentence', 'itd. Potem', 'I tak dalej. Potem'],
  ['titles', 'dr Kowalski i prof. Nowak', 'Doktor Kowalski i profesor Nowak'],
  ['number', 'nr 5', 'Numer pięć'],
  ['percent', '10 %', 'Dziesięć procent'],
  ['temperature', '-5 °C', 'Minus pięć stopni Celsjusza'],
  ['grosze unit', '50 gr', 'Pięćdziesiąt groszy'],
  [
    'phone after tel.',
    'tel. 123 456 789',
    'Telefon jeden dwa trzy, cztery pięć sześć, siedem osiem dziewięć',
  ],
]

describe('Polish normalisation', () => {
  it.each(cases)('%s: %s', (_what, written, spoken) => {
    expect(normalize('pl', written)).toBe(spoken)
  })
})
