import { describe, expect, it } from 'vitest'
import { TextInputError } from './errors.js'
import { MAX_LEXICON_BYTES, parseLexiconFile } from './lexicon-file.js'
import { parsePls } from './pls-parser.js'

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
const lexicon = (body: string, attrs = 'version="1.0" alphabet="ipa" xml:lang="en-US"'): string =>
  `${HEAD}<lexicon ${attrs} xmlns="http://www.w3.org/2005/01/pronunciation-lexicon">\n${body}\n</lexicon>`

describe('parsePls', () => {
  it('reads phoneme and alias lexemes with their language and alphabet', () => {
    const parsed = parsePls(
      lexicon(`
  <lexeme><grapheme>Timbre</grapheme><phoneme>ˈtæmbɚ</phoneme></lexeme>
  <lexeme>
    <grapheme>NYC</grapheme>
    <grapheme>N.Y.C.</grapheme>
    <alias>New York City</alias>
  </lexeme>`),
    )
    expect(parsed.language).toBe('en-US')
    expect(parsed.alphabet).toBe('ipa')
    expect(parsed.rules).toEqual([
      { type: 'phoneme', stringToReplace: 'Timbre', phoneme: 'ˈtæmbɚ', alphabet: 'ipa' },
      { type: 'alias', stringToReplace: 'NYC', alias: 'New York City' },
      { type: 'alias', stringToReplace: 'N.Y.C.', alias: 'New York City' },
    ])
  })

  it('reads CMU Arpabet lexicons', () => {
    const parsed = parsePls(
      lexicon(
        '<lexeme><grapheme>tomato</grapheme><phoneme>T AH0 M EY1 T OW2</phoneme></lexeme>',
        'version="1.0" alphabet="x-cmu" xml:lang="en"',
      ),
    )
    expect(parsed.alphabet).toBe('cmu-arpabet')
    expect(parsed.rules[0]).toEqual({
      type: 'phoneme',
      stringToReplace: 'tomato',
      phoneme: 'T AH0 M EY1 T OW2',
      alphabet: 'cmu-arpabet',
    })
  })

  it('uses the preferred phoneme, a phoneme alphabet override, prefixes, entities and CDATA', () => {
    const parsed = parsePls(
      lexicon(`<!-- note -->
  <pls:lexeme xmlns:pls="x">
    <pls:grapheme>AT&amp;T</pls:grapheme>
    <pls:phoneme>eɪ ti ən ti</pls:phoneme>
    <pls:phoneme prefer="true" alphabet="x-cmu">EY1 T IY1 AH0 N D T IY1</pls:phoneme>
  </pls:lexeme>
  <lexeme><grapheme><![CDATA[R&D]]></grapheme><alias>research and development</alias></lexeme>`),
    )
    expect(parsed.rules).toEqual([
      {
        type: 'phoneme',
        stringToReplace: 'AT&T',
        phoneme: 'EY1 T IY1 AH0 N D T IY1',
        alphabet: 'cmu-arpabet',
      },
      { type: 'alias', stringToReplace: 'R&D', alias: 'research and development' },
    ])
  })

  it('accepts bytes', () => {
    const bytes = new TextEncoder().encode(
      lexicon('<lexeme><grapheme>Zoë</grapheme><alias>Zoey</alias></lexeme>'),
    )
    expect(parsePls(bytes).rules).toEqual([{ type: 'alias', stringToReplace: 'Zoë', alias: 'Zoey' }])
  })

  it.each([
    ['not XML', 'just some words', 'invalid_lexicon', /text data outside of root node/],
    [
      'an unclosed tag',
      lexicon('<lexeme><grapheme>a</grapheme><alias>b</lexeme>'),
      'invalid_lexicon',
      /unexpected close tag/,
    ],
    ['a wrong root', `${HEAD}<dictionary/>`, 'invalid_lexicon', /starts with <lexicon>/],
    [
      'an unsupported version',
      lexicon('', 'version="2.0" alphabet="ipa"'),
      'invalid_lexicon',
      /version "2.0"/,
    ],
    [
      'an unknown alphabet',
      lexicon('', 'version="1.0" alphabet="sampa"'),
      'unknown_alphabet',
      /unknown alphabet "sampa"/,
    ],
    ['no alphabet', lexicon('', 'version="1.0"'), 'unknown_alphabet', /no alphabet attribute/],
    [
      'a lexeme without grapheme',
      lexicon('<lexeme><alias>b</alias></lexeme>'),
      'invalid_lexicon',
      /Lexeme 1 \(line 3\) has no <grapheme>/,
    ],
    [
      'an empty grapheme',
      lexicon('<lexeme><grapheme> </grapheme><alias>b</alias></lexeme>'),
      'invalid_lexicon',
      /empty <grapheme>/,
    ],
    [
      'both alias and phoneme',
      lexicon('<lexeme><grapheme>a</grapheme><alias>b</alias><phoneme>bi</phoneme></lexeme>'),
      'invalid_lexicon',
      /both an <alias> and a <phoneme>/,
    ],
    [
      'neither alias nor phoneme',
      lexicon('<lexeme><grapheme>a</grapheme></lexeme>'),
      'invalid_lexicon',
      /neither an <alias> nor a <phoneme>/,
    ],
    [
      'an empty alias',
      lexicon('<lexeme><grapheme>a</grapheme><alias></alias></lexeme>'),
      'invalid_lexicon',
      /empty <alias>/,
    ],
    [
      'an empty phoneme',
      lexicon('<lexeme><grapheme>a</grapheme><phoneme/></lexeme>'),
      'invalid_lexicon',
      /empty <phoneme>/,
    ],
    [
      'an output over 200 characters',
      lexicon(`<lexeme><grapheme>a</grapheme><alias>${'b'.repeat(201)}</alias></lexeme>`),
      'invalid_lexicon',
      /longer than 200/,
    ],
    [
      'phonemes outside the alphabet',
      lexicon('<lexeme><grapheme>a</grapheme><phoneme>h3llo</phoneme></lexeme>'),
      'invalid_phoneme',
      /Lexeme 1 \(line 3\).*"3"/,
    ],
    [
      'a bad Arpabet phoneme',
      lexicon('<lexeme><grapheme>a</grapheme><phoneme alphabet="x-cmu">QQ1</phoneme></lexeme>'),
      'invalid_phoneme',
      /Arpabet/,
    ],
  ])('refuses %s', (_what, input, code, message) => {
    try {
      parsePls(input)
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(TextInputError)
      expect(error).toMatchObject({ code })
      expect((error as Error).message).toMatch(message)
    }
  })

  it('refuses a file over 1 MB, as text or bytes', () => {
    const big = lexicon(`<!-- ${'x'.repeat(MAX_LEXICON_BYTES)} -->`)
    expect(() => parsePls(big)).toThrow(expect.objectContaining({ code: 'lexicon_too_large' }))
    expect(() => parsePls(new TextEncoder().encode(big))).toThrow(/limit is 1048576 bytes/)
    // Multi-byte characters count as bytes: 400,000 "é" are 800,000 bytes, under the limit.
    expect(() => parsePls(lexicon(`<!-- ${'é'.repeat(400_000)} -->`))).not.toThrow()
    expect(() => parsePls(lexicon(`<!-- ${'€'.repeat(400_000)} -->`))).toThrow(/limit/)
  })

  it('refuses bytes that are not UTF-8', () => {
    expect(() => parsePls(new Uint8Array([0x3c, 0x61, 0xff, 0x3e]))).toThrow(/not valid UTF-8/)
  })
})

describe('parseLexiconFile', () => {
  it('reads PLS by extension or content and TXT otherwise', () => {
    const pls = lexicon('<lexeme><grapheme>a</grapheme><alias>b</alias></lexeme>')
    expect(parseLexiconFile(pls, 'dict.pls').rules).toHaveLength(1)
    expect(parseLexiconFile(pls, 'dict.xml').rules).toHaveLength(1)
    expect(parseLexiconFile(pls).rules).toHaveLength(1)
    expect(parseLexiconFile('a = b', 'dict.txt').rules).toEqual([
      { type: 'alias', stringToReplace: 'a', alias: 'b' },
    ])
    expect(parseLexiconFile('a = b').rules).toHaveLength(1)
    expect(() => parseLexiconFile('a = b', 'dict.pls')).toThrow(TextInputError)
  })
})
