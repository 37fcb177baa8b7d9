import { describe, expect, it } from 'vitest'
import { parsePls } from './pls-parser.js'
import { formatPls } from './pls-writer.js'
import type { PronunciationRule } from './types.js'

describe('formatPls', () => {
  it('writes rules that parsePls reads back, escaping markup and dropping the slashes', () => {
    const rules: PronunciationRule[] = [
      { type: 'alias', stringToReplace: 'R&D <lab>', alias: 'research "and" development' },
      { type: 'phoneme', stringToReplace: 'Timbre', phoneme: '/ˈtæmbɚ/', alphabet: 'ipa' },
      { type: 'phoneme', stringToReplace: "O'Neil", phoneme: '/OW0 N IY1 L/', alphabet: 'cmu-arpabet' },
    ]
    const pls = formatPls(rules)
    expect(pls).toContain('<grapheme>R&amp;D &lt;lab&gt;</grapheme>')
    expect(pls).toContain('<phoneme alphabet="x-cmu">OW0 N IY1 L</phoneme>')
    expect(parsePls(pls).rules).toEqual([
      rules[0],
      { ...rules[1], phoneme: 'ˈtæmbɚ' },
      { ...rules[2], phoneme: 'OW0 N IY1 L' },
    ])
  })

  it('writes an empty lexicon for no rules', () => {
    expect(parsePls(formatPls([])).rules).toEqual([])
  })
})
