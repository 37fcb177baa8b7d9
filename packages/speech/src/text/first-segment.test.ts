import { describe, expect, it } from 'vitest'
import { planText } from './plan-text.js'

describe('firstSegmentChars (time to first audio)', () => {
  const text =
    'When the committee met on Tuesday, after a long and difficult week of travel, it agreed to postpone the decision, to ask for more data, and to meet again next month in the same place. Then everyone went home.'

  it('cuts only the first speech segment short, at a clause, and keeps the rest whole', () => {
    const plan = planText(text, {
      language: 'en',
      normalization: 'auto',
      tags: 'strip',
      firstSegmentChars: 60,
    })
    const speech = plan.segments.filter((s) => s.kind === 'speech')
    expect(speech[0]!.text.length).toBeLessThanOrEqual(60)
    expect(speech[0]!.text).toBe('When the committee met on Tuesday,')
    expect(speech.slice(1).every((s) => s.text.length <= 300)).toBe(true)
    expect(speech.at(-1)!.text).toBe('Then everyone went home.')
    // Nothing lost: the segments still cover the normalised text in order.
    expect(speech.map((s) => s.text).join(' ')).toBe(plan.normalized)
  })

  it('without it, the first sentence stays one segment', () => {
    const plan = planText(text, { language: 'en', normalization: 'auto', tags: 'strip' })
    expect(plan.segments[0]!.kind === 'speech' && plan.segments[0]!.text.length).toBeGreaterThan(100)
  })
})
