import { describe, expect, it } from 'vitest'
import { addMonths, nextMonthlyBoundary, paidPeriodEnd, rollOver } from './credit-periods.js'

const d = (iso: string) => new Date(iso)

describe('credit boundaries', () => {
  it('clamps to the last day of short months and returns to the anchor day after', () => {
    const anchor = d('2026-01-31T10:00:00Z')
    expect(addMonths(anchor, 1).toISOString()).toBe('2026-02-28T10:00:00.000Z')
    expect(addMonths(anchor, 2).toISOString()).toBe('2026-03-31T10:00:00.000Z')
    expect(nextMonthlyBoundary(anchor, d('2026-02-28T10:00:00Z')).toISOString()).toBe(
      '2026-03-31T10:00:00.000Z',
    )
    expect(nextMonthlyBoundary(anchor, d('2026-02-28T09:59:59Z')).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    )
    expect(nextMonthlyBoundary(anchor, anchor).toISOString()).toBe('2026-02-28T10:00:00.000Z')
    expect(paidPeriodEnd(d('2024-02-29T00:00:00Z'), 'annual_period').toISOString()).toBe(
      '2025-02-28T00:00:00.000Z',
    )
  })
})

describe('rollover', () => {
  const paid = { tier: 'creator', status: 'active', rollover_newer: 0, rollover_older: 0 }

  it('uses the oldest credits first and lets the oldest expire', () => {
    // 100,000 own + 40,000 from last month + 20,000 from the month before; 50,000 used.
    const row = {
      ...paid,
      character_limit: 160_000,
      character_count: 50_000,
      rollover_newer: 40_000,
      rollover_older: 20_000,
    }
    expect(rollOver(row)).toEqual({ older: 10_000, newer: 100_000, overage: 0 })
    const heavy = { ...row, character_count: 150_000 }
    expect(rollOver(heavy)).toEqual({ older: 0, newer: 10_000, overage: 0 })
  })

  it('carries nothing on free, on a problem state, or past the limit', () => {
    expect(rollOver({ ...paid, tier: 'free', character_limit: 10_000, character_count: 0 })).toEqual({
      older: 0,
      newer: 0,
      overage: 0,
    })
    expect(rollOver({ ...paid, status: 'past_due', character_limit: 100_000, character_count: 0 })).toEqual({
      older: 0,
      newer: 0,
      overage: 0,
    })
    expect(rollOver({ ...paid, character_limit: 100_000, character_count: 101_500 })).toEqual({
      older: 0,
      newer: 0,
      overage: 1_500,
    })
  })
})
