import { MAX_RULE_OUTPUT_CHARS } from '@timbre/contract'
import type { DictionaryRule, DictionaryRuleInput } from '../../lib/api-types'

// Rows of the dictionary editor and the checks the server makes, so a mistake shows at the
// row before anything is sent: input and output are required, the output not too long, and
// phoneme output starts and ends with a slash.

export type RuleKind = 'alias' | 'ipa' | 'cmu'

export interface RuleDraft {
  key: number
  kind: RuleKind
  input: string
  output: string
  caseSensitive: boolean
}

export type RuleProblem = 'inputRequired' | 'outputRequired' | 'outputTooLong' | 'slashes'

let nextKey = 1

export function newDraft(kind: RuleKind = 'alias'): RuleDraft {
  return { key: nextKey++, kind, input: '', output: kind === 'alias' ? '' : '//', caseSensitive: false }
}

export function toDraft(rule: DictionaryRule): RuleDraft {
  const kind: RuleKind = rule.type === 'alias' ? 'alias' : rule.alphabet === 'cmu-arpabet' ? 'cmu' : 'ipa'
  return {
    key: nextKey++,
    kind,
    input: rule.string_to_replace,
    output: (rule.type === 'alias' ? rule.alias : rule.phoneme) ?? '',
    caseSensitive: rule.case_sensitive,
  }
}

export function toRuleInput(draft: RuleDraft): DictionaryRuleInput {
  const common = {
    string_to_replace: draft.input.trim(),
    case_sensitive: draft.caseSensitive,
    word_boundaries: true,
  }
  if (draft.kind === 'alias') return { type: 'alias', alias: draft.output.trim(), ...common }
  return {
    type: 'phoneme',
    phoneme: draft.output.trim(),
    alphabet: draft.kind === 'ipa' ? 'ipa' : 'cmu-arpabet',
    ...common,
  }
}

export function ruleProblem(draft: RuleDraft): RuleProblem | null {
  if (draft.input.trim() === '') return 'inputRequired'
  const output = draft.output.trim()
  const bare = draft.kind === 'alias' ? output : output.replace(/^\/|\/$/g, '').trim()
  if (bare === '') return 'outputRequired'
  if (output.length > MAX_RULE_OUTPUT_CHARS) return 'outputTooLong'
  if (draft.kind !== 'alias' && (output.length < 3 || !output.startsWith('/') || !output.endsWith('/')))
    return 'slashes'
  return null
}

/** Phoneme rules are read only by English-only models; the preview picks one when needed. */
export function previewModel(drafts: readonly RuleDraft[]): string {
  return drafts.some((d) => d.kind !== 'alias') ? 'eleven_flash_v2' : 'eleven_multilingual_v2'
}
