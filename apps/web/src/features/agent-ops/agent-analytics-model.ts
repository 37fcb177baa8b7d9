import { ANALYTICS_RANGE_PRESETS, type AnalyticsRangePreset, allowedBucketSeconds } from '@timbre/contract'
import { type ChartModel, chartModel } from '../../components/stacked-bar-chart-model'
import type { ConversationMetrics, DashboardChart } from './agent-ops-api'

// The agents dashboard's figures as charts: conversations per bucket split by outcome (successful,
// failed, the rest not judged), minutes per bucket, and the workspace's own charts: one
// evaluation criterion's results or one data-collection field's values per bucket.

export const OUTCOME_KEYS = ['successful', 'failed', 'unknown'] as const

export function rangeMs(preset: AnalyticsRangePreset): number {
  return ANALYTICS_RANGE_PRESETS.find((p) => p.id === preset)?.ms ?? ANALYTICS_RANGE_PRESETS[0].ms
}

/** The smallest bucket the range allows that draws at most about 48 bars. */
export function bucketFor(range: number): number {
  const allowed = allowedBucketSeconds(range)
  return allowed.find((s) => range / (s * 1000) <= 48) ?? allowed.at(-1) ?? 86_400
}

export function callsChart(metrics: ConversationMetrics): ChartModel {
  const time = metrics.buckets.map((b) => b.start_unix * 1000)
  return chartModel({
    time,
    usage: {
      successful: metrics.buckets.map((b) => b.successful),
      failed: metrics.buckets.map((b) => b.failed),
      unknown: metrics.buckets.map((b) => Math.max(0, b.calls - b.successful - b.failed)),
    },
  })
}

export function minutesChart(metrics: ConversationMetrics): ChartModel {
  return chartModel({
    time: metrics.buckets.map((b) => b.start_unix * 1000),
    usage: { minutes: metrics.buckets.map((b) => b.minutes) },
  })
}

/** One custom chart: a criterion's results or a field's values per bucket, or the call outcomes. */
export function customChart(metrics: ConversationMetrics, chart: DashboardChart): ChartModel {
  if (chart.type === 'call_success') return callsChart(metrics)
  const time = metrics.buckets.map((b) => b.start_unix * 1000)
  const counts = metrics.buckets.map((b) =>
    chart.type === 'criteria'
      ? (b.evaluation_criteria?.[chart.criteria_id] ?? {})
      : (b.data_collection?.[chart.data_collection_id] ?? {}),
  )
  const keys = [...new Set(counts.flatMap((c) => Object.keys(c)))]
  return chartModel({
    time,
    usage: Object.fromEntries(keys.map((key) => [key, counts.map((c) => c[key] ?? 0)])),
  })
}

/** The criteria and fields that have results in the range, to offer when a chart is added. */
export function chartSources(metrics: ConversationMetrics): { criteria: string[]; fields: string[] } {
  return {
    criteria: Object.keys(metrics.evaluation_criteria).sort(),
    fields: Object.keys(metrics.data_collection).sort(),
  }
}
