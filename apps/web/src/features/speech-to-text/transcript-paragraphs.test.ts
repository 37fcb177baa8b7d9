import { describe, expect, it } from 'vitest'
import {
  clock,
  languageName,
  paragraphsOf,
  speakerNumber,
  type TranscriptWordLike,
} from './transcript-paragraphs'

const w = (text: string, start: number, end: number, speaker: string | null = null): TranscriptWordLike => ({
  text,
  start,
  end,
  type: 'word',
  speaker_id: speaker,
})
const space = (at: number): TranscriptWordLike => ({
  text: ' ',
  start: at,
  end: at,
  type: 'spacing',
  speaker_id: null,
})

describe('transcript paragraphs', () => {
  it('starts a paragraph where the speaker changes or after a long pause, never splitting a word run otherwise', () => {
    const words = [
      w('hello', 0, 0.4, 'speaker_0'),
      space(0.4),
      w('there', 0.5, 0.9, 'speaker_0'),
      w('hi', 1.0, 1.2, 'speaker_1'),
      w('again', 3.0, 3.4, 'speaker_1'),
    ]
    const paragraphs = paragraphsOf(words)
    expect(paragraphs.map((p) => [p.speaker, p.start, p.parts.map((x) => x.text).join(' ')])).toEqual([
      ['speaker_0', 0, 'hello there'],
      ['speaker_1', 1.0, 'hi'],
      ['speaker_1', 3.0, 'again'],
    ])
  })

  it('keeps sound tags inside the paragraph they fall in, marked as events', () => {
    const words: TranscriptWordLike[] = [
      { text: '(music)', start: 0, end: 1, type: 'audio_event', speaker_id: null },
      w('welcome', 1.1, 1.5, 'speaker_0'),
    ]
    const [only] = paragraphsOf(words)
    expect(only).toEqual({
      speaker: 'speaker_0',
      start: 0,
      parts: [
        { text: '(music)', event: true },
        { text: 'welcome', event: false },
      ],
    })
  })

  it('writes clock times and counts speakers from one', () => {
    expect(clock(65)).toBe('1:05')
    expect(clock(3725)).toBe('1:02:05')
    expect(speakerNumber('speaker_0')).toBe(1)
    expect(speakerNumber('speaker_3')).toBe(4)
  })

  it('names the language in the reader’s language, and keeps a code it cannot name', () => {
    expect(languageName('eng', 'en-US')).toBe('English')
    expect(languageName('eng', 'de-DE')).toBe('Englisch')
    expect(languageName('not a code!', 'en-US')).toBe('not a code!')
  })
})
