import { describe, expect, it } from 'vitest'
import { normalize } from './testing-normalize.js'

const cases: Array<[string, string, string]> = [
  ['ordinal º', 'El 1.º de mayo', 'El primero de mayo'],
  ['ordinal ª', 'la 3.ª vez', 'la tercera vez'],
  ['ordinal without a dot', 'el 2º', 'el segundo'],
  ['shortened ordinals', 'el 1.er día, el 3.er piso', 'el primer día, el tercer piso'],
  ['plural ordinal', 'los 2.os', 'los segundos'],
  ['numeric date', '15/03/2024', 'Quince de marzo de dos mil veinticuatro'],
  ['written date', 'el 15 de marzo de 2024', 'el quince de marzo de dos mil veinticuatro'],
  ['time', 'a las 14:30', 'a las catorce y treinta'],
  ['whole hour', 'a las 13:00', 'a las trece horas'],
  ['one o’clock', 'a la 1:15', 'a la una y quince'],
  ['euros and cents', '5,50 €', 'Cinco euros con cincuenta céntimos'],
  ['one euro', '1 €', 'Un euro'],
  ['twenty-one euros', '21 €', 'Veintiún euros'],
  ['million euros', '1 000 000 €', 'Un millón de euros'],
  ['decimal', '3,14', 'Tres coma catorce'],
  ['grouped', '1.234,56', 'Mil doscientos treinta y cuatro coma cincuenta y seis'],
  ['millions', '2.000.000', 'Dos millones'],
  ['units', '1 km y 2,5 kg', 'Un kilómetro y dos coma cinco kilogramos'],
  ['feminine unit', '1 h', 'Una hora'],
  ['percent', '10 %', 'Diez por ciento'],
  ['temperature', '-5 °C', 'Menos cinco grados centígrados'],
  ['titles', 'Sr. García y Sra. López', 'Señor García y señora López'],
  ['doctor', 'Dra. Ruiz', 'Doctora Ruiz'],
  ['abbreviations', 'p. ej. esto, núm. 5', 'Por ejemplo esto, número cinco'],
  ['EE. UU.', 'en EE. UU.', 'en Estados Unidos'],
  ['street', 'c/ Mayor 5', 'Calle Mayor cinco'],
  ['etc.', 'etc. Luego', 'Etcétera. Luego'],
  ['email', 'hola@ejemplo.es', 'Hola arroba ejemplo punto es'],
]

describe('Spanish normalisation', () => {
  it.each(cases)('%s: %s', (_what, written, spoken) => {
    expect(normalize('es', written)).toBe(spoken)
  })
})
