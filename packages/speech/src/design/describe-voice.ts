// Reads a free-text voice description ("a deep, raspy old man with a British accent", "eine
// helle junge Frauenstimme", "voix grave et lente", "voz femenina aguda") into the traits the
// engines can act on. Words are matched in English, German, French and Spanish (plus a few
// Portuguese, Italian, Polish and Swedish ones); a negation just before a word ("not deep",
// "nicht zu tief") drops it. Remix descriptions use the same words as changes ("higher",
// "slower", "more breathy").

export type Gender = 'female' | 'male' | 'neutral'
export type Age = 'child' | 'young' | 'middle_aged' | 'old'
export type Timbre =
  | 'deep'
  | 'bright'
  | 'warm'
  | 'breathy'
  | 'raspy'
  | 'nasal'
  | 'soft'
  | 'powerful'
  | 'whisper'
  | 'thin'

export interface VoiceTraits {
  gender: Gender | null
  age: Age | null
  /** An accent name as the voice labels use it (american, british, scottish, ...). */
  accent: string | null
  /** The language the description is written in, or one it names ("speaks German"). */
  language: string | null
  /** Pitch wish in steps: -2 very low ... +2 very high; 0 none. */
  pitch: number
  /** Pace wish in steps: -2 very slow ... +2 very fast; 0 none. */
  pace: number
  /** Intonation: -1 monotone, +1 expressive, 0 none. */
  intonation: number
  timbre: Timbre[]
}

type Rule = { words: string[]; apply: (t: VoiceTraits, strength: number) => void }

const addTimbre = (word: Timbre) => (t: VoiceTraits) => {
  if (!t.timbre.includes(word)) t.timbre.push(word)
}

