import type { AnalyticsGroupBy } from '@timbre/contract'
import { type RawBuilder, sql } from 'kysely'
import type { Database } from '../../db/database.js'
import { nameQueries } from './analytics-names.repository.js'
import type { RequestEvent } from './request-meter.js'

/** A filter as the service checked it: a known column, an operation and its values. */
export interface EventFilter {
  column: FilterColumn
  operation: 'in' | 'not_in' | 'eq' | 'neq' | 'le' | 'ge' | 'lt' | 'gt'
  values: (string | number | boolean | null)[]
}

/** Dimensions (the breakdowns) and the numeric columns a filter may name. */
export const NUMERIC_COLUMNS = ['characters', 'credits', 'ttfb_ms', 'duration_ms', 'concurrency'] as const
export type FilterColumn = AnalyticsGroupBy | (typeof NUMERIC_COLUMNS)[number] | 'status'

/** The stored column behind each public name (the group is read from the row's group list). */
const COLUMN: Record<Exclude<FilterColumn, 'billing_group_id'>, string> = {
  product_type: 'product',
  model: 'model_id',
  voice_id: 'resource_id',
  resource_id: 'resource_id',
  user_id: 'user_id',
  region: 'region',
  request_queue_type: 'request_queue',
  request_source: 'request_source',
  hashed_xi_api_key: 'api_key_id',
  characters: 'characters',
  credits: 'credits',
  ttfb_ms: 'ttfb_ms',
  duration_ms: 'duration_ms',
  concurrency: 'concurrency',
  status: 'status',
}

const COMPARE = { eq: '=', neq: '<>', le: '<=', ge: '>=', lt: '<', gt: '>' } as const

function filterSql(f: EventFilter): RawBuilder<unknown> {
  const present = f.values.filter((v): v is string | number | boolean => v !== null)
  const hasNull = present.length < f.values.length
  if (f.column === 'billing_group_id') {
    const list = sql`array[${sql.join(present.map((v) => sql`${String(v)}`))}]::text[]`
    const none = sql`cardinality(group_ids) = 0`
    const overlaps = present.length > 0 ? sql`group_ids && ${list}` : sql`false`
    const positive = hasNull ? sql`(${overlaps} or ${none})` : overlaps
    return f.operation === 'in' || f.operation === 'eq' ? positive : sql`not ${positive}`
  }
  const column = sql.ref(COLUMN[f.column])
  if (f.operation === 'in' || f.operation === 'not_in') {
    const inList = present.length > 0 ? sql`${column} in (${sql.join(present)})` : sql`false`
    const positive = hasNull ? sql`(${inList} or ${column} is null)` : sql`coalesce(${inList}, false)`
    return f.operation === 'in' ? positive : sql`not ${positive}`
  }
  if (hasNull) return f.operation === 'eq' ? sql`${column} is null` : sql`${column} is not null`
  return sql`${column} ${sql.raw(COMPARE[f.operation])} ${present[0]}`
}

function groupSql(g: AnalyticsGroupBy): RawBuilder<unknown> {
  return g === 'billing_group_id' ? sql.ref('grp.group_id') : sql.ref(COLUMN[g])
}

export interface UsageQuery {
  workspaceId: string
  start: Date
  end: Date
  bucketSeconds: number
  /** The time zone bucket boundaries follow (UTC for buckets under an hour). */
  timeZone: string
  groupBy: AnalyticsGroupBy[]
  filters: EventFilter[]
}

export interface UsageRow {
  bucket: Date
  groups: (string | null)[]
  credits: number
  characters: number
  requests: number
  failed_requests: number
  ttfb_avg_ms: number | null
  ttfb_p95_ms: number | null
  concurrency_max: number
  concurrency_avg: number
}

export interface RequestsQuery {
  workspaceId: string
  start: Date | null
  end: Date | null
  sort: 'asc' | 'desc'
  limit: number
  filters: EventFilter[]
  search: string | null
}

/**
 * Metered requests: written in batches (with the requester's workspace groups), read as
 * buckets over time or as a list. Every read is bounded to one workspace. Display names of
 * users, API keys and groups are read here too, for the ids a result holds.
 */
