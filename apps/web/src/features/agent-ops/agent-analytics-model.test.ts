import { describe, expect, it } from 'vitest'
import { bucketFor, callsChart, rangeMs } from './agent-analytics-model'
import type { ConversationMetrics } from './agent-ops-api'

describe('the agents dashboard model', () => {
  it('picks a bucket the server allows, at most about 48 bars', () => {
    expect(bucketFor(rangeMs('24h'))).toBe(3600)
    expect(bucketFor(rangeMs('7d'))).toBe(14_400)
    expect(bucketFor(rangeMs('30d'))).toBe(86_400)
    expect(bucketFor(rangeMs('1h'))).toBe(300)
  })

  it('splits conversations by outcome, the unjudged as the rest', () => {
    const metrics = {
      buckets: [
        {
          start_unix: 0,
          calls: 5,
          successful: 3,
          failed: 1,
          minutes: 2,
          cost: 0,
          success_rate: 0.6,
          average_duration_secs: 24,
        },
        {
          start_unix: 3600,
          calls: 0,
          successful: 0,
          failed: 0,
          minutes: 0,
          cost: 0,
          success_rate: null,
          average_duration_secs: null,
        },
      ],
    } as ConversationMetrics
    const model = callsChart(metrics)
    expect(model.time).toEqual([0, 3_600_000])
    expect(model.totals).toEqual([5, 0])
    expect(Object.fromEntries(model.series.map((s) => [s.key, s.values]))).toEqual({
      successful: [3, 0],
      failed: [1, 0],
      unknown: [1, 0],
    })
  })
})
