import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildCues, type CueLimits, type CueWord, wrapLines } from './cues.js'

const none: CueLimits = {
  silenceGapS: null,
  maxDurationS: null,
  maxChars: null,
  maxCharsPerLine: null,
  maxLines: null,
  splitOnSpeaker: false,
}

/** Words one after another from 0 s, each `[text, seconds long, pause after]`. */
function timed(...spec: Array<[string, number, number?]>): CueWord[] {
  let at = 0
  return spec.map(([text, seconds, pause = 0]) => {
    const word: CueWord = { text, start: at, end: at + seconds, speaker: null, kind: 'word' }
    at += seconds + pause
    return word
  })
}

const texts = (cues: ReturnType<typeof buildCues>) => cues.map((c) => c.text)

describe('wrapLines', () => {
  it('fills lines greedily with whole words and gives an over-long word a line of its own', () => {
    expect(wrapLines(['aa', 'bb', 'cc', 'dd'], 5)).toEqual(['aa bb', 'cc dd'])
    expect(wrapLines(['a', 'extraordinarily', 'b'], 5)).toEqual(['a', 'extraordinarily', 'b'])
    expect(wrapLines(['one', 'two'], null)).toEqual(['one two'])
    expect(wrapLines([], 10)).toEqual([])
  })

  it('counts characters, not UTF-16 units', () => {
    expect(wrapLines(['😀😀', '😀😀'], 5)).toEqual(['😀😀 😀😀'])
  })
})

describe('buildCues', () => {
  it('starts a new cue after a pause longer than the silence limit', () => {
    const words = timed(['a', 0.3], ['b', 0.3, 1], ['c', 0.3, 0.2], ['d', 0.3])
    expect(texts(buildCues(words, { ...none, silenceGapS: 0.5 }))).toEqual(['a b', 'c d'])
  })

  it('keeps a cue within the duration limit', () => {
    const words = timed(['a', 1], ['b', 1], ['c', 1], ['d', 1], ['e', 1])
    const cues = buildCues(words, { ...none, maxDurationS: 2 })
    expect(texts(cues)).toEqual(['a b', 'c d', 'e'])
    expect(cues.map((c) => [c.start, c.end])).toEqual([
      [0, 2],
      [2, 4],
      [4, 5],
    ])
  })

  it('keeps a cue within the character limit, never splitting a word', () => {
    const words = timed(['hello', 1], ['there', 1], ['incomprehensibilities', 1], ['ok', 1])
    expect(texts(buildCues(words, { ...none, maxChars: 11 }))).toEqual([
      'hello there',
      'incomprehensibilities',
      'ok',
    ])
  })

  it('wraps a cue into at most the line limit', () => {
    const words = timed(['aaaa', 1], ['bbbb', 1], ['cccc', 1], ['dddd', 1], ['eeee', 1])
    const cues = buildCues(words, { ...none, maxCharsPerLine: 9, maxLines: 2 })
    expect(cues.map((c) => c.lines)).toEqual([['aaaa bbbb', 'cccc dddd'], ['eeee']])
  })

  it('starts a new cue at a change of speaker only when speakers are shown', () => {
    const words = timed(['a', 1], ['b', 1], ['c', 1]).map((w, i) => ({
      ...w,
      speaker: i < 2 ? 'speaker_0' : 'speaker_1',
    }))
    const split = buildCues(words, { ...none, splitOnSpeaker: true })
    expect(split.map((c) => [c.text, c.speaker])).toEqual([
      ['a b', 'speaker_0'],
      ['c', 'speaker_1'],
    ])
    expect(texts(buildCues(words, none))).toEqual(['a b c'])
  })

  it('segments untimed words by characters only', () => {
    const words = ['one', 'two', 'three'].map(
      (text): CueWord => ({ text, start: null, end: null, speaker: null, kind: 'word' }),
    )
    const cues = buildCues(words, { ...none, silenceGapS: 0.1, maxDurationS: 1, maxChars: 7 })
    expect(cues.map((c) => [c.text, c.start, c.end])).toEqual([
      ['one two', null, null],
      ['three', null, null],
    ])
  })

  const wordText = fc.string({ minLength: 1, maxLength: 14, unit: fc.constantFrom('a', 'b', 'é', '語', "'") })
  const wordsArb = fc
    .array(
      fc.record({
        text: wordText,
        seconds: fc.double({ min: 0.01, max: 4, noNaN: true }),
        pause: fc.double({ min: 0, max: 3, noNaN: true }),
        speaker: fc.constantFrom('speaker_0', 'speaker_1'),
      }),
      { maxLength: 60 },
    )
    .map((spec) => {
      let at = 0
      return spec.map((s): CueWord => {
        const word: CueWord = {
          text: s.text,
          start: at,
          end: at + s.seconds,
          speaker: s.speaker,
          kind: 'word',
        }
        at += s.seconds + s.pause
        return word
      })
    })
  const limitsArb = fc.record({
    silenceGapS: fc.option(fc.double({ min: 0.05, max: 2, noNaN: true })),
    maxDurationS: fc.option(fc.double({ min: 0.5, max: 10, noNaN: true })),
    maxChars: fc.option(fc.integer({ min: 1, max: 100 })),
    maxCharsPerLine: fc.option(fc.integer({ min: 1, max: 50 })),
    maxLines: fc.option(fc.integer({ min: 1, max: 3 })),
    splitOnSpeaker: fc.boolean(),
  })

  it('puts every word in exactly one cue, in order, with times that never go back', () => {
    fc.assert(
      fc.property(wordsArb, limitsArb, (words, limits) => {
        const cues = buildCues(words, limits)
        expect(cues.flatMap((c) => c.words)).toEqual(words)
        for (const cue of cues) {
          expect(cue.words.length).toBeGreaterThan(0)
          expect(cue.lines.join(' ')).toBe(cue.text)
          expect(cue.start!).toBeLessThanOrEqual(cue.end!)
        }
        for (let i = 1; i < cues.length; i++)
          expect(cues[i]!.start!).toBeGreaterThanOrEqual(cues[i - 1]!.end!)
      }),
      { numRuns: 300 },
    )
  })

  it('breaks no limit unless a cue is a single word', () => {
    fc.assert(
      fc.property(wordsArb, limitsArb, (words, limits) => {
        for (const cue of buildCues(words, limits)) {
          if (cue.words.length === 1) continue
          if (limits.maxDurationS !== null)
            expect(cue.end! - cue.start!).toBeLessThanOrEqual(limits.maxDurationS + 1e-9)
          if (limits.maxChars !== null) expect([...cue.text].length).toBeLessThanOrEqual(limits.maxChars)
          if (limits.maxLines !== null) expect(cue.lines.length).toBeLessThanOrEqual(limits.maxLines)
          if (limits.splitOnSpeaker) expect(new Set(cue.words.map((w) => w.speaker)).size).toBe(1)
          if (limits.silenceGapS !== null)
            for (let i = 1; i < cue.words.length; i++)
              expect(cue.words[i]!.start! - cue.words[i - 1]!.end!).toBeLessThanOrEqual(limits.silenceGapS)
          if (limits.maxCharsPerLine !== null)
            for (const line of cue.lines)
              if (line.includes(' ')) expect([...line].length).toBeLessThanOrEqual(limits.maxCharsPerLine)
        }
      }),
      { numRuns: 300 },
    )
  })
})
