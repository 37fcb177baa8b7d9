// Property tests of the character timing builder: whatever the words an engine reports
// (overlapping, out of order, missing), the result is monotonic, covers every character
// and stays within the audio.
import fc from 'fast-check'
import { describe, it } from 'vitest'
import { AlignmentBuilder } from '../src/service/alignment-builder.js'
import type { TextPlan } from '../src/text/types.js'
import { expectValidAlignment, mergeAlignments } from './helpers/alignment-checks.js'

const segmentArb = fc.record({
  text: fc.string({ minLength: 1, maxLength: 30 }),
  duration: fc.double({ min: 0.05, max: 3, noNaN: true }),
  words: fc.array(
    fc.record({
      a: fc.nat(40),
      b: fc.nat(40),
      t0: fc.double({ min: -0.5, max: 4, noNaN: true }),
      t1: fc.double({ min: -0.5, max: 4, noNaN: true }),
    }),
    { maxLength: 8 },
  ),
  gap: fc.double({ min: 0, max: 0.5, noNaN: true }),
})

describe('AlignmentBuilder', () => {
  it('is monotonic, covers every character and ends within the audio', () => {
    fc.assert(
      fc.property(
        fc.array(segmentArb, { minLength: 1, maxLength: 5 }),
        fc.string({ maxLength: 5 }),
        (segments, tail) => {
          // The normalised text is the original here (identity mapping), with separators.
          const texts = segments.map((s) => s.text)
          const normalized = `${texts.join(' ')}${tail}`
          const map = new Int32Array(normalized.length * 2)
          for (let i = 0; i < normalized.length; i++) {
            map[2 * i] = i
            map[2 * i + 1] = i + 1
          }
          const plan: TextPlan = {
            original: normalized,
            normalized,
            normToOrig: map,
            segments: [],
            language: 'en',
          }
          const builder = new AlignmentBuilder(plan)
          const chunks: ReturnType<AlignmentBuilder['takeChunk']>[] = []
          let time = 0
          let offset = 0
          segments.forEach((segment, index) => {
            const start = offset
            const end = start + segment.text.length
            const words = segment.words.map((w) => ({
              start: w.t0,
              end: w.t1,
              normStart: start + Math.min(w.a, w.b),
              normEnd: start + Math.max(w.a, w.b),
            }))
            const gapStart = time
            time += segment.gap
            builder.addSegment(start, end, words, gapStart, time, segment.duration)
            time += segment.duration
            offset = end + 1
            const final = index === segments.length - 1
            if (final) builder.addGap(normalized.length, time, time)
            chunks.push(builder.takeChunk(final, time))
          })
          expectValidAlignment(mergeAlignments(chunks.map((c) => c.normalized)), normalized, time)
          expectValidAlignment(mergeAlignments(chunks.map((c) => c.alignment)), normalized, time)
        },
      ),
      { numRuns: 300 },
    )
  })
})
