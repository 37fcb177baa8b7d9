import { describe, expect, it } from 'vitest'
import type { EditorWord } from './editor-api'
import { wordAt } from './transcript-editor'

const w = (text: string, start: number | null, type: EditorWord['type'] = 'word'): EditorWord => ({
  text,
  start,
  end: start === null ? null : start + 0.3,
  type,
  speaker_id: null,
  logprob: 0,
  characters: null,
})

describe('the word the player is on', () => {
  const words = [
    w('one', 0.2),
    w(' ', 0.5, 'spacing'),
    w('two', 0.6),
    w(' ', 0.9, 'spacing'),
    w('three', 1.4),
  ]

  it('is the last word started by the time, spacing skipped, none before the first or without a time', () => {
    expect(wordAt(words, null)).toBeNull()
    expect(wordAt(words, 0.1)).toBeNull()
    expect(wordAt(words, 0.2)).toBe(0)
    expect(wordAt(words, 1.0)).toBe(2)
    expect(wordAt(words, 9)).toBe(4)
    expect(wordAt([w('x', null)], 1)).toBeNull()
  })
})
