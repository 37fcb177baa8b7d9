import { describe, expect, it } from 'vitest'
import { classifyAudioTag, findAudioTags, PAUSE_SECONDS } from './audio-tags.js'
import { isSpeakable } from './speakable.js'
import { stripAudioTags } from './strip-audio-tags.js'

describe('findAudioTags', () => {
  it('finds single-line bracket groups and lower-cases their names', () => {
    expect(findAudioTags('Hi [Whispers] there [long  pause]')).toEqual([
      { start: 3, end: 13, name: 'whispers' },
      { start: 20, end: 33, name: 'long pause' },
    ])
  })

  it('keeps nested brackets, multi-line and empty groups as text', () => {
    expect(findAudioTags('[a [b] c]')).toEqual([])
    expect(findAudioTags('[[laughs]]')).toEqual([])
    expect(findAudioTags('[multi\nline]')).toEqual([])
    expect(findAudioTags('[] [ ]')).toEqual([])
    expect(findAudioTags('x ] y [ z')).toEqual([])
  })

  it('treats a pair inside a bracket that never closes as a tag', () => {
    expect(findAudioTags('[a [b] c')).toEqual([{ start: 3, end: 6, name: 'b' }])
    expect(findAudioTags('[a [b]\n[c]')).toEqual([
      { start: 3, end: 6, name: 'b' },
      { start: 7, end: 10, name: 'c' },
    ])
  })
})

describe('stripAudioTags (dialogue text)', () => {
  it.each([
    ['Hello [laughs] world', 'Hello world'],
    ['[whispers] Hello', 'Hello'],
    ['Hello [laughs]', 'Hello'],
    ['Hello [laughs].', 'Hello.'],
    ['Really [sighs]?', 'Really?'],
    ['([sighs] fine)', '(fine)'],
    ['a [x] [y] b', 'a b'],
    ['a[x]b', 'a b'],
    ['Line one\n[whispers] line two', 'Line one\nline two'],
    ['Keep  double  spaces [x] here', 'Keep  double  spaces here'],
    ['[laughs]', ''],
    ['  [laughs]  ', ''],
  ])('%j -> %j', (text, stripped) => {
    expect(stripAudioTags(text)).toBe(stripped)
  })

  it('keeps nested brackets on one line', () => {
    expect(stripAudioTags('Say [a [b] c] now')).toBe('Say [a [b] c] now')
  })

  it('preserves whitespace-only text', () => {
    expect(stripAudioTags('   ')).toBe('   ')
    expect(stripAudioTags('\n\t')).toBe('\n\t')
  })

  it('leaves text without tags unchanged', () => {
    expect(stripAudioTags('  plain  text ')).toBe('  plain  text ')
  })
})

describe('classifyAudioTag', () => {
  it('knows style, pause and vocalisation tags', () => {
    expect(classifyAudioTag('whispers')).toMatchObject({ kind: 'style', style: { whisper: true } })
    expect(classifyAudioTag('whispering')).toMatchObject({ kind: 'style', style: { whisper: true } })
    expect(classifyAudioTag('SHOUTING')).toMatchObject({ kind: 'style' })
    expect(classifyAudioTag('slowly')).toEqual({ kind: 'style', style: { rate: 0.75 } })
    expect(classifyAudioTag('pause')).toEqual({ kind: 'pause', seconds: PAUSE_SECONDS.normal })
    expect(classifyAudioTag('short pause')).toEqual({ kind: 'pause', seconds: 0.3 })
    expect(classifyAudioTag('long  pause')).toEqual({ kind: 'pause', seconds: 1.2 })
    expect(classifyAudioTag('laughs')).toEqual({ kind: 'vocalization', name: 'laugh' })
    expect(classifyAudioTag('chuckles')).toEqual({ kind: 'vocalization', name: 'chuckle' })
    expect(classifyAudioTag('sighs')).toEqual({ kind: 'vocalization', name: 'sigh' })
  })

  it('does not know made-up tags', () => {
    expect(classifyAudioTag('dances a jig')).toBeUndefined()
  })

  it('raises the volume for shouting and lowers it for whispering', () => {
    const shout = classifyAudioTag('shouts')
    const whisper = classifyAudioTag('whispers')
    expect(shout?.kind === 'style' && (shout.style.volume ?? 1) > 1).toBe(true)
    expect(whisper?.kind === 'style' && (whisper.style.volume ?? 1) < 1).toBe(true)
  })
})

describe('isSpeakable', () => {
  it.each(['', '   ', '\n', '[laughs]', '[a] [b]\n[c]', '...', '!?', '—', '😀', '&', '$'])(
    '%j is not speakable',
    (text) => {
      expect(isSpeakable(text)).toBe(false)
    },
  )

  it.each(['a', '5', '[laughs] hi', 'hi [laughs]', '[a [b] c]', 'こんにちは', 'नमस्ते'])(
    '%j is speakable',
    (text) => {
      expect(isSpeakable(text)).toBe(true)
    },
  )
})
