import type { Database } from '../../db/database.js'

export interface SessionRecord {
  id: string
  userId: string
  accessTokenHash: string
  refreshTokenHash: string
  accessExpiresAt: Date
  refreshExpiresAt: Date
  userAgent: string | null
  /** The workspace a single sign-on session is held to; null for a session of the whole account. */
  workspaceId?: string | null
}

export function createSessionsRepository(db: Database) {
  return {
    async insert(s: SessionRecord): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          id: s.id,
          user_id: s.userId,
          access_token_hash: s.accessTokenHash,
          refresh_token_hash: s.refreshTokenHash,
          access_expires_at: s.accessExpiresAt,
          refresh_expires_at: s.refreshExpiresAt,
          user_agent: s.userAgent,
          workspace_id: s.workspaceId ?? null,
        })
        .execute()
    },

    findByAccessHash(hash: string) {
      return db
        .selectFrom('sessions')
        .select(['id', 'user_id', 'access_expires_at', 'workspace_id'])
        .where('access_token_hash', '=', hash)
        .executeTakeFirst()
    },

    findByRefreshHash(hash: string) {
      return db
        .selectFrom('sessions')
        .select(['id', 'user_id', 'refresh_expires_at', 'workspace_id'])
        .where('refresh_token_hash', '=', hash)
        .executeTakeFirst()
    },

    findById(id: string) {
      return db
        .selectFrom('sessions')
        .select(['id', 'user_id', 'refresh_token_hash'])
        .where('id', '=', id)
        .executeTakeFirst()
    },

    /** The session a refresh token was rotated away from, if it ever was. */
    findRetired(hash: string) {
      return db
        .selectFrom('retired_refresh_tokens')
        .select(['session_id', 'retired_at'])
        .where('token_hash', '=', hash)
        .executeTakeFirst()
    },

    /**
     * Rotates both tokens and remembers the old refresh token, in one transaction; returns false
     * when the old refresh token was used already (by a concurrent refresh).
     */
    async rotate(
      id: string,
      oldRefreshHash: string,
      next: {
        accessTokenHash: string
        refreshTokenHash: string
        accessExpiresAt: Date
        refreshExpiresAt: Date
      },
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('sessions')
          .set({
            access_token_hash: next.accessTokenHash,
            refresh_token_hash: next.refreshTokenHash,
            access_expires_at: next.accessExpiresAt,
            refresh_expires_at: next.refreshExpiresAt,
          })
          .where('id', '=', id)
          .where('refresh_token_hash', '=', oldRefreshHash)
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) !== 1) return false
        await trx
          .insertInto('retired_refresh_tokens')
          .values({ token_hash: oldRefreshHash, session_id: id })
          .execute()
        return true
      })
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute()
    },

    /**
     * Deletes sessions whose refresh token ran out before `before` (their retired tokens go
     * with them), and returns how many went.
     */
    async deleteExpired(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('refresh_expires_at', '<', before)
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    async deleteAllForUser(userId: string): Promise<void> {
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute()
    },
  }
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>
