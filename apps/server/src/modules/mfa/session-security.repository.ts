import { sql } from 'kysely'
import type { Database } from '../../db/database.js'

/** The workspace's security settings, the caller's session activity, and members still without two-factor. */
export function sessionSecurityQueries(db: Database) {
  return {
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
