import { describe, expect, it } from 'vitest'
import { TextInputError } from './errors.js'
import { MAX_LEXICON_BYTES } from './lexicon-input.js'
import { parseTxtLexicon } from './txt-lexicon-parser.js'

describe('parseTxtLexicon', () => {
  it('reads aliases, IPA and Arpabet rules and skips comments and blank lines', () => {
    const parsed = parseTxtLexicon(
      [
        '# my dictionary',
        '',
        'NYC = New York City',
        '  Timbre = /ˈtæmbɚ/  ',
        'tomato = /T AH0 M EY1 T OW2/',
        'C# = C sharp',
        'a=b',
      ].join('\r\n'),
    )
    expect(parsed.language).toBeUndefined()
    expect(parsed.alphabet).toBe('ipa')
    expect(parsed.rules).toEqual([
      { type: 'alias', stringToReplace: 'NYC', alias: 'New York City' },
      { type: 'phoneme', stringToReplace: 'Timbre', phoneme: 'ˈtæmbɚ', alphabet: 'ipa' },
      { type: 'phoneme', stringToReplace: 'tomato', phoneme: 'T AH0 M EY1 T OW2', alphabet: 'cmu-arpabet' },
      { type: 'alias', stringToReplace: 'C#', alias: 'C sharp' },
      { type: 'alias', stringToReplace: 'a', alias: 'b' },
    ])
  })

  it('says the lexicon is Arpabet when every phoneme rule is', () => {
    expect(parseTxtLexicon('x = /EH1 K S/\ny = why').alphabet).toBe('cmu-arpabet')
  })

  it('splits at the first "=" only', () => {
    expect(parseTxtLexicon('E = mc2 = energy').rules).toEqual([
      { type: 'alias', stringToReplace: 'E', alias: 'mc2 = energy' },
    ])
  })

  it.each([
    ['a line without "="', 'ok = fine\njust words', /^Line 2: expected "word = replacement"/],
    ['an empty word', ' = something', /^Line 1: the word before "=" is empty/],
    ['an empty output', 'word =   ', /^Line 1: the replacement for "word" is empty/],
    ['an opening slash only', 'word = /wɜːd', /^Line 1: phonemes must start and end with a slash/],
    ['a closing slash only', 'word = wɜːd/', /^Line 1: phonemes must start and end with a slash/],
    ['a lone slash', 'word = /', /^Line 1: phonemes must start and end with a slash/],
    ['empty phonemes', 'word = //', /^Line 1: the phonemes for "word" are empty/],
    ['an output over 200 characters', `word = ${'x'.repeat(201)}`, /^Line 1: .*longer than 200/],
    ['phonemes outside the alphabet', '# c\nword = /w3rd/', /^Line 2: "w3rd" is not valid IPA/],
  ])('refuses %s', (_what, input, message) => {
    expect(() => parseTxtLexicon(input)).toThrow(TextInputError)
    expect(() => parseTxtLexicon(input)).toThrow(message)
  })

  it('gives the line and a code', () => {
    try {
      parseTxtLexicon('a = b\n\nc')
      expect.unreachable()
    } catch (error) {
      expect(error).toMatchObject({ code: 'invalid_lexicon', line: 3 })
    }
    expect(() => parseTxtLexicon('w = /q1/')).toThrow(
      expect.objectContaining({ code: 'invalid_phoneme', line: 1 }),
    )
  })

  it('refuses a file over 1 MB', () => {
    expect(() => parseTxtLexicon(`# ${'x'.repeat(MAX_LEXICON_BYTES)}`)).toThrow(
      expect.objectContaining({ code: 'lexicon_too_large' }),
    )
  })
})
