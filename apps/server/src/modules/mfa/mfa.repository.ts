import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

type Executor = Database | Transaction<DB>

/** Two-factor secrets, backup codes, second-step tokens, wrong-code counts, session activity. */
export function createMfaRepository(db: Database) {
  return {
    transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn)
    },

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

    /** What every signed-in request needs to know about the caller's workspace and session. */
    securityContext(workspaceId: string, userId: string, sessionId: string | null) {
      return db
        .selectFrom('workspaces')
        .leftJoin('user_totp', (join) =>
          join.on('user_totp.user_id', '=', userId).on('user_totp.confirmed_at', 'is not', null),
        )
        .leftJoin('sessions', (join) => join.on('sessions.id', '=', sessionId ?? ''))
        .leftJoin('session_activity', 'session_activity.session_id', 'sessions.id')
        .select([
          'workspaces.mfa_required_for_users',
          'workspaces.session_inactivity_timeout',
          'user_totp.confirmed_at as mfa_confirmed_at',
          'session_activity.last_active_at',
          // A session nobody has used yet was last active when it began.
          'sessions.created_at as session_started_at',
        ])
        .where('workspaces.id', '=', workspaceId)
        .executeTakeFirst()
    },

    async touchSession(sessionId: string, at: Date): Promise<void> {
      await db
        .insertInto('session_activity')
        .values({ session_id: sessionId, last_active_at: at })
        .onConflict((oc) => oc.column('session_id').doUpdateSet({ last_active_at: at }))
        .execute()
    },

    findWorkspaceSecurity(workspaceId: string) {
      return db
        .selectFrom('workspaces')
        .select(['id', 'mfa_required_for_users', 'session_inactivity_timeout'])
        .where('id', '=', workspaceId)
        .executeTakeFirst()
    },

    async updateWorkspaceSecurity(
      workspaceId: string,
      patch: { mfa_required_for_users?: boolean; session_inactivity_timeout?: number | null },
    ): Promise<void> {
      if (Object.keys(patch).length === 0) return
      await db.updateTable('workspaces').set(patch).where('id', '=', workspaceId).execute()
    },

    /** Enabled members of the workspace (service accounts left out) without confirmed two-factor. */
    membersWithoutMfa(workspaceId: string) {
      return db
        .selectFrom('workspace_members')
        .innerJoin('users', 'users.id', 'workspace_members.user_id')
        .leftJoin('user_totp', (join) =>
          join.onRef('user_totp.user_id', '=', 'users.id').on('user_totp.confirmed_at', 'is not', null),
        )
        .leftJoin('service_accounts', 'service_accounts.user_id', 'users.id')
        .select(['users.id as user_id', 'users.email', 'users.first_name', 'workspace_members.role'])
        .where('workspace_members.workspace_id', '=', workspaceId)
        .where('workspace_members.state', '=', 'enabled')
        .where('user_totp.user_id', 'is', null)
        .where('service_accounts.user_id', 'is', null)
        .orderBy(sql`lower(users.email)`)
        .execute()
    },
  }
}

export type MfaRepository = ReturnType<typeof createMfaRepository>
