import {
  MAX_RULE_INPUT_CHARS,
  MAX_RULE_OUTPUT_CHARS,
  MAX_RULES_PER_DICTIONARY,
  PHONEME_ALPHABETS,
  type PhonemeAlphabet,
} from '@timbre/contract'
import { arpabetToEspeak, ipaToEspeak, isTextInputError, type PronunciationRule } from '@timbre/speech'
import { AppError } from '../../errors.js'

// A dictionary's rules as the public API writes them and as versions store them.
//   alias:   { type: 'alias', string_to_replace, alias, case_sensitive, word_boundaries }
//   phoneme: { type: 'phoneme', string_to_replace, phoneme: '/.../', alphabet: 'ipa' | 'cmu-arpabet', ... }
// Rules: the input (string_to_replace) and the output are required, the output at most 200
// characters; phoneme output starts and ends with a slash and every symbol must belong to its
// alphabet (it is converted for eSpeak NG here, so a rule that cannot be spoken is never saved).
// case_sensitive and word_boundaries default to true, as in the public API.

export type StoredRule =
  | {
      type: 'alias'
      string_to_replace: string
      alias: string
      case_sensitive: boolean
      word_boundaries: boolean
    }
  | {
      type: 'phoneme'
      string_to_replace: string
      phoneme: string
      alphabet: PhonemeAlphabet
      case_sensitive: boolean
      word_boundaries: boolean
    }

/** A rule as it arrives (every field optional, so the messages are ours, not the parser's). */
export interface RuleInput {
  type?: string | undefined
  string_to_replace?: string | undefined
  alias?: string | null | undefined
  phoneme?: string | null | undefined
  alphabet?: string | null | undefined
  case_sensitive?: boolean | null | undefined
  word_boundaries?: boolean | null | undefined
}

function invalid(message: string, param: string): never {
  throw new AppError('invalid_pronunciation_rule', { message, param })
}

/** Checks one rule and gives its stored form; `param` names it in errors (`rules[2]`). */
export function validateRule(input: RuleInput, param: string): StoredRule {
  const stringToReplace = (input.string_to_replace ?? '').trim()
  if (stringToReplace === '') invalid('Rule input required.', `${param}.string_to_replace`)
  if (stringToReplace.length > MAX_RULE_INPUT_CHARS)
    invalid(
      `Rule input is too long (at most ${MAX_RULE_INPUT_CHARS} characters).`,
      `${param}.string_to_replace`,
    )
  const flags = {
    case_sensitive: input.case_sensitive ?? true,
    word_boundaries: input.word_boundaries ?? true,
  }
  if (input.type === 'alias') {
    const alias = (input.alias ?? '').trim()
    if (alias === '') invalid('Rule output required.', `${param}.alias`)
    if (alias.length > MAX_RULE_OUTPUT_CHARS)
      invalid(`Rule output is too long (at most ${MAX_RULE_OUTPUT_CHARS} characters).`, `${param}.alias`)
    return { type: 'alias', string_to_replace: stringToReplace, alias, ...flags }
  }
  if (input.type !== 'phoneme') invalid("A rule's type must be 'alias' or 'phoneme'.", `${param}.type`)
  const phoneme = (input.phoneme ?? '').trim()
  if (phoneme === '') invalid('Rule output required.', `${param}.phoneme`)
  if (phoneme.length > MAX_RULE_OUTPUT_CHARS)
    invalid(`Rule output is too long (at most ${MAX_RULE_OUTPUT_CHARS} characters).`, `${param}.phoneme`)
  if (phoneme.length < 3 || !phoneme.startsWith('/') || !phoneme.endsWith('/'))
    invalid('Phoneme output must start and end with a slash.', `${param}.phoneme`)
  const alphabet = (input.alphabet ?? '').trim().toLowerCase()
  if (!(PHONEME_ALPHABETS as readonly string[]).includes(alphabet))
    invalid("A phoneme rule's alphabet must be 'ipa' or 'cmu-arpabet'.", `${param}.alphabet`)
  try {
    if (alphabet === 'ipa') ipaToEspeak(phoneme)
    else arpabetToEspeak(phoneme)
  } catch (error) {
    if (isTextInputError(error)) invalid(error.message, `${param}.phoneme`)
    throw error
  }
  return {
    type: 'phoneme',
    string_to_replace: stringToReplace,
    phoneme,
    alphabet: alphabet as PhonemeAlphabet,
    ...flags,
  }
}

export function validateRules(inputs: readonly RuleInput[], param = 'rules'): StoredRule[] {
  const rules = inputs.map((r, i) => validateRule(r, `${param}[${i}]`))
  checkCount(rules.length)
  return rules
}

export function checkCount(count: number): void {
  if (count > MAX_RULES_PER_DICTIONARY)
    invalid(`A dictionary can hold at most ${MAX_RULES_PER_DICTIONARY} rules.`, 'rules')
}

/** Adds rules to a list: a new rule replaces the rule with the same input, others are appended. */
export function mergeRules(current: readonly StoredRule[], added: readonly StoredRule[]): StoredRule[] {
  const out = [...current]
  for (const rule of added) {
    const at = out.findIndex((r) => r.string_to_replace === rule.string_to_replace)
    if (at >= 0) out[at] = rule
    else out.push(rule)
  }
  checkCount(out.length)
  return out
}

/** Removes the rules whose input is one of `strings` (exactly as written). */
export function removeRules(current: readonly StoredRule[], strings: readonly string[]): StoredRule[] {
  const gone = new Set(strings.map((s) => s.trim()))
  return current.filter((r) => !gone.has(r.string_to_replace))
}

/** The rules as the speech pipeline takes them. */
export function toSpeechRules(rules: readonly StoredRule[]): PronunciationRule[] {
  return rules.map((r) =>
    r.type === 'alias'
      ? {
          type: 'alias',
          stringToReplace: r.string_to_replace,
          alias: r.alias,
          caseSensitive: r.case_sensitive,
          wordBoundaries: r.word_boundaries,
        }
      : {
          type: 'phoneme',
          stringToReplace: r.string_to_replace,
          phoneme: r.phoneme,
          alphabet: r.alphabet,
          caseSensitive: r.case_sensitive,
          wordBoundaries: r.word_boundaries,
        },
  )
}

/** Rules read from a dictionary file; phonemes are wrapped in slashes as typed rules are. */
export function fromSpeechRules(rules: readonly PronunciationRule[]): StoredRule[] {
  return rules.map((r) => {
    const flags = { case_sensitive: r.caseSensitive ?? true, word_boundaries: r.wordBoundaries ?? true }
    if (r.type === 'alias')
      return { type: 'alias', string_to_replace: r.stringToReplace, alias: r.alias, ...flags }
    const bare = r.phoneme
      .trim()
      .replace(/^\/|\/$/g, '')
      .trim()
    return {
      type: 'phoneme',
      string_to_replace: r.stringToReplace,
      phoneme: `/${bare}/`,
      alphabet: r.alphabet,
      ...flags,
    }
  })
}
