import { type Insertable, type Selectable, sql } from 'kysely'
import type { Database } from '../../db/database.js'
import type { AudioIsolationItemsTable } from './audio-isolation.tables.js'

export type IsolationItemRow = Selectable<AudioIsolationItemsTable>
export type NewIsolationItem = Insertable<AudioIsolationItemsTable>

/** LIKE pattern that matches `text` literally (escapes %, _ and the escape character). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export function createIsolationRepository(db: Database) {
  return {
    async insert(item: NewIsolationItem): Promise<void> {
      await db.insertInto('audio_isolation_items').values(item).execute()
    },

    /** Newest first; one more row than asked for tells whether there is a next page. */
    async list(
      workspaceId: string,
      q: { pageSize: number; page: number; search?: string | undefined },
    ): Promise<{ rows: IsolationItemRow[]; hasMore: boolean }> {
      let query = db.selectFrom('audio_isolation_items').selectAll().where('workspace_id', '=', workspaceId)
      if (q.search) query = query.where(sql<boolean>`title ilike ${containsPattern(q.search)} escape '\\'`)
      const rows = await query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(q.pageSize + 1)
        .offset((q.page - 1) * q.pageSize)
        .execute()
      return { rows: rows.slice(0, q.pageSize), hasMore: rows.length > q.pageSize }
    },

    async find(workspaceId: string, id: string): Promise<IsolationItemRow | undefined> {
      return db
        .selectFrom('audio_isolation_items')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    /** The deleted row (its audio is the caller's to remove), or undefined. */
    async delete(workspaceId: string, id: string): Promise<IsolationItemRow | undefined> {
      return db
        .deleteFrom('audio_isolation_items')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
    },
  }
}

export type IsolationRepository = ReturnType<typeof createIsolationRepository>