// Word stems: a description word matches when it starts with one of these (so "deeper",
// "tiefen", "graves" match their stems). Short stems that would catch unrelated words are
// written whole with a trailing space marker `$` meaning "the whole word".
const RULES: Rule[] = [
  {
    words: ['female', 'woman', 'women', 'girl', 'lady', 'feminin', 'frau', 'weiblich', 'mädchen', 'dame$'],
    apply: (t) => {
      t.gender = 'female'
    },
  },
  {
    words: ['femme', 'fille', 'féminin', 'mujer', 'femenin', 'chica', 'niña', 'mulher', 'donna', 'kobiet'],
    apply: (t) => {
      t.gender = 'female'
    },
  },
  {
    words: ['she$', 'her$', 'elle$', 'ella$', 'sie$', 'kvinn', 'flick'],
    apply: (t) => {
      t.gender ??= 'female'
    },
  },
  {
    words: ['male', 'man$', 'men$', 'boy', 'guy', 'gentleman', 'masculin', 'mann', 'männ', 'junge$'],
    apply: (t) => {
      t.gender = 'male'
    },
  },
  {
    words: ['homme', 'garçon', 'hombre', 'chico', 'niño', 'varón', 'homem', 'uomo', 'mężczyzn', 'pojk'],
    apply: (t) => {
      t.gender = 'male'
    },
  },
  {
    words: ['he$', 'his$', 'him$', 'il$', 'él$', 'er$'],
    apply: (t) => {
      t.gender ??= 'male'
    },
  },
  {
    words: ['androgyn', 'neutral', 'non-binary', 'nonbinary', 'neutre', 'neutro'],
    apply: (t) => {
      t.gender = 'neutral'
    },
  },
  {
    words: ['child', 'kid', 'kinder', 'enfant', 'niño', 'niña', 'criança', 'bambin', 'dziec', 'barn$'],
    apply: (t) => {
      t.age = 'child'
    },
  },
  {
    words: ['young', 'youth', 'teen', 'jung', 'jeune', 'joven', 'jovem', 'giovan', 'młod', 'ung$'],
    apply: (t) => {
      if (t.age !== 'child') t.age = 'young'
    },
  },
  {
    words: ['middle-aged', 'middle aged', 'adult', 'mittleren', 'erwachsen', "d'âge mûr", 'mediana edad'],
    apply: (t) => {
      t.age = 'middle_aged'
    },
  },
  {
    words: ['old', 'elder', 'senior', 'aged$', 'grandp', 'grandm', 'alt$', 'alte', 'älter', 'greis'],
    apply: (t) => {
      t.age = 'old'
    },
  },
  {
    words: ['vieil', 'vieux', 'âgé', 'anciano', 'anciana', 'mayor$', 'viejo', 'vieja', 'idoso', 'anzian'],
    apply: (t) => {
      t.age = 'old'
    },
  },
  {
    words: ['very deep', 'very low', 'sehr tief', 'très grave', 'muy grave', 'bass$', 'basso'],
    apply: (t, s) => {
      t.pitch -= 2 * s
      addTimbre('deep')(t)
    },
  },
  {
    words: ['deep', 'low', 'lower', 'tief', 'dunkl', 'grave', 'profond', 'baja', 'bajo', 'profund', 'niski'],
    apply: (t, s) => {
      t.pitch -= s
      if (s > 0) addTimbre('deep')(t)
    },
  },
  {
    words: ['very high', 'squeak', 'shrill', 'sehr hoch', 'quietsch', 'très aigu', 'muy aguda', 'chillon'],
    apply: (t, s) => {
      t.pitch += 2 * s
    },
  },
  {
    words: ['high', 'higher', 'hoch', 'höher', 'hohe', 'aigu', 'haute', 'alta$', 'alto$', 'aguda', 'agudo'],
    apply: (t, s) => {
      t.pitch += s
    },
  },
  {
    words: ['fast', 'quick', 'rapid', 'brisk', 'energetic', 'schnell', 'zügig', 'rapide', 'vite', 'rápid'],
    apply: (t, s) => {
      t.pace += s
    },
  },
  {
    words: ['slow', 'calm', 'relaxed', 'langsam', 'ruhig', 'gemächlich', 'lent', 'calme', 'lenta', 'lento'],
    apply: (t, s) => {
      t.pace -= s
    },
  },
  {
    words: ['pausad', 'tranquil', 'devagar', 'wolno', 'långsam'],
    apply: (t, s) => {
      t.pace -= s
    },
  },
  {
    words: ['monoton', 'flat', 'robotic', 'emotionless', 'sachlich', 'plat$', 'plana', 'sin emoción'],
    apply: (t, s) => {
      t.intonation = -s
    },
  },
  {
    words: [
      'expressive',
      'lively',
      'animated',
      'excited',
      'dramatic',
      'lebhaft',
      'ausdrucksstark',
      'lebendig',
    ],
    apply: (t, s) => {
      t.intonation = s
    },
  },
  {
    words: ['expressi', 'animé', 'enjoué', 'vivant', 'expresiv', 'animad', 'alegre', 'dramátic'],
    apply: (t, s) => {
      t.intonation = s
    },
  },
  {
    words: [
      'bright',
      'clear',
      'crisp',
      'hell$',
      'helle',
      'heller',
      'klar',
      'brillant',
      'clair',
      'clara',
      'brillante',
    ],
    apply: addTimbre('bright'),
  },
  {
    words: ['warm', 'rich', 'mellow', 'velvet', 'chaleureu', 'chaud', 'cálid', 'calid', 'samtig'],
    apply: addTimbre('warm'),
  },
  {
    words: ['breath', 'airy', 'hauchig', 'behaucht', 'luftig', 'soufflé', 'aérien', 'aireada', 'entrecortad'],
    apply: addTimbre('breathy'),
  },
  {
    words: [
      'rasp',
      'gravel',
      'hoarse',
      'husky',
      'rough',
      'gritty',
      'heiser',
      'rau$',
      'raue',
      'rauch',
      'kratzig',
    ],
    apply: addTimbre('raspy'),
  },
  {
    words: ['rauque', 'éraillé', 'enroué', 'ronca', 'ronco', 'áspera', 'rasposa', 'rouca'],
    apply: addTimbre('raspy'),
  },
  { words: ['nasal', 'näselnd', 'nasill'], apply: addTimbre('nasal') },
  {
    words: ['soft', 'gentle', 'sanft', 'weich', 'leise', 'doux', 'douce', 'suave', 'dulce'],
    apply: addTimbre('soft'),
  },
  {
    words: [
      'powerful',
      'strong',
      'loud',
      'booming',
      'kräftig',
      'stark',
      'laut',
      'puissant',
      'fort$',
      'potente',
      'fuerte',
    ],
    apply: addTimbre('powerful'),
  },
  { words: ['whisper', 'flüster', 'chuchot', 'murmur', 'susurr'], apply: addTimbre('whisper') },
  { words: ['thin', 'small', 'tiny', 'dünn', 'mince', 'fine$', 'delgad', 'fina$'], apply: addTimbre('thin') },
]

const ACCENTS: Record<string, string[]> = {
  american: ['american', 'us accent', 'amerikanisch', 'américain', 'americano', 'estadounidense'],
  british: ['british', 'english accent', 'london', 'rp$', 'britisch', 'britannique', 'británic', 'inglés'],
  scottish: ['scottish', 'scots', 'schottisch', 'écossais', 'escocés'],
  irish: ['irish', 'irisch', 'irlandais', 'irlandés'],
  australian: ['australian', 'aussie', 'australisch', 'australien', 'australiano'],
  indian: ['indian', 'indisch', 'indien', 'indio', 'hindú'],
  castilian: ['castilian', 'castellano', 'kastilisch', 'de españa'],
  parisian: ['parisian', 'parisien', 'pariser'],
}

