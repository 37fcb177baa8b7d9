import { describe, expect, it } from 'vitest'
import { bucketFor, callsChart, chartSources, customChart, rangeMs } from './agent-analytics-model'
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

describe('the dashboard’s own charts', () => {
  const buckets = [
    { start_unix: 0, evaluation_criteria: { polite: { success: 2 } }, data_collection: { plan: { pro: 1 } } },
    { start_unix: 60, evaluation_criteria: { polite: { failure: 1, success: 1 } }, data_collection: {} },
  ]
  const metrics = {
    buckets,
    evaluation_criteria: { polite: { success: 3, failure: 1 } },
    data_collection: { plan: { pro: 1 } },
  } as unknown as ConversationMetrics

  it('follows one criterion’s results, or one field’s values, bucket by bucket', () => {
    const criterion = customChart(metrics, { type: 'criteria', name: 'Polite', criteria_id: 'polite' })
    expect(Object.fromEntries(criterion.series.map((s) => [s.key, s.values]))).toEqual({
      success: [2, 1],
      failure: [0, 1],
    })
    const field = customChart(metrics, { type: 'data_collection', name: 'Plan', data_collection_id: 'plan' })
    expect(Object.fromEntries(field.series.map((s) => [s.key, s.values]))).toEqual({ pro: [1, 0] })
    // A criterion with no results in the range draws nothing.
    expect(customChart(metrics, { type: 'criteria', name: 'X', criteria_id: 'missing' }).total).toBe(0)
    expect(chartSources(metrics)).toEqual({ criteria: ['polite'], fields: ['plan'] })
  })
})
