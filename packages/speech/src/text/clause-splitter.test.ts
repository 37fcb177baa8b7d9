import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitLongRange } from './clause-splitter.js'

function parts(
  text: string,
  max: number,
  protectedRanges: Array<{ start: number; end: number }> = [],
): string[] {
  return splitLongRange(text, 0, text.length, max, protectedRanges).map((r) => text.slice(r.start, r.end))
}

describe('splitLongRange', () => {
  it('leaves a short range whole', () => {
    expect(parts('short enough', 50)).toEqual(['short enough'])
  })

  it('splits at clause marks before spaces', () => {
    const text = 'first clause here, second clause there; third part: and the end'
    expect(parts(text, 30)).toEqual(['first clause here,', 'second clause there;', 'third part: and the end'])
  })

  it('splits at dashes', () => {
    expect(parts('a long first thought — then another thought', 25)).toEqual([
      'a long first thought —',
      'then another thought',
    ])
  })

  it('splits a run with no clause mark at a space', () => {
    expect(parts('one two three four five six seven eight', 15)).toEqual([
      'one two three',
      'four five six',
      'seven eight',
    ])
  })

  it('prefers a space the caller calls clean', () => {
    const text = 'one two three four five six seven eight'
    const clean = (k: number): boolean => k === 7
    expect(
      splitLongRange(text, 0, text.length, 20, [], clean).map((r) => text.slice(r.start, r.end)),
    ).toEqual(['one two', 'three four five six', 'seven eight'])
  })

  it('cuts a run with no space at the limit without splitting a surrogate pair', () => {
    const text = `${'a'.repeat(9)}😀${'b'.repeat(9)}`
    const result = parts(text, 10)
    expect(result.join('')).toBe(text)
    expect(result.every((p) => p.length <= 10)).toBe(true)
    expect(result.some((p) => p.endsWith('\ud83d'))).toBe(false)
  })

  it('splits Chinese at 、 and ，', () => {
    expect(parts('一二三四五、六七八九十，一二三四五', 8)).toEqual([
      '一二三四五、',
      '六七八九十，',
      '一二三四五',
    ])
  })

  it('never cuts inside a protected range', () => {
    const text = 'aaaa bbbbbbbbbbbb cccc'
    const result = splitLongRange(text, 0, text.length, 10, [{ start: 5, end: 17 }])
    for (const r of result) expect(r.start >= 17 || r.end <= 5 || (r.start <= 5 && r.end >= 17)).toBe(true)
  })

  it('covers the text with parts no longer than the limit (property)', () => {
    const word = fc.stringMatching(/^[a-z,;:—]{1,12}$/)
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 8, max: 60 }),
        (words, max) => {
          const text = words.join(' ')
          const result = splitLongRange(text, 0, text.length, max)
          let pos = 0
          for (const r of result) {
            expect(r.end - r.start).toBeLessThanOrEqual(max)
            expect(text.slice(pos, r.start).trim()).toBe('')
            pos = r.end
          }
          expect(text.slice(pos).trim()).toBe('')
        },
      ),
      { numRuns: 500 },
    )
  })
})