// A language the voice should speak: named ("speaks German", "auf Deutsch") or implied by the
// words of the description itself.
const LANGUAGE_NAMES: Record<string, string[]> = {
  de: ['german', 'deutsch', 'allemand', 'alemán'],
  fr: ['french', 'französisch', 'français', 'francés'],
  es: ['spanish', 'spanisch', 'espagnol', 'español', 'castellano'],
  pt: ['portuguese', 'portugiesisch', 'portugais', 'portugués', 'português'],
  it: ['italian', 'italienisch', 'italien', 'italiano'],
  pl: ['polish', 'polnisch', 'polonais', 'polaco', 'polski'],
  sv: ['swedish', 'schwedisch', 'suédois', 'sueco', 'svenska'],
  ja: ['japanese', 'japanisch', 'japonais', 'japonés'],
  hi: ['hindi'],
}
const FUNCTION_WORDS: Record<string, string[]> = {
  en: ['the', 'a', 'an', 'with', 'and', 'voice', 'who', 'of', 'is', 'speaks', 'sounds'],
  de: ['der', 'die', 'das', 'eine', 'ein', 'mit', 'und', 'stimme', 'einer', 'einem', 'spricht', 'klingt'],
  fr: ['le', 'la', 'les', 'une', 'un', 'avec', 'et', 'voix', 'qui', 'parle', "d'un", "d'une", 'de'],
  es: ['el', 'la', 'los', 'una', 'un', 'con', 'y', 'voz', 'que', 'habla', 'de', 'del'],
}
const NEGATIONS = [
  'not',
  'no',
  "isn't",
  'never',
  'without',
  'nicht',
  'kein',
  'keine',
  'ohne',
  'pas',
  'sans',
  'ni',
  'sin',
  'nunca',
]
const STRONGER = [
  'very',
  'extremely',
  'really',
  'super',
  'sehr',
  'extrem',
  'très',
  'muy',
  'bien',
  'much',
  'viel',
  'mucho',
]

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter(Boolean)
}

function matchesStem(word: string, stem: string): boolean {
  return stem.endsWith('$') ? word === stem.slice(0, -1) : word.startsWith(stem)
}

export function emptyTraits(): VoiceTraits {
  return {
    gender: null,
    age: null,
    accent: null,
    language: null,
    pitch: 0,
    pace: 0,
    intonation: 0,
    timbre: [],
  }
}

export function describedLanguage(text: string): string | null {
  const words = tokens(text)
  let best: string | null = null
  let bestCount = 1
  for (const [language, list] of Object.entries(FUNCTION_WORDS)) {
    const count = words.filter((w) => list.includes(w)).length
    if (count > bestCount) {
      best = language
      bestCount = count
    }
  }
  return best
}

/** The traits a description asks for. */
export function parseVoiceDescription(description: string): VoiceTraits {
  const traits = emptyTraits()
  const words = tokens(description)
  const text = ` ${words.join(' ')} `
  const used = new Set<number>()
  // Phrases of two words first ("very deep", "middle aged"), then single words.
  for (const rule of RULES) {
    for (const stem of rule.words) {
      if (!stem.includes(' ')) continue
      const at = text.indexOf(` ${stem.replace(/\$$/, '')}`)
      if (at < 0) continue
      const index = text.slice(0, at).trim().split(' ').filter(Boolean).length
      if (negated(words, index)) continue
      rule.apply(traits, 1)
      for (let i = index; i < index + stem.split(' ').length; i++) used.add(i)
    }
  }
  for (const [index, word] of words.entries()) {
    if (used.has(index)) continue
    for (const rule of RULES) {
      if (!rule.words.some((stem) => !stem.includes(' ') && matchesStem(word, stem))) continue
      if (negated(words, index)) continue
      const strength = STRONGER.includes(words[index - 1] ?? '') ? 2 : 1
      rule.apply(traits, strength)
      break
    }
  }
  for (const [accent, list] of Object.entries(ACCENTS)) {
    const named = list.some((stem) =>
      stem.includes(' ') ? text.includes(` ${stem} `) : words.some((w) => matchesStem(w, stem)),
    )
    if (named) traits.accent = accent
  }
  for (const [language, list] of Object.entries(LANGUAGE_NAMES)) {
    if (words.some((w) => list.includes(w))) traits.language = language
  }
  traits.language ??= describedLanguage(description)
  traits.pitch = Math.max(-3, Math.min(3, traits.pitch))
  traits.pace = Math.max(-2, Math.min(2, traits.pace))
  return traits
}

function negated(words: string[], index: number): boolean {
  for (let i = Math.max(0, index - 3); i < index; i++) if (NEGATIONS.includes(words[i]!)) return true
  return false
}
