import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

/** Pending email changes (code to the new address) and revert codes (to the old one). */
export function createEmailChangesRepository(db: Database) {
  return {
    async savePending(
      trx: Transaction<DB>,
      row: { user_id: string; new_email: string; code_hash: string; expires_at: Date },
    ): Promise<void> {
      await trx
        .insertInto('email_changes')
        .values(row)
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            new_email: row.new_email,
            code_hash: row.code_hash,
            expires_at: row.expires_at,
            attempts: 0,
          }),
        )
        .execute()
    },

    pending(userId: string) {
      return db.selectFrom('email_changes').selectAll().where('user_id', '=', userId).executeTakeFirst()
    },

    async countAttempt(userId: string): Promise<void> {
      await db
        .updateTable('email_changes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('user_id', '=', userId)
        .execute()
    },

    async clearPending(executor: Database | Transaction<DB>, userId: string): Promise<void> {
      await executor.deleteFrom('email_changes').where('user_id', '=', userId).execute()
    },

    async saveRevert(
      trx: Transaction<DB>,
      row: { code_hash: string; user_id: string; old_email: string; new_email: string; expires_at: Date },
    ): Promise<void> {
      await trx.insertInto('email_reverts').values(row).execute()
    },

    /** Marks a live revert code used and returns it; undefined when unknown, used or expired. */
    async takeRevert(trx: Transaction<DB>, codeHash: string, now: Date) {
      return trx
        .updateTable('email_reverts')
        .set({ used_at: now })
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst()
    },
  }
}

export type EmailChangesRepository = ReturnType<typeof createEmailChangesRepository>
