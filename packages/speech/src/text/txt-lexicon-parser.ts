// The TXT dictionary format (dictionary files may be XML, TXT or PLS). One rule per line:
//
//   # comments start with "#" at the beginning of a line; blank lines are ignored
//   NYC = New York City          alias: the text is replaced, then read normally
//   Timbre = /ˈtæmbɚ/            phoneme: IPA between slashes
//   tomato = /T AH0 M EY1 T OW2/ phoneme: CMU Arpabet between slashes (recognised when
//                                every symbol is an Arpabet phoneme, stress digits allowed)
//
// The word is everything before the first "=" (so a word cannot contain "="), both sides are
// trimmed, and matching follows the rule defaults (whole words, any letter case).
// Phoneme output must start and end with a slash: an output that starts or ends with "/"
// but not both is an error, as is an empty word or output, an output over 200 characters,
// phonemes outside the alphabet, or a file over 1 MB. Errors name the line.
import { arpabetToEspeak, looksLikeArpabet } from './arpabet-to-espeak.js'
import { TextInputError } from './errors.js'
import { ipaToEspeak } from './ipa-to-espeak.js'
import { decodeLexiconInput } from './lexicon-input.js'
import type { ParsedLexicon } from './lexicon-types.js'
import { MAX_RULE_OUTPUT_CHARS } from './pronunciation.js'
import type { PronunciationRule } from './types.js'

export function parseTxtLexicon(input: string | Uint8Array): ParsedLexicon {
  const lines = decodeLexiconInput(input).split(/\r\n|\r|\n/)
  const rules: PronunciationRule[] = []
  lines.forEach((raw, index) => {
    const line = index + 1
    const text = raw.trim()
    if (text === '' || text.startsWith('#')) return
    const fail = (message: string): never => {
      throw new TextInputError('invalid_lexicon', `Line ${line}: ${message}.`, line)
    }
    const eq = text.indexOf('=')
    if (eq < 0) fail('expected "word = replacement" or "word = /phonemes/"')
    const word = text.slice(0, eq).trim()
    const output = text.slice(eq + 1).trim()
    if (word === '') fail('the word before "=" is empty')
    if (output === '') fail(`the replacement for "${word}" is empty`)
    if (output.length > MAX_RULE_OUTPUT_CHARS)
      fail(`the replacement for "${word}" is longer than ${MAX_RULE_OUTPUT_CHARS} characters`)
    const opens = output.startsWith('/')
    const closes = output.length > 1 && output.endsWith('/')
    if (opens !== closes) fail(`phonemes must start and end with a slash, as in ${word} = /phonemes/`)
    if (!opens) {
      rules.push({ type: 'alias', stringToReplace: word, alias: output })
      return
    }
    const phoneme = output.slice(1, -1).trim()
    if (phoneme === '') fail(`the phonemes for "${word}" are empty`)
    const alphabet = looksLikeArpabet(phoneme) ? 'cmu-arpabet' : 'ipa'
    try {
      if (alphabet === 'ipa') ipaToEspeak(phoneme)
      else arpabetToEspeak(phoneme)
    } catch (error) {
      if (error instanceof TextInputError)
        throw new TextInputError(error.code, `Line ${line}: ${error.message}`, line)
      throw error
    }
    rules.push({ type: 'phoneme', stringToReplace: word, phoneme, alphabet })
  })
  const phonemeRules = rules.filter((r) => r.type === 'phoneme')
  const allArpabet = phonemeRules.length > 0 && phonemeRules.every((r) => r.alphabet === 'cmu-arpabet')
  return { rules, language: undefined, alphabet: allArpabet ? 'cmu-arpabet' : 'ipa' }
}
