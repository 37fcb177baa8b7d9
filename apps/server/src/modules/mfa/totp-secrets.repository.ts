import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

type Executor = Database | Transaction<DB>

/** A user's authenticator secret, the time steps it used, and the backup codes. */
export function totpQueries(db: Database) {
  return {
    findTotp(userId: string, executor: Executor = db) {
      return executor.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst()
    },

    /** A new, unconfirmed secret replaces an earlier unconfirmed one; a confirmed one is kept. */
    async startTotp(userId: string, secretSealed: string): Promise<boolean> {
      const row = await db
        .insertInto('user_totp')
        .values({ user_id: userId, secret_sealed: secretSealed })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({ secret_sealed: secretSealed, last_used_step: null, created_at: new Date() })
            .where('user_totp.confirmed_at', 'is', null),
        )
        .returning('user_id')
        .executeTakeFirst()
      return row !== undefined
    },

    /**
     * Takes a time step as used, only if it is newer than every step used before: a code
     * (and any older one) works once, even when two requests race.
     */
    async useStep(userId: string, step: number, executor: Executor = db): Promise<boolean> {
      const row = await executor
        .updateTable('user_totp')
        .set({ last_used_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
        .returning('user_id')
        .executeTakeFirst()
      return row !== undefined
    },

    async confirmTotp(trx: Transaction<DB>, userId: string, at: Date): Promise<void> {
      await trx.updateTable('user_totp').set({ confirmed_at: at }).where('user_id', '=', userId).execute()
    },

    async replaceBackupCodes(trx: Transaction<DB>, userId: string, hashes: string[]): Promise<void> {
      await trx.deleteFrom('user_backup_codes').where('user_id', '=', userId).execute()
      await trx
        .insertInto('user_backup_codes')
        .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
        .execute()
    },

    /** Marks a backup code used; false when it is unknown or was used already. */
    async useBackupCode(userId: string, hash: string, at: Date): Promise<boolean> {
      const row = await db
        .updateTable('user_backup_codes')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .returning('user_id')
        .executeTakeFirst()
      return row !== undefined
    },

    async unusedBackupCodes(userId: string): Promise<number> {
      const row = await db
        .selectFrom('user_backup_codes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    async removeTwoFactor(trx: Transaction<DB>, userId: string): Promise<void> {
      await trx.deleteFrom('user_backup_codes').where('user_id', '=', userId).execute()
      await trx.deleteFrom('user_totp').where('user_id', '=', userId).execute()
      await trx.deleteFrom('mfa_challenges').where('user_id', '=', userId).execute()
    },
  }
}
