import { describe, expect, it } from 'vitest'
import type { ApiWord } from '../transcript-words.js'
import { ordered, sharedTimes } from './realign-words.js'
import {
  joinSegments,
  mergeSpeakers,
  replaceWords,
  splitSegment,
  transcriptText,
} from './transcript-edits.js'
import { drawnSegmentStarts, normaliseStarts, segmentsOf } from './transcript-segments.js'

// The editor's word-list changes on a small list whose shape the recogniser gives: words with
// spacing between them, a sound tag without, two speakers and a long pause.

const word = (text: string, start: number, end: number, speaker: string): ApiWord => ({
  text,
  start,
  end,
  type: 'word',
  speaker_id: speaker,
  logprob: -0.1,
  characters: null,
})
const gap = (start: number, end: number, speaker: string): ApiWord => ({
  text: ' ',
  start,
  end,
  type: 'spacing',
  speaker_id: speaker,
  logprob: 0,
  characters: null,
})

// 0 hello 1 _ 2 there 3 (laughter) 4 _ 5 friend | 6 _ 7 yes 8 _ 9 indeed (speaker_1, after a pause)
const WORDS: ApiWord[] = [
  word('hello', 0.1, 0.5, 'speaker_0'),
  gap(0.5, 0.6, 'speaker_0'),
  word('there', 0.6, 1.0, 'speaker_0'),
  { ...word('(laughter)', 1.0, 1.4, 'speaker_0'), type: 'audio_event', speaker_id: null },
  gap(1.0, 1.5, 'speaker_0'),
  word('friend', 1.5, 2.0, 'speaker_0'),
  gap(2.0, 4.0, 'speaker_1'),
  word('yes', 4.0, 4.3, 'speaker_1'),
  gap(4.3, 4.4, 'speaker_1'),
  word('indeed', 4.4, 5.0, 'speaker_1'),
]

describe('transcript segments', () => {
  it('start at the first word and where the speaker changes or a long pause falls', () => {
    const starts = drawnSegmentStarts(WORDS)
    expect(starts).toEqual([0, 7])
    const segments = segmentsOf(WORDS, starts)
    expect(segments.map((s) => [s.start_index, s.end_index, s.speaker_id, s.start, s.end])).toEqual([
      [0, 5, 'speaker_0', 0.1, 2.0],
      [7, 9, 'speaker_1', 4.0, 5.0],
    ])
    expect(normaliseStarts(WORDS, [7, 6, 7, 99])).toEqual([0, 7])
  })
})

describe('word edits', () => {
  it('replace one word with two, spacing between them and times around them following', () => {
    const changed = replaceWords(WORDS, [0, 7], { from: 2, to: 2 }, [
      { text: 'over', start: 0.6, end: 0.8 },
      { text: 'yonder', start: 0.8, end: 1.0 },
    ])
    expect(transcriptText(changed.words)).toBe('hello over yonder friend yes indeed')
    expect(changed.words[2]).toMatchObject({
      text: 'over',
      type: 'word',
      speaker_id: 'speaker_0',
      logprob: 0,
    })
    expect(changed.words[3]).toMatchObject({ type: 'spacing', start: 0.8, end: 0.8 })
    expect(changed.starts).toEqual([0, 9])
  })

  it('remove words with one spacing, handing their segment start on', () => {
    const changed = replaceWords(WORDS, [0, 7], { from: 7, to: 7 }, [])
    expect(transcriptText(changed.words)).toBe('hello there friend indeed')
    expect(changed.words.filter((w) => w.type === 'spacing')).toHaveLength(3)
    expect(changed.starts).toEqual([0, 7])
    expect(changed.words[7]).toMatchObject({ text: 'indeed' })
    expect(changed.words[6]).toMatchObject({ type: 'spacing', start: 2.0, end: 4.4 })
  })

  it('split at a word, refuse a split on spacing, and join with the first speaker', () => {
    expect(splitSegment(WORDS, [0, 7], 5)).toEqual([0, 5, 7])
    expect(() => splitSegment(WORDS, [0, 7], 4)).toThrow(/word_index/)
    expect(() => splitSegment(WORDS, [0, 7], 7)).toThrow(/already starts/)
    const joined = joinSegments(WORDS, [0, 7], 0)
    expect(joined.starts).toEqual([0])
    expect(joined.words.filter((w) => w.type === 'word').every((w) => w.speaker_id === 'speaker_0')).toBe(
      true,
    )
    expect(() => joinSegments(WORDS, [0, 7], 1)).toThrow(/segment_index/)
  })

  it('merge a speaker into another, its name going', () => {
    const merged = mergeSpeakers(WORDS, { speaker_1: 'Bo', speaker_0: 'Ann' }, 'speaker_1', 'speaker_0')
    expect(new Set(merged.words.map((w) => w.speaker_id))).toEqual(new Set(['speaker_0', null]))
    expect(merged.names).toEqual({ speaker_0: 'Ann' })
    expect(() => mergeSpeakers(WORDS, {}, 'speaker_0', 'speaker_0')).toThrow(/another speaker/)
  })
})

describe('re-aligned times', () => {
  it('share a stretch by length, and are held in bounds and in order', () => {
    expect(sharedTimes(['a', 'bbb'], 1, 2)).toEqual([
      { text: 'a', start: 1, end: 1.25 },
      { text: 'bbb', start: 1.25, end: 2 },
    ])
    expect(
      ordered(
        [
          { text: 'x', start: 0.5, end: 1.4 },
          { text: 'y', start: 1.2, end: 3 },
        ],
        1,
        2,
      ),
    ).toEqual([
      { text: 'x', start: 1, end: 1.4 },
      { text: 'y', start: 1.4, end: 2 },
    ])
  })
})
