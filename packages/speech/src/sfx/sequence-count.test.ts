import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { detectEvents } from './measure/detect-events.js'
import { parsePrompt, typeOfPhrase } from './prompt/parse-prompt.js'
import { renderSoundEffect } from './synthesize.js'
import { VOCABULARY } from './vocabulary/index.js'

// For any sequence of known sounds with counts 1 to 4 (events) or a written length (sustained
// sounds, one stretch each), the number of sounds heard in the rendered audio is the sum of the
// counts, with no length asked or with one the sequence fits in.

const RATE = 16000

const named = (kind: 'event' | 'sustained') =>
  VOCABULARY.filter((t) => t.kind === kind)
    .map((type) => ({ type, word: type.words.find((w) => typeOfPhrase(`a ${w}`)?.id === type.id) }))
    .filter((n): n is { type: (typeof VOCABULARY)[number]; word: string } => n.word !== undefined)

const step = fc.oneof(
  fc
    .record({ named: fc.constantFrom(...named('event')), count: fc.integer({ min: 1, max: 4 }) })
    .map(({ named: n, count }) => ({ phrase: `a ${n.word} ${count} times`, count })),
  fc.constantFrom(...named('sustained')).map((n) => ({ phrase: `a ${n.word} for 1 second`, count: 1 })),
)

describe('rendered sequences', () => {
  it('hold as many separate sounds as the prompt counts', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(null, 22),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (steps, durationSeconds, promptInfluence) => {
          const text = steps.map((s) => s.phrase).join(' then ')
          const expected = steps.reduce((sum, s) => sum + s.count, 0)
          expect(parsePrompt(text).sequence.reduce((sum, p) => sum + p.count, 0)).toBe(expected)
          const effect = renderSoundEffect({ text, durationSeconds, promptInfluence, loop: false }, RATE)
          expect(effect.events).toHaveLength(expected)
          expect(detectEvents(effect.samples, RATE)).toHaveLength(expected)
        },
      ),
      { numRuns: 40 },
    )
  })
})