export function createAnalyticsRepository(db: Database) {
  return {
    ...nameQueries(db),

    async insert(events: RequestEvent[]): Promise<void> {
      if (events.length === 0) return
      const users = [...new Set(events.flatMap((e) => (e.userId ? [e.userId] : [])))]
      const groups = new Map<string, string[]>()
      if (users.length > 0) {
        const rows = await db
          .selectFrom('workspace_group_members as m')
          .innerJoin('workspace_groups as g', 'g.id', 'm.group_id')
          .select(['g.workspace_id', 'm.user_id', 'g.id'])
          .where('m.user_id', 'in', users)
          .where('g.is_everyone', '=', false)
          .orderBy('g.id')
          .execute()
        for (const r of rows) {
          const key = `${r.workspace_id}\u0000${r.user_id}`
          groups.set(key, [...(groups.get(key) ?? []), r.id])
        }
      }
      const rows = events.map((e) => ({
        id: e.id,
        workspace_id: e.workspaceId,
        user_id: e.userId,
        api_key_id: e.apiKeyId,
        request_id: e.requestId,
        product: e.product,
        kind: e.kind,
        model_id: e.modelId,
        resource_id: e.resourceId,
        resource_name: e.resourceName,
        group_ids: e.userId ? (groups.get(`${e.workspaceId}\u0000${e.userId}`) ?? []) : [],
        region: e.region,
        request_queue: e.queue,
        request_source: e.source,
        characters: e.characters,
        credits: e.credits,
        ttfb_ms: e.ttfbMs,
        duration_ms: e.durationMs,
        concurrency: e.concurrency,
        status: e.status,
        error_code: e.errorCode,
        http_method: e.httpMethod,
        http_path: e.httpPath,
        started_at: e.startedAt.toISOString(),
      }))
      // One JSON parameter for the whole batch: far cheaper to bind than a parameter per value
      // (the embedded database spends its time there), and every column is named in it.
      await sql`
        insert into request_events
        select * from jsonb_populate_recordset(null::request_events, ${JSON.stringify(rows)}::jsonb)
      `.execute(db)
    },

    async usageOverTime(q: UsageQuery): Promise<UsageRow[]> {
      const bucket = sql`date_bin(make_interval(secs => ${q.bucketSeconds}), started_at at time zone ${q.timeZone}, timestamp '2000-01-03') at time zone ${q.timeZone}`
      const groupCols = q.groupBy.map((g, i) => sql`${groupSql(g)} as ${sql.ref(`g${i}`)}`)
      const byGroup = q.groupBy.includes('billing_group_id')
        ? sql`cross join lateral unnest(case when cardinality(group_ids) = 0 then array[null]::text[] else group_ids end) as grp(group_id)`
        : sql``
      const where = [
        sql`workspace_id = ${q.workspaceId}`,
        sql`started_at >= ${q.start}`,
        sql`started_at < ${q.end}`,
        ...q.filters.map(filterSql),
      ]
      const positions = q.groupBy.map((_, i) => sql.raw(String(i + 2)))
      const { rows } = await sql<Record<string, unknown>>`
        select ${bucket} as bucket
          ${groupCols.length > 0 ? sql`, ${sql.join(groupCols)}` : sql``},
          coalesce(sum(credits), 0)::int as credits,
          coalesce(sum(characters), 0)::int as characters,
          count(*)::int as requests,
          (count(*) filter (where status <> 'success'))::int as failed_requests,
          avg(ttfb_ms)::float8 as ttfb_avg_ms,
          (percentile_cont(0.95) within group (order by ttfb_ms))::float8 as ttfb_p95_ms,
          coalesce(max(concurrency), 0)::int as concurrency_max,
          coalesce(avg(concurrency), 0)::float8 as concurrency_avg
        from request_events ${byGroup}
        where ${sql.join(where, sql` and `)}
        group by 1 ${positions.length > 0 ? sql`, ${sql.join(positions)}` : sql``}
        order by 1 ${positions.length > 0 ? sql`, ${sql.join(positions)}` : sql``}
      `.execute(db)
      return rows.map((r) => ({
        bucket: r.bucket instanceof Date ? r.bucket : new Date(String(r.bucket)),
        groups: q.groupBy.map((_, i) => (r[`g${i}`] === null ? null : String(r[`g${i}`]))),
        credits: Number(r.credits),
        characters: Number(r.characters),
        requests: Number(r.requests),
        failed_requests: Number(r.failed_requests),
        ttfb_avg_ms: r.ttfb_avg_ms === null ? null : Number(r.ttfb_avg_ms),
        ttfb_p95_ms: r.ttfb_p95_ms === null ? null : Number(r.ttfb_p95_ms),
        concurrency_max: Number(r.concurrency_max),
        concurrency_avg: Number(r.concurrency_avg),
      }))
    },

    listRequests(q: RequestsQuery) {
      let query = db
        .selectFrom('request_events')
        .selectAll()
        .where('workspace_id', '=', q.workspaceId)
        .orderBy('started_at', q.sort)
        .orderBy('id', q.sort)
        .limit(q.limit)
      if (q.start) query = query.where('started_at', '>=', q.start)
      if (q.end) query = query.where('started_at', '<', q.end)
      for (const f of q.filters) query = query.where(filterSql(f) as RawBuilder<boolean>)
      if (q.search) {
        const pattern = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        query = query.where((eb) =>
          eb.or([
            eb('request_id', 'ilike', pattern),
            eb('model_id', 'ilike', pattern),
            eb('resource_name', 'ilike', pattern),
            eb('resource_id', 'ilike', pattern),
            eb('http_path', 'ilike', pattern),
            eb('error_code', 'ilike', pattern),
          ]),
        )
      }
      return query.execute()
    },
  }
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>
