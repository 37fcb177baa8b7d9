import { type AnalyticsGroupBy, allowedBucketSeconds } from '@timbre/contract'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin } from '../../plugins/workspace-roles.js'
import type { UsageRow } from './analytics.repository.js'
import {
  type AnalyticsDeps,
  checkBucket,
  checkFilters,
  checkRange,
  checkTimeZone,
  type NameReaders,
  names,
  type UsageInput,
} from './analytics-deps.js'
import { type AnalyticsTable, type ColumnType, type ColumnUnit, tableOf } from './analytics-table.js'

/** The display-name column appended after an id column, and how its names are read. */
const LABELS: Partial<Record<AnalyticsGroupBy, { column: string; read: keyof NameReaders }>> = {
  user_id: { column: 'user_label', read: 'userLabels' },
  voice_id: { column: 'voice_name', read: 'resourceNames' },
  hashed_xi_api_key: { column: 'api_key_name', read: 'apiKeyNames' },
  billing_group_id: { column: 'group_name', read: 'groupNames' },
}

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

/** Usage in buckets over time, broken down by up to a few dimensions, with display names. */
export async function usageOverTime(
  deps: AnalyticsDeps,
  principal: Principal,
  input: UsageInput,
): Promise<AnalyticsTable> {
  const { repo } = deps
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
        deps,
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
}
