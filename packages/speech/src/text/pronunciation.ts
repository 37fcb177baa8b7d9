// Pronunciation rules of a pronunciation dictionary (alias, IPA phoneme, CMU phoneme). Rules
// run before normalisation, so an alias may contain digits that are then read out. Matching:
// - longest match first; among rules of the same length, the earlier rule wins;
// - case-insensitive unless `caseSensitive`; whole words unless `wordBoundaries: false`
//   (a match never starts or ends inside a word of a spaced script: "cat" matches neither
//   "concatenate" nor "cats", "don" does not match "don't", but "Tom" matches "Tom's"; in
//   Chinese, Japanese and Thai, which have no spaces, every position is a boundary);
// - the pattern is compared literally (one space matches one space).
import { arpabetToEspeak } from './arpabet-to-espeak.js'
import { isSpacelessScript, isWordUnit } from './char-classes.js'
import { TextInputError } from './errors.js'
import { ipaToEspeak } from './ipa-to-espeak.js'
import { applyEdits, type Edit, type MappedText, sliceMapped } from './mapped-text.js'
import type { PronunciationRule } from './types.js'

/** Longest alias or phoneme string accepted: a rule's output must not be too long. */
export const MAX_RULE_OUTPUT_CHARS = 200

interface CompiledRule {
  readonly rule: PronunciationRule
  readonly pattern: string
  readonly caseSensitive: boolean
  readonly wordBoundaries: boolean
  /** eSpeak mnemonics for phoneme rules. */
  readonly espeak: string | undefined
}

export interface CompiledRules {
  /** Rules by their lower-cased first unit, longest first. */
  readonly byFirstUnit: ReadonlyMap<string, readonly CompiledRule[]>
  readonly size: number
}

export type RulePiece =
  | { kind: 'text'; mapped: MappedText }
  | { kind: 'phoneme'; mapped: MappedText; espeak: string; source: string; alphabet: 'ipa' | 'cmu-arpabet' }

/** Validates rules and converts their phonemes; throws TextInputError for a bad rule. */
export function compileRules(rules: readonly PronunciationRule[]): CompiledRules {
  const compiled: CompiledRule[] = []
  rules.forEach((rule, index) => {
    const where = `Rule ${index + 1} ("${rule.stringToReplace}")`
    if (rule.stringToReplace.trim() === '') {
      throw new TextInputError('invalid_rule', `Rule ${index + 1}: the text to replace is empty.`)
    }
    const output = rule.type === 'alias' ? rule.alias : rule.phoneme
    if (output.trim() === '') throw new TextInputError('invalid_rule', `${where}: the replacement is empty.`)
    if (output.length > MAX_RULE_OUTPUT_CHARS) {
      throw new TextInputError(
        'invalid_rule',
        `${where}: the replacement is longer than ${MAX_RULE_OUTPUT_CHARS} characters.`,
      )
    }
    let espeak: string | undefined
    if (rule.type === 'phoneme') {
      try {
        espeak = rule.alphabet === 'ipa' ? ipaToEspeak(rule.phoneme) : arpabetToEspeak(rule.phoneme)
      } catch (error) {
        if (error instanceof TextInputError)
          throw new TextInputError(error.code, `${where}: ${error.message}`)
        throw error
      }
    }
    const caseSensitive = rule.caseSensitive === true
    compiled.push({
      rule,
      pattern: caseSensitive ? rule.stringToReplace : lowerUnits(rule.stringToReplace),
      caseSensitive,
      wordBoundaries: rule.wordBoundaries !== false,
      espeak,
    })
  })
  const byFirstUnit = new Map<string, CompiledRule[]>()
  for (const c of compiled) {
    const key = lowerUnits(c.pattern.charAt(0))
    const list = byFirstUnit.get(key) ?? []
    list.push(c)
    byFirstUnit.set(key, list)
  }
  // Stable sort: longest first, then the order the rules were given in.
  for (const list of byFirstUnit.values()) list.sort((a, b) => b.pattern.length - a.pattern.length)
  return { byFirstUnit, size: compiled.length }
}

/** Applies compiled rules to a text: aliases replace text, phoneme matches become their own pieces. */
export function applyRules(source: MappedText, rules: CompiledRules): RulePiece[] {
  if (rules.size === 0 || source.text === '') return [{ kind: 'text', mapped: source }]
  const text = source.text
  const lower = lowerUnits(text)
  const pieces: RulePiece[] = []
  let runStart = 0
  let edits: Edit[] = []
  const closeRun = (end: number): void => {
    if (end > runStart) {
      const shifted = edits.map((e) => ({ start: e.start - runStart, end: e.end - runStart, text: e.text }))
      pieces.push({ kind: 'text', mapped: applyEdits(sliceMapped(source, runStart, end), shifted) })
    }
    edits = []
  }
  let i = 0
  while (i < text.length) {
    const match = matchAt(text, lower, i, rules)
    if (!match) {
      i++
      continue
    }
    const end = i + match.pattern.length
    const rule = match.rule
    if (rule.type === 'alias') {
      edits.push({ start: i, end, text: rule.alias })
    } else {
      closeRun(i)
      pieces.push({
        kind: 'phoneme',
        mapped: sliceMapped(source, i, end),
        espeak: match.espeak ?? '',
        source: rule.phoneme,
        alphabet: rule.alphabet,
      })
      runStart = end
    }
    i = end
  }
  closeRun(text.length)
  return pieces
}

function matchAt(text: string, lower: string, i: number, rules: CompiledRules): CompiledRule | undefined {
  const candidates = rules.byFirstUnit.get(lower.charAt(i))
  if (!candidates) return undefined
  for (const c of candidates) {
    const hay = c.caseSensitive ? text : lower
    if (!hay.startsWith(c.pattern, i)) continue
    if (c.wordBoundaries && !atBoundaries(text, i, i + c.pattern.length)) continue
    return c
  }
  return undefined
}

function atBoundaries(text: string, start: number, end: number): boolean {
  const before = text[start - 1]
  const first = text[start]
  if (isWordUnit(before) && isWordUnit(first) && !isSpacelessScript(before) && !isSpacelessScript(first))
    return false
  const last = text[end - 1]
  const after = text[end]
  if (isWordUnit(last) && isWordUnit(after) && !isSpacelessScript(last) && !isSpacelessScript(after))
    return false
  // An apostrophe followed by a letter continues the word ("don't"), except a possessive "'s".
  if (isWordUnit(last) && (after === "'" || after === '’') && isWordUnit(text[end + 1])) {
    const possessive = (text[end + 1] === 's' || text[end + 1] === 'S') && !isWordUnit(text[end + 2])
    if (!possessive) return false
  }
  return true
}

/** Lower-cases unit by unit, keeping the length (so indexes stay valid). */
export function lowerUnits(text: string): string {
  let out = ''
  for (const ch of text) {
    const lowered = ch.toLowerCase()
    out += lowered.length === ch.length ? lowered : ch
  }
  return out
}
