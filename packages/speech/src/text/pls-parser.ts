// W3C Pronunciation Lexicon Specification 1.0 files (`.pls`, and `.xml` dictionaries):
//   <lexicon version="1.0" alphabet="ipa|x-cmu" xml:lang="en-US" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon">
//     <lexeme><grapheme>Timbre</grapheme><phoneme>ˈtæmbɚ</phoneme></lexeme>
//     <lexeme><grapheme>NYC</grapheme><alias>New York City</alias></lexeme>
//   </lexicon>
// Each lexeme gives one rule per grapheme. Stricter than PLS in one place, as our rules
// need: a lexeme has either an alias or a phoneme, not both. With several phonemes, the one
// with prefer="true" (else the first) is used; a phoneme may override the alphabet.
import { arpabetToEspeak } from './arpabet-to-espeak.js'
import { TextInputError } from './errors.js'
import { ipaToEspeak } from './ipa-to-espeak.js'
import { decodeLexiconInput } from './lexicon-input.js'
import type { ParsedLexicon } from './lexicon-types.js'
import { MAX_RULE_OUTPUT_CHARS } from './pronunciation.js'
import type { PronunciationRule } from './types.js'
import { localName, parseXml, textOf, type XmlElement } from './xml-tokenizer.js'

type Alphabet = 'ipa' | 'cmu-arpabet'

const ALPHABETS: Readonly<Record<string, Alphabet>> = {
  ipa: 'ipa',
  'x-cmu': 'cmu-arpabet',
  'x-cmu-arpabet': 'cmu-arpabet',
  'cmu-arpabet': 'cmu-arpabet',
  'x-arpabet': 'cmu-arpabet',
  arpabet: 'cmu-arpabet',
}

export function parsePls(input: string | Uint8Array): ParsedLexicon {
  const root = parseXml(decodeLexiconInput(input))
  if (localName(root.name) !== 'lexicon') {
    throw new TextInputError(
      'invalid_lexicon',
      `The root element is <${root.name}>; a PLS file starts with <lexicon>.`,
      root.line,
    )
  }
  const version = root.attributes.get('version')
  if (version !== undefined && version !== '1.0') {
    throw new TextInputError(
      'invalid_lexicon',
      `PLS version "${version}" is not supported (only 1.0).`,
      root.line,
    )
  }
  const alphabet = alphabetOf(root.attributes.get('alphabet'), 'The <lexicon>', root.line)
  const rules: PronunciationRule[] = []
  let index = 0
  for (const child of root.children) {
    if (child.kind !== 'element' || localName(child.name) !== 'lexeme') continue
    index++
    rules.push(...lexemeRules(child, index, alphabet))
  }
  return { rules, language: root.attributes.get('xml:lang'), alphabet }
}

function alphabetOf(value: string | undefined, where: string, line: number): Alphabet {
  if (value === undefined) {
    throw new TextInputError(
      'unknown_alphabet',
      `${where} on line ${line} has no alphabet attribute (use "ipa" or "x-cmu").`,
      line,
    )
  }
  const alphabet = ALPHABETS[value.trim().toLowerCase()]
  if (!alphabet) {
    throw new TextInputError(
      'unknown_alphabet',
      `${where} on line ${line} uses the unknown alphabet "${value}" (use "ipa" or "x-cmu").`,
      line,
    )
  }
  return alphabet
}

function lexemeRules(lexeme: XmlElement, index: number, lexiconAlphabet: Alphabet): PronunciationRule[] {
  const where = `Lexeme ${index} (line ${lexeme.line})`
  const fail = (message: string): never => {
    throw new TextInputError('invalid_lexicon', `${where} ${message}.`, lexeme.line)
  }
  const elements = lexeme.children.filter((c): c is XmlElement => c.kind === 'element')
  const named = (name: string): XmlElement[] => elements.filter((e) => localName(e.name) === name)
  const graphemes = named('grapheme').map((g) => clean(textOf(g)))
  if (graphemes.length === 0) fail('has no <grapheme>')
  if (graphemes.some((g) => g === '')) fail('has an empty <grapheme>')
  const aliases = named('alias')
  const phonemes = named('phoneme')
  if (aliases.length > 0 && phonemes.length > 0) fail('has both an <alias> and a <phoneme>; give one of them')
  if (aliases.length === 0 && phonemes.length === 0) fail('has neither an <alias> nor a <phoneme>')
  const chosen = phonemes.find((p) => p.attributes.get('prefer') === 'true') ?? phonemes[0] ?? aliases[0]
  if (!chosen) return fail('has no output')
  const output = clean(textOf(chosen))
  if (output === '') fail(`has an empty <${localName(chosen.name)}>`)
  if (output.length > MAX_RULE_OUTPUT_CHARS)
    fail(`has an output longer than ${MAX_RULE_OUTPUT_CHARS} characters`)
  if (localName(chosen.name) === 'alias') {
    return graphemes.map((g) => ({ type: 'alias', stringToReplace: g, alias: output }))
  }
  const own = chosen.attributes.get('alphabet')
  const alphabet =
    own === undefined
      ? lexiconAlphabet
      : alphabetOf(own, `The <phoneme> of ${where.toLowerCase()}`, chosen.line)
  try {
    if (alphabet === 'ipa') ipaToEspeak(output)
    else arpabetToEspeak(output)
  } catch (error) {
    if (error instanceof TextInputError)
      throw new TextInputError(error.code, `${where}: ${error.message}`, lexeme.line)
    throw error
  }
  return graphemes.map((g) => ({ type: 'phoneme', stringToReplace: g, phoneme: output, alphabet }))
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
