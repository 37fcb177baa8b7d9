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
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin } from '../../plugins/workspace-roles.js'
import {
  type AnalyticsRepository,
  type EventFilter,
  type FilterColumn,
  NUMERIC_COLUMNS,
  type UsageRow,
} from './analytics.repository.js'
import { type AnalyticsTable, type ColumnType, type ColumnUnit, tableOf } from './analytics-table.js'

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
function checkTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return zone
  } catch {
    throw new AppError('invalid_timezone', { param: 'time_zone' })
  }
}

function checkFilters(filters: ColumnFilterInput[] | undefined): EventFilter[] {
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

/** The display-name column appended after an id column, and how its names are read. */
const LABELS: Partial<Record<AnalyticsGroupBy, { column: string; read: keyof NameReaders }>> = {
  user_id: { column: 'user_label', read: 'userLabels' },
  voice_id: { column: 'voice_name', read: 'resourceNames' },
  hashed_xi_api_key: { column: 'api_key_name', read: 'apiKeyNames' },
  billing_group_id: { column: 'group_name', read: 'groupNames' },
}
type NameReaders = Pick<AnalyticsRepository, 'userLabels' | 'resourceNames' | 'apiKeyNames' | 'groupNames'>

const METRIC_COLUMNS: { name: keyof UsageRow; type: ColumnType; unit: ColumnUnit | null }[] = [
  { name: 'credits', type: 'Int', unit: 'credits' },
  { name: 'characters', type: 'Int', unit: null },
  { name: 'requests', type: 'Int', unit: null },
  { name: 'failed_requests', type: 'Int', unit: null },
  { name: 'ttfb_avg_ms', type: 'Float', unit: 'ms' },
  { name: 'ttfb_p95_ms', type: 'Float', unit: 'ms' },
  { name: 'concurrency_max', type: 'Int', unit: null },
  { name: 'concurrency_avg', type: 'Float', unit: null },
]

/**
 * The analytics of a workspace for its admins: usage in buckets over time with breakdowns, and
 * the list of metered requests. Every query is bounded to the caller's own workspace, so a
 * workspace that bills to another sees its own requests only, and members are refused.
 */
export function createAnalyticsService(deps: {
  repo: AnalyticsRepository
  /** Writes this process's pending events first, so a query sees the requests just made. */
  flushPending: () => Promise<void>
}) {
  const { repo } = deps

  async function names(workspaceId: string, read: keyof NameReaders, ids: (string | null)[]) {
    const unique = [...new Set(ids.filter((id): id is string => id !== null))]
    return repo[read](workspaceId, unique)
  }

  return {
    async usageOverTime(principal: Principal, input: UsageInput): Promise<AnalyticsTable> {
      requireAdmin(principal)
      checkRange(input.start_time, input.end_time)
      const range = input.end_time - input.start_time
      const seconds = input.interval_seconds ?? allowedBucketSeconds(range).at(-1) ?? 86_400
      checkBucket(range, seconds)
      const zone = checkTimeZone(input.time_zone ?? 'UTC')
      const groupBy: AnalyticsGroupBy[] = [...new Set(input.group_by ?? ['product_type' as const])]
      const filters = checkFilters(input.filters)
      await deps.flushPending()
      const rows = await repo.usageOverTime({
        workspaceId: principal.workspaceId,
        start: new Date(input.start_time),
        end: new Date(input.end_time),
        bucketSeconds: seconds,
        // Whole hours and days follow the caller's zone; shorter buckets stay on UTC.
        timeZone: seconds >= 3600 ? zone : 'UTC',
        groupBy,
        filters,
      })
      const labelled = groupBy.flatMap((g, i) => {
        const l = LABELS[g]
        return l ? [{ index: i, ...l }] : []
      })
      const labelMaps = await Promise.all(
        labelled.map((l) =>
          names(
            principal.workspaceId,
            l.read,
            rows.map((r) => r.groups[l.index] ?? null),
          ),
        ),
      )
      return tableOf(
        [
          { name: 'time', type: 'DateTime', unit: null },
          ...groupBy.map((g) => ({ name: g, type: 'String' as const, unit: null })),
          ...METRIC_COLUMNS.map((m) => ({ name: m.name, type: m.type, unit: m.unit })),
          ...labelled.map((l) => ({ name: l.column, type: 'String' as const, unit: null })),
        ],
        rows.map((r) => [
          r.bucket.toISOString(),
          ...r.groups,
          ...METRIC_COLUMNS.map((m) => r[m.name] as number | null),
          ...labelled.map((l, i) => {
            const id = r.groups[l.index]
            return id ? (labelMaps[i]?.get(id) ?? null) : null
          }),
        ]),
      )
    },

    async requests(principal: Principal, input: RequestsInput): Promise<AnalyticsTable> {
      requireAdmin(principal)
      if (input.start_time === undefined && input.end_time === undefined)
        throw new AppError('analytics_range_invalid', {
          param: 'start_time',
          message: 'Give start_time, end_time or both.',
        })
      if (
        input.start_time !== undefined &&
        input.end_time !== undefined &&
        input.end_time <= input.start_time
      )
        throw new AppError('analytics_range_invalid', {
          param: 'end_time',
          message: 'end_time must be after start_time.',
        })
      const filters = checkFilters(input.filters)
      await deps.flushPending()
      const rows = await repo.listRequests({
        workspaceId: principal.workspaceId,
        start: input.start_time === undefined ? null : new Date(input.start_time),
        end: input.end_time === undefined ? null : new Date(input.end_time),
        sort: input.sort ?? (input.end_time !== undefined ? 'desc' : 'asc'),
        limit: input.limit,
        filters,
        search: input.search?.trim() || null,
      })
      const [users, keys] = await Promise.all([
        names(
          principal.workspaceId,
          'userLabels',
          rows.map((r) => r.user_id),
        ),
        names(
          principal.workspaceId,
          'apiKeyNames',
          rows.map((r) => r.api_key_id),
        ),
      ])
      return tableOf(
        [
          { name: 'time', type: 'DateTime', unit: null },
          { name: 'request_id', type: 'String', unit: null },
          { name: 'product_type', type: 'String', unit: null },
          { name: 'model', type: 'String', unit: null },
          { name: 'voice_id', type: 'String', unit: null },
          { name: 'user_id', type: 'String', unit: null },
          { name: 'hashed_xi_api_key', type: 'String', unit: null },
          { name: 'billing_group_ids', type: 'String', unit: null },
          { name: 'region', type: 'String', unit: null },
          { name: 'request_queue_type', type: 'String', unit: null },
          { name: 'request_source', type: 'String', unit: null },
          { name: 'characters', type: 'Int', unit: null },
          { name: 'credits', type: 'Int', unit: 'credits' },
          { name: 'ttfb_ms', type: 'Int', unit: 'ms' },
          { name: 'duration_ms', type: 'Int', unit: 'ms' },
          { name: 'concurrency', type: 'Int', unit: null },
          { name: 'status', type: 'String', unit: null },
          { name: 'error_code', type: 'String', unit: null },
          { name: 'http_method', type: 'String', unit: null },
          { name: 'path', type: 'String', unit: null },
          { name: 'voice_name', type: 'String', unit: null },
          { name: 'user_label', type: 'String', unit: null },
          { name: 'api_key_name', type: 'String', unit: null },
        ],
        rows.map((r) => [
          r.started_at.toISOString(),
          r.request_id,
          r.product,
          r.model_id,
          r.resource_id,
          r.user_id,
          r.api_key_id,
          r.group_ids.join(','),
          r.region,
          r.request_queue,
          r.request_source,
          r.characters,
          r.credits,
          r.ttfb_ms,
          r.duration_ms,
          r.concurrency,
          r.status,
          r.error_code,
          r.http_method,
          r.http_path,
          r.resource_name,
          r.user_id ? (users.get(r.user_id) ?? null) : null,
          r.api_key_id ? (keys.get(r.api_key_id) ?? null) : null,
        ]),
      )
    },
  }
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>
