// Who speaks a quote, read from the words around it: "said Anna", "Anna asked", "asked Anna",
// "Anna said:" before the quote. A pronoun ("she said") names nobody; the conversation decides.

const VERBS = [
  'said',
  'says',
  'asked',
  'asks',
  'replied',
  'replies',
  'answered',
  'answers',
  'whispered',
  'whispers',
  'shouted',
  'shouts',
  'cried',
  'called',
  'muttered',
  'mutters',
  'added',
  'adds',
  'continued',
  'yelled',
  'exclaimed',
  'murmured',
  'began',
  'insisted',
  'laughed',
  'sighed',
  'snapped',
  'agreed',
  'demanded',
  'remarked',
  'inquired',
  'admitted',
  'explained',
  'protested',
  'suggested',
  'warned',
  'repeated',
  'groaned',
  'growled',
  'hissed',
  'told',
  'offered',
  'pleaded',
  'announced',
  'declared',
  'wondered',
  'interrupted',
  'retorted',
  'breathed',
  'corrected',
]
const VERB = `(?:${VERBS.join('|')})`
const TITLE = '(?:(?:Mr|Mrs|Ms|Dr|Miss|Aunt|Uncle|Captain|Professor|Sir|Lady|Lord)\\.?\\s+)'
const NAME = `(${TITLE}?\\p{Lu}[\\p{L}’'-]*)`
const ADVERB = '(?:\\p{Ll}+ly\\s+)?'
const LEAD = '^[\\s,.!?;:…—–-]*'

/** Capitalised words that start sentences but are never a speaker's name. */
const NOT_NAMES = new Set(
  (
    'i he she it they we you the a an then but and so yet or if when while as after before ' +
    'yes no oh ah well what why how who where there here this that these those his her their ' +
    'my our your its one someone somebody everyone nobody everybody something nothing ' +
    'later now still just again finally suddenly outside inside'
  ).split(' '),
)

const AFTER_VERB_NAME = new RegExp(`${LEAD}${VERB}\\s+${ADVERB}${NAME}`, 'u')
const AFTER_NAME_VERB = new RegExp(`${LEAD}${NAME}\\s+${ADVERB}${VERB}\\b`, 'u')
const BEFORE_NAME_VERB = new RegExp(
  `${NAME}\\s+${ADVERB}${VERB}(?:\\s+\\p{Ll}+ly)?(?:\\s+\\p{Ll}+)?\\s*[,:]?\\s*$`,
  'u',
)
const BEFORE_VERB_NAME = new RegExp(`${VERB}\\s+${NAME}\\s*[,:]\\s*$`, 'u')

/** A name as written, tidied: "Mr. Brown" and "Mr Brown" are one person. */
export function cleanName(name: string): string {
  return name.replace(/\./g, '').replace(/\s+/g, ' ').trim()
}

export function characterId(name: string): string {
  return cleanName(name).toLowerCase().replace(/\s+/g, '-')
}

function acceptable(name: string | undefined): string | null {
  if (!name) return null
  const clean = cleanName(name)
  return NOT_NAMES.has(clean.toLowerCase()) ? null : clean
}

/** The speaker named by the narration right after a quote, or null. */
export function speakerAfter(narration: string): string | null {
  const first = narration.split(/(?<!\b(?:Mr|Mrs|Ms|Dr|St)\.)(?<=[.!?])\s+(?=\p{Lu})/u)[0] ?? ''
  return acceptable(AFTER_VERB_NAME.exec(first)?.[1]) ?? acceptable(AFTER_NAME_VERB.exec(first)?.[1])
}

/** The speaker named by the narration right before a quote ("Anna said:"), or null. */
export function speakerBefore(narration: string): string | null {
  return (
    acceptable(BEFORE_NAME_VERB.exec(narration)?.[1]) ?? acceptable(BEFORE_VERB_NAME.exec(narration)?.[1])
  )
}

/**
 * The known characters a stretch of narration has as the subject of a sentence, in order of
 * appearance ("Marcus shrugged." names Marcus as the one about to speak; "she looked at Marcus"
 * does not).
 */
export function namesIn(narration: string, known: ReadonlyMap<string, string>): string[] {
  const found: string[] = []
  const word = new RegExp(`(?:^|[.!?…]\\s+|\\n)[\\s“"‘(]*${NAME}`, 'gu')
  for (const match of narration.matchAll(word)) {
    const name = acceptable(match[1])
    if (name && known.has(characterId(name))) found.push(known.get(characterId(name)) ?? name)
  }
  return found
}

/** Known characters a quote speaks to ("Hello, Marcus."), who are therefore not its speaker. */
export function namesAddressed(quote: string, known: ReadonlyMap<string, string>): string[] {
  const found: string[] = []
  const vocative = new RegExp(`(?:,\\s*${NAME}(?=[\\s]*[.!?,…—”"’»])|^[“"‘«„]?${NAME}(?=[,.!?]))`, 'gu')
  for (const match of quote.matchAll(vocative)) {
    const name = acceptable(match[1] ?? match[2])
    if (name && known.has(characterId(name))) found.push(known.get(characterId(name)) ?? name)
  }
  return found
}

/** Every known character a stretch of narration names, in order of appearance. */
export function mentionsIn(narration: string, known: ReadonlyMap<string, string>): string[] {
  const found: string[] = []
  for (const match of narration.matchAll(new RegExp(NAME, 'gu'))) {
    const name = acceptable(match[1])
    if (name && known.has(characterId(name))) found.push(known.get(characterId(name)) ?? name)
  }
  return found
}
