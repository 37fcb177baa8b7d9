import { describe, expect, it } from 'vitest'
import { newDraft, previewModel, ruleProblem, toDraft, toRuleInput } from './dictionary-rules'

describe('dictionary rule rows', () => {
  it('checks input, output, length and the slashes of phonemes', () => {
    const row = (kind: 'alias' | 'ipa' | 'cmu', input: string, output: string) => ({
      ...newDraft(kind),
      input,
      output,
    })
    expect(ruleProblem(row('alias', '', 'x'))).toBe('inputRequired')
    expect(ruleProblem(row('alias', 'NYC', '  '))).toBe('outputRequired')
    expect(ruleProblem(row('alias', 'NYC', 'x'.repeat(201)))).toBe('outputTooLong')
    expect(ruleProblem(row('ipa', 'Timbre', '//'))).toBe('outputRequired')
    expect(ruleProblem(row('ipa', 'Timbre', 'ˈtæmbɚ'))).toBe('slashes')
    expect(ruleProblem(row('cmu', 'tomato', '/T AH0 M EY1 T OW2'))).toBe('slashes')
    expect(ruleProblem(row('ipa', 'Timbre', '/ˈtæmbɚ/'))).toBeNull()
    expect(ruleProblem(row('alias', 'NYC', 'New York City'))).toBeNull()
  })

  it('round-trips the API form and picks an English-only model for phonemes', () => {
    const ipa = toDraft({
      type: 'phoneme',
      string_to_replace: 'Timbre',
      phoneme: '/ˈtæmbɚ/',
      alphabet: 'ipa',
      case_sensitive: true,
      word_boundaries: true,
    })
    expect(ipa.kind).toBe('ipa')
    expect(toRuleInput(ipa)).toEqual({
      type: 'phoneme',
      string_to_replace: 'Timbre',
      phoneme: '/ˈtæmbɚ/',
      alphabet: 'ipa',
      case_sensitive: true,
      word_boundaries: true,
    })
    const alias = { ...newDraft('alias'), input: ' NYC ', output: ' New York City ' }
    expect(toRuleInput(alias)).toMatchObject({
      type: 'alias',
      string_to_replace: 'NYC',
      alias: 'New York City',
    })
    expect(previewModel([alias])).toBe('eleven_multilingual_v2')
    expect(previewModel([alias, ipa])).toBe('eleven_flash_v2')
  })
})
