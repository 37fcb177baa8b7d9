import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { ActionCodePurpose } from './accounts.tables.js'

type Executor = Database | Transaction<DB>

/** One-time codes sent by mail, kept as hashes until used or expired. */
export function createActionCodesRepository(db: Database) {
  return {
    async deleteActionCodesExpiredBefore(before: Date): Promise<number> {
      const result = await db.deleteFrom('action_codes').where('expires_at', '<', before).executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    async insertActionCode(
      executor: Executor,
      code: { codeHash: string; purpose: ActionCodePurpose; userId: string; email: string; expiresAt: Date },
    ): Promise<void> {
      await executor
        .insertInto('action_codes')
        .values({
          code_hash: code.codeHash,
          purpose: code.purpose,
          user_id: code.userId,
          email: code.email,
          expires_at: code.expiresAt,
        })
        .execute()
    },

    /** When the user was last sent a code for `purpose`; null when never. */
    async lastActionCodeAt(userId: string, purpose: ActionCodePurpose): Promise<Date | null> {
      const row = await db
        .selectFrom('action_codes')
        .select((eb) => eb.fn.max('created_at').as('at'))
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .executeTakeFirst()
      return row?.at ? new Date(row.at) : null
    },

    findActionCode(executor: Executor, codeHash: string, purpose: ActionCodePurpose) {
      return executor
        .selectFrom('action_codes')
        .selectAll()
        .where('code_hash', '=', codeHash)
        .where('purpose', '=', purpose)
        .forUpdate()
        .executeTakeFirst()
    },

    async markActionCodeUsed(trx: Transaction<DB>, codeHash: string): Promise<void> {
      await trx
        .updateTable('action_codes')
        .set({ used_at: new Date() })
        .where('code_hash', '=', codeHash)
        .execute()
    },
  }
}
