import { AppError } from '../../errors.js'
import type { CreditsPorts, UsageGroup } from '../credits/credits.module.js'

export const USAGE_BREAKDOWNS = [
  'none',
  'voice',
  'voice_multiplier',
  'user',
  'groups',
  'api_keys',
  'all_api_keys',
  'product_type',
  'model',
  'resource',
  'request_queue',
  'region',
  'subresource_id',
  'reporting_workspace_id',
  'has_api_key',
  'request_source',
] as const
export type UsageBreakdown = (typeof USAGE_BREAKDOWNS)[number]

export const USAGE_INTERVALS = ['hour', 'day', 'week', 'month', 'cumulative'] as const
export type UsageInterval = (typeof USAGE_INTERVALS)[number]

export const USAGE_METRICS = [
  'credits',
  'tts_characters',
  'minutes_used',
  'request_count',
  'ttfb_avg',
  'ttfb_p95',
  'fiat_units_spent',
  'concurrency',
  'concurrency_average',
] as const
export type UsageMetric = (typeof USAGE_METRICS)[number]

/** The breakdowns the ledger can answer, and the group each reads. */
const GROUPS: Partial<Record<UsageBreakdown, UsageGroup>> = {
  none: 'none',
  voice: 'voice',
  user: 'user',
  api_keys: 'api_key',
  all_api_keys: 'api_key',
  product_type: 'product_type',
  model: 'model',
  has_api_key: 'has_api_key',
}

/** A series longer than this is refused rather than built. */
const MAX_BUCKETS = 10_000
const HOUR = 3_600_000
const DAY = 24 * HOUR

export interface UsageRequest {
  start_unix: number
  end_unix: number
  include_workspace_metrics: boolean
  breakdown_type: UsageBreakdown
  aggregation_interval: UsageInterval
  aggregation_bucket_size?: number | undefined
  metric: UsageMetric
}

/** Bucket starts (ms, UTC) covering [start, end): aligned to the interval, or every `size` seconds. */
export function bucketStarts(
  start: number,
  end: number,
  interval: UsageInterval,
  sizeSeconds?: number,
): number[] {
  if (sizeSeconds !== undefined) return stepped(start, end, (t) => t + sizeSeconds * 1000)
  if (interval === 'cumulative') return [start]
  if (interval === 'hour') return stepped(Math.floor(start / HOUR) * HOUR, end, (t) => t + HOUR)
  const day = Math.floor(start / DAY) * DAY
  if (interval === 'day') return stepped(day, end, (t) => t + DAY)
  if (interval === 'week') {
    // Weeks start on Monday (1970-01-01 was a Thursday).
    const monday = day - ((new Date(day).getUTCDay() + 6) % 7) * DAY
    return stepped(monday, end, (t) => t + 7 * DAY)
  }
  const first = new Date(start)
  const month = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1)
  return stepped(month, end, (t) => {
    const d = new Date(t)
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
  })
}

function stepped(first: number, end: number, next: (t: number) => number): number[] {
  const starts: number[] = []
  for (let t = first; t < end; t = next(t)) {
    starts.push(t)
    if (starts.length > MAX_BUCKETS)
      throw new AppError('invalid_usage_window', {
        message: `This window has more than ${MAX_BUCKETS} buckets; use a longer aggregation interval.`,
      })
  }
  return starts.length > 0 ? starts : [first]
}

/** The index of the last bucket that starts at or before `at`. */
function bucketOf(starts: number[], at: number): number {
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if ((starts[mid] ?? 0) <= at) lo = mid
    else hi = mid - 1
  }
  return lo
}

/** Character usage over time from the credit ledger's charged rows. */
export function createUsageService(deps: { usage: CreditsPorts['usage'] }) {
  return {
    async characterStats(principal: { workspaceId: string; userId: string }, request: UsageRequest) {
      if (request.end_unix <= request.start_unix)
        throw new AppError('invalid_usage_window', { param: 'end_unix' })
      const group = GROUPS[request.breakdown_type]
      if (!group)
        throw new AppError('unsupported_breakdown', {
          message: `breakdown_type '${request.breakdown_type}' is not supported; use one of ${Object.keys(GROUPS).join(', ')}.`,
          param: 'breakdown_type',
        })
      if (group === 'user' && !request.include_workspace_metrics)
        throw new AppError('validation_error', {
          message: "breakdown_type cannot be 'user' when include_workspace_metrics is false.",
          param: 'breakdown_type',
        })
      const measure = metricMeasure(request.metric)
      const size = request.aggregation_bucket_size
      const starts = bucketStarts(request.start_unix, request.end_unix, request.aggregation_interval, size)
      const rows = await deps.usage.charged({
        workspaceId: principal.workspaceId,
        userId: request.include_workspace_metrics ? null : principal.userId,
        from: new Date(request.start_unix),
        to: new Date(request.end_unix),
        group,
        grain: size !== undefined && size % 3600 !== 0 ? 'second' : 'hour',
        measure,
      })
      const usage: Record<string, number[]> = group === 'none' ? { All: starts.map(() => 0) } : {}
      for (const row of rows) {
        const series = usage[row.key] ?? starts.map(() => 0)
        const i = bucketOf(starts, row.at)
        series[i] = (series[i] ?? 0) + row.characters
        usage[row.key] = series
      }
      return { time: starts, usage }
    },
  }
}

function metricMeasure(metric: UsageMetric): 'credits' | 'requests' {
  if (metric === 'credits' || metric === 'tts_characters') return 'credits'
  if (metric === 'request_count') return 'requests'
  throw new AppError('validation_error', {
    message: `metric '${metric}' is not recorded; use credits, tts_characters or request_count.`,
    param: 'metric',
  })
}

export type UsageService = ReturnType<typeof createUsageService>
