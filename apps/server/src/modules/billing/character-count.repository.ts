import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

type Executor = Database | Transaction<DB>

/** The workspace's character count: read, added to within the limit, given back. */
export function characterCountQueries(db: Database) {
  return {
    async characterCount(workspaceId: string, executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('subscriptions')
        .select('character_count')
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirstOrThrow()
      return row.character_count
    },

    /**
     * Adds `n` characters to the count only when the result stays within the limit plus
     * `allowance` (-1: no limit). Returns the new count, or null when it would not fit; a
     * conditional update, so parallel requests can never overdraw.
     */
    async addCharacters(
      trx: Transaction<DB>,
      workspaceId: string,
      n: number,
      allowance: number,
    ): Promise<number | null> {
      const row = await trx
        .updateTable('subscriptions')
        .set({ character_count: sql`character_count + ${n}`, updated_at: new Date() })
        .where('workspace_id', '=', workspaceId)
        .where((eb) =>
          allowance < 0
            ? eb.val(true)
            : eb(sql`character_count + ${n}`, '<=', sql`character_limit + ${allowance}`),
        )
        .returning(['character_count'])
        .executeTakeFirst()
      return row ? row.character_count : null
    },

    /** Gives characters back (never below zero). */
    async subtractCharacters(trx: Transaction<DB>, workspaceId: string, n: number): Promise<void> {
      if (n <= 0) return
      await trx
        .updateTable('subscriptions')
        .set({ character_count: sql`greatest(character_count - ${n}, 0)` })
        .where('workspace_id', '=', workspaceId)
        .execute()
    },
  }
}
