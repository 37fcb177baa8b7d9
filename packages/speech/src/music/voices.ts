// The singing voice a song asks for ("female vocals", "männliche Stimme", "voix de femme"), in
// the nine interface languages; without one, the seed chooses.
import { createRandom, hashText } from './random.js'
import { hasAny } from './words.js'

export type SingingVoice = 'female' | 'male'

const FEMALE_WORDS = [
  'female',
  'woman',
  'women',
  'girl',
  'feminine',
  'soprano',
  'weiblich',
  'weibliche',
  'sängerin',
  'frau',
  'femme',
  'féminin',
  'féminine',
  'chanteuse',
  'femenina',
  'femenino',
  'mujer',
  'cantante femenina',
  'feminina',
  'mulher',
  'cantora',
  'kobiecy',
  'kobieta',
  'wokalistka',
  'kvinnlig',
  'kvinna',
  'sångerska',
  '女性',
  'महिला',
]
const MALE_WORDS = [
  'male',
  'man',
  'men',
  'boy',
  'masculine',
  'tenor',
  'baritone',
  'männlich',
  'männliche',
  'sänger',
  'mann',
  'homme',
  'masculin',
  'chanteur',
  'masculina',
  'masculino',
  'hombre',
  'homem',
  'cantor',
  'męski',
  'mężczyzna',
  'wokalista',
  'manlig',
  'sångare',
  '男性',
  'पुरुष',
]

/** The voice named in the (normalised) positive styles, or the seed's choice. */
export function singingVoice(positive: string, seed: number): SingingVoice {
  const female = hasAny(positive, FEMALE_WORDS)
  const male = hasAny(positive, MALE_WORDS)
  if (female !== male) return female ? 'female' : 'male'
  return createRandom(hashText('voice', seed)).chance(0.5) ? 'female' : 'male'
}
