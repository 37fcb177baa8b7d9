import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

/** The second sign-in step: its one-use tokens and the count of wrong codes. */
export function secondStepQueries(db: Database) {
  return {
    async insertChallenge(row: {
      tokenHash: string
      userId: string
      expiresAt: Date
      workspaceId: string | null
    }): Promise<void> {
      await db
        .insertInto('mfa_challenges')
        .values({
          token_hash: row.tokenHash,
          user_id: row.userId,
          expires_at: row.expiresAt,
          workspace_id: row.workspaceId,
        })
        .execute()
    },

    findChallenge(tokenHash: string) {
      return db
        .selectFrom('mfa_challenges')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst()
    },

    /** Used up: true only for the one request that deleted it. */
    async takeChallenge(trx: Transaction<DB>, tokenHash: string): Promise<boolean> {
      const row = await trx
        .deleteFrom('mfa_challenges')
        .where('token_hash', '=', tokenHash)
        .returning('user_id')
        .executeTakeFirst()
      return row !== undefined
    },

    async deleteExpiredChallenges(now: Date): Promise<void> {
      await db.deleteFrom('mfa_challenges').where('expires_at', '<=', now).execute()
    },

    async recordFailure(userId: string): Promise<void> {
      await db.insertInto('mfa_failures').values({ user_id: userId, at: new Date() }).execute()
    },

    async recentFailures(userId: string, since: Date) {
      const row = await db
        .selectFrom('mfa_failures')
        .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('at').as('first')])
        .where('user_id', '=', userId)
        .where('at', '>', since)
        .executeTakeFirstOrThrow()
      return { count: Number(row.n), first: row.first ? new Date(row.first) : null }
    },

    async clearFailures(userId: string): Promise<void> {
      await db.deleteFrom('mfa_failures').where('user_id', '=', userId).execute()
    },

    async deleteOldFailures(before: Date): Promise<void> {
      await db.deleteFrom('mfa_failures').where('at', '<', before).execute()
    },
  }
}
