import { describe, expect, it } from 'vitest'
import { ALL_KEY, analyticsChart, bucketStarts, NONE_KEY, summary } from './analytics-model'

const H = 3_600_000
const table = {
  columns: [
    'time',
    'product_type',
    'credits',
    'requests',
    'failed_requests',
    'ttfb_avg_ms',
    'ttfb_p95_ms',
    'concurrency_max',
    'characters',
  ],
  rows: [
    [new Date(2 * H).toISOString(), 'text_to_speech', 10, 2, 0, 100, 150, 1, 20],
    [new Date(2 * H).toISOString(), 'sound_effects', 5, 1, 1, 300, 300, 2, 5],
    [new Date(4 * H).toISOString(), null, 1, 1, 0, null, null, 1, 1],
  ],
}

describe('analytics chart model', () => {
  it('fills the empty buckets of the range and stacks the breakdown', () => {
    const chart = analyticsChart(table, {
      metric: 'credits',
      groupColumn: 'product_type',
      start: H,
      end: 5 * H,
      bucketMs: H,
    })
    expect(chart.time).toEqual([H, 2 * H, 3 * H, 4 * H])
    expect(chart.totals).toEqual([0, 15, 0, 1])
    expect(chart.series.map((s) => s.key)).toEqual(['text_to_speech', 'sound_effects', NONE_KEY])
  })

  it('draws one series without a breakdown', () => {
    const chart = analyticsChart(
      { ...table, rows: [table.rows[0] as (typeof table.rows)[number]] },
      { metric: 'ttfb_p95_ms', groupColumn: null, start: H, end: 3 * H, bucketMs: H },
    )
    expect(chart.series).toEqual([{ key: ALL_KEY, values: [0, 150] }])
  })

  it('keeps the phase of buckets aligned to a time zone', () => {
    const day = 24 * H
    const tokyo = 15 * H // midnight in Tokyo
    expect(bucketStarts([tokyo + day], tokyo + 3 * H, tokyo + 3 * day, day)).toEqual([
      tokyo,
      tokyo + day,
      tokyo + 2 * day,
    ])
  })

  it('sums the range, weighting time to first byte by requests', () => {
    expect(summary(table)).toEqual({
      requests: 4,
      credits: 16,
      characters: 26,
      failed: 1,
      ttfbAvgMs: (100 * 2 + 300) / 3,
      ttfbP95MaxMs: 300,
      concurrencyMax: 2,
    })
  })
})
