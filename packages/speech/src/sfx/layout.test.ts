import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type LayoutItem,
  LEAD_IN_SECONDS,
  layout,
  MIN_GAP_SECONDS,
  naturalSeconds,
  TAIL_SECONDS,
} from './layout.js'

const item = fc.record({
  seconds: fc.double({ min: 0.01, max: 3, noNaN: true }),
  part: fc.integer({ min: 0, max: 3 }),
  stretchable: fc.boolean(),
  repeatGap: fc.double({ min: MIN_GAP_SECONDS, max: 0.8, noNaN: true }),
})
const sorted = (items: LayoutItem[]) => [...items].sort((a, b) => a.part - b.part)

describe('layout', () => {
  it('keeps the order and a silence of at least the minimum between sounds', () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 12 }).map(sorted),
        fc.option(fc.double({ min: 0.5, max: 22, noNaN: true })),
        (items, total) => {
          const placed = layout(items, total)
          expect(placed).toHaveLength(items.length)
          for (let k = 1; k < placed.length; k++) {
            const gap = placed[k]!.startSeconds - (placed[k - 1]!.startSeconds + placed[k - 1]!.seconds)
            expect(gap).toBeGreaterThanOrEqual(MIN_GAP_SECONDS - 1e-9)
          }
          for (const p of placed) expect(p.seconds).toBeGreaterThan(0)
        },
      ),
    )
  })

  it('fits the asked length whenever the sounds can shrink into it', () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 8 }).map(sorted),
        fc.double({ min: 0.5, max: 22, noNaN: true }),
        (items, total) => {
          const placed = layout(items, total)
          const last = placed[placed.length - 1]!
          const end = last.startSeconds + last.seconds + TAIL_SECONDS
          const floor =
            LEAD_IN_SECONDS +
            TAIL_SECONDS +
            items.reduce((s, i) => s + (i.stretchable ? Math.min(i.seconds, 0.6) : i.seconds * 0.35), 0) +
            (items.length - 1) * MIN_GAP_SECONDS
          if (floor <= total) expect(end).toBeLessThanOrEqual(total + 1e-6)
        },
      ),
    )
  })

  it('takes its natural length when no length is asked, and stretches sustained sounds to fill one', () => {
    const items: LayoutItem[] = [
      { seconds: 3, part: 0, stretchable: true, repeatGap: 0.25 },
      { seconds: 0.5, part: 1, stretchable: false, repeatGap: 0.25 },
    ]
    const natural = layout(items, null)
    const end = natural[1]!.startSeconds + natural[1]!.seconds + TAIL_SECONDS
    expect(end).toBeCloseTo(naturalSeconds(items), 9)
    const longer = layout(items, 10)
    expect(longer[0]!.seconds).toBeCloseTo(3 + (10 - naturalSeconds(items)), 9)
    expect(longer[1]!.seconds).toBe(0.5)
  })
})
