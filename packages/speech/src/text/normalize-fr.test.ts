import { describe, expect, it } from 'vitest'
import { normalize } from './testing-normalize.js'

const cases: Array<[string, string, string]> = [
  ['ordinal 1er', 'Le 1er mai', 'Le premier mai'],
  ['ordinal 1re and 1ère', 'la 1re fois, la 1ère', 'la première fois, la première'],
  ['ordinals e and ème', 'le 2e et le 3ème', 'le deuxième et le troisième'],
  ['ordinal 2nd', 'le 2nd', 'le second'],
  ['ordinal 21e', 'le 21e', 'le vingt et unième'],
  ['time with h', 'à 14h30', 'à quatorze heures trente'],
  ['time with spaces', 'à 14 h 30', 'à quatorze heures trente'],
  ['whole hour', 'à 1h', 'à une heure'],
  ['colon time', '14:30', 'Quatorze heures trente'],
  ['euros and centimes', '5,50 €', 'Cinq euros cinquante'],
  ['one euro', '1 €', 'Un euro'],
  ['centimes only', '0,50 €', 'Cinquante centimes'],
  ['million of euros', '1 000 000 €', "Un million d'euros"],
  ['scaled money', '5 M€', "Cinq millions d'euros"],
  ['singular below two', '1,5 kg', 'Un virgule cinq kilogramme'],
  ['plural from two', '2,5 kg', 'Deux virgule cinq kilogrammes'],
  ['decimal read as a number', '3,14 et 3,05', 'Trois virgule quatorze et trois virgule zéro cinq'],
  ['numbers', '71, 80, 99', 'Soixante et onze, quatre-vingts, quatre-vingt-dix-neuf'],
  ['space grouping', '1 000 000 de personnes', 'Un million de personnes'],
  ['numeric date', '15/03/2024', 'Quinze mars deux mille vingt-quatre'],
  ['written date', '1er janvier 2000', 'Premier janvier deux mille'],
  ['percent', '10 %', 'Dix pour cent'],
  ['temperature', '-5 °C', 'Moins cinq degrés Celsius'],
  ['titles', 'M. Dupont et Mme Durand', 'Monsieur Dupont et Madame Durand'],
  ['doctor', 'Dr Martin', 'Docteur Martin'],
  ['abbreviations', 'p. ex. ceci, c.-à-d. cela', 'Par exemple ceci, c’est-à-dire cela'.replace('’', "'")],
  ['numéro', 'n° 5', 'Numéro cinq'],
  ['etc.', 'etc. Puis', 'Et cetera. Puis'],
  ['email', 'contact@exemple.fr', 'Contact arobase exemple point fr'],
  ['symbols', '2 + 2 = 4', 'Deux plus deux égale quatre'],
]

describe('French normalisation', () => {
  it.each(cases)('%s: %s', (_what, written, spoken) => {
    expect(normalize('fr', written)).toBe(spoken)
  })
})
