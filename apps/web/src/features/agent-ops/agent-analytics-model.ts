import { ANALYTICS_RANGE_PRESETS, type AnalyticsRangePreset, allowedBucketSeconds } from '@timbre/contract'
import { type ChartModel, chartModel } from '../../components/stacked-bar-chart-model'
import type { ConversationMetrics } from './agent-ops-api'

// The agents dashboard's figures as charts: conversations per bucket split by outcome (successful,
// failed, the rest not judged), and minutes per bucket.

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
