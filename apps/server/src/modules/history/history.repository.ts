import { type Insertable, sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { HistoryItemRow, HistoryItemsTable } from './history.tables.js'
import { createHistoryFeedbackShareRepository } from './history-feedback-share.repository.js'

export type NewHistoryItem = Insertable<HistoryItemsTable>

export interface HistoryCursor {
  createdAt: string
  id: string
}

export interface HistoryListQuery {
  workspaceId: string
  limit: number
  direction: 'asc' | 'desc'
  /** The page starts after this item (from `cursorOf`). */
  after?: HistoryCursor | undefined
  voiceId?: string | undefined
  modelId?: string | undefined
  source?: string | undefined
  /** Plain text; matched case-insensitively anywhere in `text`. */
  search?: string | undefined
  /** Inclusive lower bound of `created_at`, unix seconds. */
  dateAfterUnix?: number | undefined
  /** Exclusive upper bound of `created_at`, unix seconds. */
  dateBeforeUnix?: number | undefined
}

/** Every column of an item but its alignments, which only the one-item read returns. */
const LIST_COLUMNS = [
  'id',
  'workspace_id',
  'user_id',
  'api_key_id',
  'request_id',
  'voice_id',
  'voice_name',
  'voice_category',
  'model_id',
  'text',
  'dialogue',
  'settings',
  'source',
  'output_format',
  'content_type',
  'storage_key',
  'size_bytes',
  'duration_seconds',
  'character_count_change_from',
  'character_count_change_to',
  'feedback',
  'share_token',
  'created_at',
] as const satisfies ReadonlyArray<Exclude<keyof HistoryItemsTable, 'alignment'>>

/** LIKE pattern that matches `text` literally (escapes %, _ and the escape character). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export function createHistoryRepository(db: Database) {
  return {
    ...createHistoryFeedbackShareRepository(db),
    /** The distinct sources (TTS, STS, ...) of the history items one user has generated. */
    async sourcesOfUser(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('history_items')
        .select('source')
        .distinct()
        .where('user_id', '=', userId)
        .execute()
      return rows.map((row) => row.source)
    },

    /** The texts of earlier generations that `previous_request_ids`/`next_request_ids` name. */
    async textsByRequestId(workspaceId: string, requestIds: string[]): Promise<Map<string, string>> {
      if (requestIds.length === 0) return new Map()
      const rows = await db
        .selectFrom('history_items')
        .select(['request_id', 'text'])
        .where('workspace_id', '=', workspaceId)
        .where('request_id', 'in', requestIds)
        .execute()
      return new Map(rows.map((r) => [r.request_id, r.text]))
    },

    /** Written in the same transaction as the credit settlement, so a charge always has its item. */
    async insert(trx: Transaction<DB>, item: NewHistoryItem): Promise<void> {
      await trx.insertInto('history_items').values(item).execute()
    },

    /**
     * The position of an item of this workspace in the list order. `created_at` comes back
     * as text so it keeps its microseconds (a JS Date would round them and make the next
     * page skip or repeat rows).
     */
    async cursorOf(workspaceId: string, id: string): Promise<HistoryCursor | undefined> {
      return db
        .selectFrom('history_items')
        .select([sql<string>`created_at::text`.as('createdAt'), 'id'])
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    /**
     * One page in `(created_at, id)` order, keyset-paginated on the index
     * `history_items_workspace_created (workspace_id, created_at desc, id desc)`: the row
     * comparison is an index bound, so a deep page costs what the first one does. Returns
     * up to `limit + 1` rows: the extra one only tells that there is more.
     */
    async list(q: HistoryListQuery): Promise<HistoryItemRow[]> {
      const op = q.direction === 'desc' ? '<' : '>'
      // A list page carries what a list shows: the alignments (about 111 kB for a 3,000-character
      // item) stay in the row and come with the one item read, so a page of long items stays small.
      let query = db
        .selectFrom('history_items')
        .select(LIST_COLUMNS)
        .select(sql<null>`null`.as('alignment'))
        .where('workspace_id', '=', q.workspaceId)
      if (q.after !== undefined) {
        const { createdAt, id } = q.after
        query = query.where(({ eb, refTuple, tuple }) =>
          eb(refTuple('created_at', 'id'), op, tuple(sql<Date>`${createdAt}::timestamptz`, id)),
        )
      }
      if (q.voiceId !== undefined) query = query.where('voice_id', '=', q.voiceId)
      if (q.modelId !== undefined) query = query.where('model_id', '=', q.modelId)
      if (q.source !== undefined) query = query.where('source', '=', q.source)
      if (q.search !== undefined && q.search !== '') {
        query = query.where(sql<boolean>`text ilike ${containsPattern(q.search)} escape '\\'`)
      }
      if (q.dateAfterUnix !== undefined) {
        query = query.where('created_at', '>=', sql<Date>`to_timestamp(${q.dateAfterUnix})`)
      }
      if (q.dateBeforeUnix !== undefined) {
        query = query.where('created_at', '<', sql<Date>`to_timestamp(${q.dateBeforeUnix})`)
      }
      return query
        .orderBy('created_at', q.direction)
        .orderBy('id', q.direction)
        .limit(q.limit + 1)
        .execute()
    },

    async find(workspaceId: string, id: string): Promise<HistoryItemRow | undefined> {
      return db
        .selectFrom('history_items')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    async findMany(workspaceId: string, ids: readonly string[]): Promise<HistoryItemRow[]> {
      if (ids.length === 0) return []
      return db
        .selectFrom('history_items')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', ids)
        .execute()
    },

    /** Deletes the row; returns it (for its storage key) or undefined when it was not there. */
    async remove(workspaceId: string, id: string): Promise<HistoryItemRow | undefined> {
      return db
        .deleteFrom('history_items')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
    },
  }
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>
