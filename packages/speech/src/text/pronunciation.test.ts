import { describe, expect, it } from 'vitest'
import { arpabetToEspeak } from './arpabet-to-espeak.js'
import { TextInputError } from './errors.js'
import { ipaToEspeak } from './ipa-to-espeak.js'
import { planText } from './plan-text.js'
import type { PronunciationRule } from './types.js'

function spoken(text: string, rules: PronunciationRule[], language = 'en'): string {
  return planText(text, { language, normalization: 'auto', tags: 'strip', rules }).normalized
}

const alias = (
  stringToReplace: string,
  to: string,
  extra: Partial<PronunciationRule> = {},
): PronunciationRule => ({ type: 'alias', stringToReplace, alias: to, ...extra }) as PronunciationRule

describe('alias rules', () => {
  it('replaces whole words in any letter case by default', () => {
    expect(spoken('NYC and nyc', [alias('NYC', 'New York City')])).toBe('New York City and New York City')
    expect(spoken('concatenate the cat', [alias('cat', 'dog')])).toBe('concatenate the dog')
  })

  it('respects caseSensitive', () => {
    expect(spoken('Cat and cat', [alias('cat', 'dog', { caseSensitive: true })])).toBe('Cat and dog')
  })

  it('matches inside words when wordBoundaries is false', () => {
    expect(spoken('concatenate', [alias('cat', 'dog', { wordBoundaries: false })])).toBe('condogenate')
  })

  it('prefers the longest match', () => {
    const rules = [alias('New', 'Old'), alias('New York', 'the Big Apple')]
    expect(spoken('New York is New', rules)).toBe('the Big Apple is Old')
  })

  it('does not match inside contractions but does before a possessive', () => {
    expect(spoken("don't", [alias('don', 'Donald')])).toBe("don't")
    expect(spoken("Tom's car", [alias('Tom', 'Thomas')])).toBe("Thomas's car")
  })

  it('matches in scripts without spaces', () => {
    expect(spoken('東京都', [alias('東京', 'Tokyo')], 'ja')).toBe('Tokyo都')
  })

  it('runs before normalisation, so digits in an alias are read out', () => {
    expect(spoken('Go to R2 now', [alias('R2', 'room 2')])).toBe('Go to room two now')
    expect(spoken('Go to R2 now', [alias('R2', 'room 2')], 'de')).toBe('Go to room zwei now')
  })

  it('maps the alias back to the replaced text', () => {
    const plan = planText('a NYC b', {
      language: 'en',
      normalization: 'auto',
      tags: 'strip',
      rules: [alias('NYC', 'New York')],
    })
    const i = plan.normalized.indexOf('York')
    expect([plan.normToOrig[2 * i], plan.normToOrig[2 * i + 1]]).toEqual([2, 5])
  })
})

describe('phoneme rules', () => {
  it('turns a matched word into a phoneme piece with eSpeak mnemonics', () => {
    const plan = planText('I like tomato.', {
      language: 'en',
      normalization: 'auto',
      tags: 'strip',
      rules: [{ type: 'phoneme', stringToReplace: 'tomato', phoneme: '/təˈmɑːtoʊ/', alphabet: 'ipa' }],
    })
    const segment = plan.segments[0]
    expect(segment?.kind).toBe('speech')
    if (segment?.kind !== 'speech') return
    expect(segment.pieces).toEqual([
      { kind: 'text', text: 'I like ', normStart: 0, normEnd: 7 },
      {
        kind: 'phonemes',
        espeak: "t@'mA:toU",
        source: '/təˈmɑːtoʊ/',
        alphabet: 'ipa',
        text: 'tomato',
        normStart: 7,
        normEnd: 13,
      },
      { kind: 'text', text: '.', normStart: 13, normEnd: 14 },
    ])
  })

  it('does not normalise the text of a phoneme piece', () => {
    const plan = planText('Call 911 now', {
      language: 'en',
      normalization: 'auto',
      tags: 'strip',
      rules: [
        {
          type: 'phoneme',
          stringToReplace: '911',
          phoneme: 'N AY1 N W AH1 N W AH1 N',
          alphabet: 'cmu-arpabet',
        },
      ],
    })
    expect(plan.normalized).toBe('Call 911 now')
  })

  it('refuses phonemes outside the alphabet with TextInputError', () => {
    const bad = (): unknown =>
      planText('x', {
        language: 'en',
        normalization: 'auto',
        tags: 'strip',
        rules: [{ type: 'phoneme', stringToReplace: 'x', phoneme: 'ab1', alphabet: 'ipa' }],
      })
    expect(bad).toThrow(TextInputError)
    try {
      bad()
    } catch (error) {
      expect(error).toMatchObject({ code: 'invalid_phoneme' })
      expect(String((error as Error).message)).toMatch(/"1"/)
    }
  })

  it('refuses empty and too long rules', () => {
    const plan = (rules: PronunciationRule[]): unknown =>
      planText('x', { language: 'en', normalization: 'auto', tags: 'strip', rules })
    expect(() => plan([alias('', 'y')])).toThrow(/empty/)
    expect(() => plan([alias('x', '  ')])).toThrow(/empty/)
    expect(() => plan([alias('x', 'y'.repeat(201))])).toThrow(/200/)
  })
})

describe('ipaToEspeak', () => {
  it.each([
    ['/həˈloʊ/', "h@'loU"],
    ['ˈtæmbɚ', "'tamb3"],
    ['tʃɜːtʃ', 'tS3:tS'],
    ['t͡ʃɜːt͡ʃ', 'tS3:tS'],
    ['θɪŋk', 'TINk'],
    ['ðə', 'D@'],
    ['ˌɪntɚˈnæʃənəl', ",Int3'naS@n@l"],
    ['kæt dɔg', 'kat dO:g'],
    ['ˈbɒtl̩', "'b0t@L"],
    ['ˈhæpi', "'hapi"],
    ['dʒʌmp', 'dZVmp'],
    ['[ˈwɔːtəɹ]', "'wO:t@r"],
    ['aɪ aʊ ɔɪ eɪ', 'aI aU OI eI'],
    ['ˈnaɪ.iːv', "'naIi:v"],
  ])('%s -> %s', (ipa, espeak) => {
    expect(ipaToEspeak(ipa)).toBe(espeak)
  })

  it.each(['abc1', 'hel<lo', 'Q', '', '/ /', 'ʘ'])('refuses %j', (ipa) => {
    expect(() => ipaToEspeak(ipa)).toThrow(TextInputError)
  })
})

describe('arpabetToEspeak', () => {
  it.each([
    ['HH AH0 L OW1', "h@l'oU"],
    ['T AH0 M EY1 T OW2', "t@m'eIt,oU"],
    ['hh ah1 t', "h'Vt"],
    ['B ER1 D', "b'3:d"],
    ['L EH1 T ER0', "l'Et3"],
    ['HH AE1 P IY0', "h'api"],
    ['/CH IH1 R Z/', "tS'Irz"],
  ])('%s -> %s', (arpabet, espeak) => {
    expect(arpabetToEspeak(arpabet)).toBe(espeak)
  })

  it.each(['XX', 'B1', 'AH3', '', 'HH-AH0'])('refuses %j', (arpabet) => {
    expect(() => arpabetToEspeak(arpabet)).toThrow(TextInputError)
  })
})
