import {
  ANALYTICS_BUCKET_SECONDS,
  ANALYTICS_EARLIEST_MS,
  ANALYTICS_MAX_BUCKETS,
  ANALYTICS_MAX_RANGE_MS,
  ANALYTICS_MIN_RANGE_MS,
  type AnalyticsGroupBy,
  allowedBucketSeconds,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import {
  type AnalyticsRepository,
  type EventFilter,
  type FilterColumn,
  NUMERIC_COLUMNS,
} from './analytics.repository.js'

export interface ColumnFilterInput {
  column: string
  operation: EventFilter['operation']
  values: (string | number | boolean | null)[]
}

export interface UsageInput {
  start_time: number
  end_time: number
  interval_seconds?: number | undefined
  group_by?: AnalyticsGroupBy[] | undefined
  filters?: ColumnFilterInput[] | undefined
  time_zone?: string | undefined
}

export interface RequestsInput {
  start_time?: number | undefined
  end_time?: number | undefined
  limit: number
  sort?: 'asc' | 'desc' | undefined
  filters?: ColumnFilterInput[] | undefined
  search?: string | undefined
}

const DIMENSIONS = new Set<string>([
  'product_type',
  'model',
  'voice_id',
  'resource_id',
  'user_id',
  'region',
  'request_queue_type',
  'request_source',
  'hashed_xi_api_key',
  'billing_group_id',
  'status',
])
const NUMERIC = new Set<string>(NUMERIC_COLUMNS)

function label(seconds: number): string {
  if (seconds < 60) return `${seconds} s`
  if (seconds < 3600) return `${seconds / 60} min`
  if (seconds < 86_400) return `${seconds / 3600} h`
  return `${seconds / 86_400} d`
}

/** The range rules: forward, from 2020 on, from 15 minutes to 2 years long. */
export function checkRange(startMs: number, endMs: number): void {
  const span = endMs - startMs
  if (startMs < ANALYTICS_EARLIEST_MS || span < ANALYTICS_MIN_RANGE_MS || span > ANALYTICS_MAX_RANGE_MS) {
    throw new AppError('analytics_range_invalid', { param: span <= 0 ? 'end_time' : 'start_time' })
  }
}

/** Refuses a bucket size not in the list, too small for the range or longer than it. */
export function checkBucket(rangeMs: number, seconds: number): void {
  const allowed = allowedBucketSeconds(rangeMs)
  if (allowed.includes(seconds as (typeof allowed)[number])) return
  const known = (ANALYTICS_BUCKET_SECONDS as readonly number[]).includes(seconds)
  const buckets = Math.ceil(rangeMs / (seconds * 1000))
  const reason = !known
    ? `Bucket sizes are ${ANALYTICS_BUCKET_SECONDS.map(label).join(', ')}.`
    : buckets > ANALYTICS_MAX_BUCKETS
      ? `A bucket of ${label(seconds)} is too small for this time range: it would make ${buckets} buckets, and at most ${ANALYTICS_MAX_BUCKETS} are returned.`
      : `A bucket of ${label(seconds)} is longer than the time range.`
  throw new AppError('analytics_bucket_size_invalid', {
    param: 'interval_seconds',
    message: `${reason} For this range choose one of: ${allowed.map(label).join(', ')}.`,
  })
}

/** A known IANA zone name (as the runtime knows them), else a 422. */
export function checkTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return zone
  } catch {
    throw new AppError('invalid_timezone', { param: 'time_zone' })
  }
}

/** Filters as the repository takes them; a column or operation that does not fit is a 422. */
export function checkFilters(filters: ColumnFilterInput[] | undefined): EventFilter[] {
  return (filters ?? []).map((f, i) => {
    const param = `filters.${i}`
    const ordering = ['le', 'ge', 'lt', 'gt'].includes(f.operation)
    if (!DIMENSIONS.has(f.column) && !NUMERIC.has(f.column))
      throw new AppError('analytics_filter_invalid', {
        param,
        message: `There is no column '${f.column}' to filter on.`,
      })
    if (ordering && !NUMERIC.has(f.column))
      throw new AppError('analytics_filter_invalid', {
        param,
        message: `'${f.operation}' compares numbers; '${f.column}' is not a numeric column.`,
      })
    if (f.values.length === 0 || (f.operation !== 'in' && f.operation !== 'not_in' && f.values.length !== 1))
      throw new AppError('analytics_filter_invalid', {
        param,
        message: `'${f.operation}' takes ${f.operation === 'in' || f.operation === 'not_in' ? 'one or more values' : 'exactly one value'}.`,
      })
    if (NUMERIC.has(f.column) && f.values.some((v) => v !== null && typeof v !== 'number'))
      throw new AppError('analytics_filter_invalid', { param, message: `'${f.column}' takes numbers.` })
    return { column: f.column as FilterColumn, operation: f.operation, values: f.values }
  })
}

export type NameReaders = Pick<
  AnalyticsRepository,
  'userLabels' | 'resourceNames' | 'apiKeyNames' | 'groupNames'
>

export interface AnalyticsDeps {
  repo: AnalyticsRepository
  /** Writes this process's pending events first, so a query sees the requests just made. */
  flushPending: () => Promise<void>
}

/** The display names of the ids in a result, read once per distinct id. */
export async function names(
  deps: AnalyticsDeps,
  workspaceId: string,
  read: keyof NameReaders,
  ids: (string | null)[],
) {
  const { repo } = deps
  const unique = [...new Set(ids.filter((id): id is string => id !== null))]
  return repo[read](workspaceId, unique)
}
