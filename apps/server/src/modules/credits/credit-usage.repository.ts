import { sql } from 'kysely'
import type { Database } from '../../db/database.js'

/** What the charged credits can be broken down by. */
export type UsageGroup = 'none' | 'voice' | 'user' | 'api_key' | 'product_type' | 'model' | 'has_api_key'

export interface UsageQuery {
  workspaceId: string
  /** Only this user's usage; null = the whole workspace. */
  userId: string | null
  from: Date
  /** Exclusive. */
  to: Date
  group: UsageGroup
  /** Rows are summed per hour, or per second for buckets shorter than an hour. */
  grain: 'hour' | 'second'
  /** Sum of the credits charged, or the number of charged requests. */
  measure: 'credits' | 'requests'
}

export interface UsageRow {
  /** Start of the hour or second, in ms. */
  at: number
  key: string
  characters: number
}

/** Charged credits of the ledger, summed per time grain and group (reads only). */
export function createCreditUsageRepository(db: Database) {
  return {
    async charged(query: UsageQuery): Promise<UsageRow[]> {
      const grain = sql.lit(query.grain)
      const key = groupKey(query.group)
      const rows = await db
        .selectFrom('credit_ledger as l')
        .leftJoin('history_items as h', 'h.id', 'l.history_item_id')
        .select([
          sql<number>`(extract(epoch from date_trunc(${grain}, l.created_at at time zone 'UTC')) * 1000)::float8`.as(
            'at',
          ),
          key.as('key'),
          (query.measure === 'requests'
            ? sql<number>`count(*)::float8`
            : sql<number>`sum(l.characters)::float8`
          ).as('characters'),
        ])
        .where('l.workspace_id', '=', query.workspaceId)
        .where('l.state', '=', 'charged')
        .where('l.created_at', '>=', query.from)
        .where('l.created_at', '<', query.to)
        .$if(query.userId !== null, (qb) => qb.where('l.user_id', '=', query.userId ?? ''))
        .groupBy(['at', 'key'])
        .orderBy('at')
        .execute()
      return rows.map((r) => ({ at: Number(r.at), key: r.key, characters: Number(r.characters) }))
    },
  }
}

function groupKey(group: UsageGroup) {
  switch (group) {
    case 'voice':
      return sql<string>`coalesce(h.voice_id, 'unknown')`
    case 'user':
      return sql<string>`coalesce(l.user_id, 'unknown')`
    case 'api_key':
      return sql<string>`coalesce(l.api_key_id, 'no_api_key')`
    case 'product_type':
      return sql<string>`l.kind`
    case 'model':
      return sql<string>`coalesce(h.model_id, 'unknown')`
    case 'has_api_key':
      return sql<string>`case when l.api_key_id is null then 'false' else 'true' end`
    default:
      return sql<string>`'All'`
  }
}

export type CreditUsageRepository = ReturnType<typeof createCreditUsageRepository>
