import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

const columns = [
  'permission_requests.id',
  'permission_requests.user_id',
  'permission_requests.permission',
  'permission_requests.message',
  'permission_requests.status',
  'permission_requests.created_at',
  'permission_requests.decided_at',
  'users.email',
  'users.first_name',
] as const

/** Permission requests of a workspace, and the one change a granted request makes. */
export function createPermissionRequestsRepository(db: Database) {
  const base = (executor: Database | Transaction<DB>) =>
    executor
      .selectFrom('permission_requests')
      .innerJoin('users', 'users.id', 'permission_requests.user_id')
      .select(columns)

  return {
    transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn)
    },

    findPending(workspaceId: string, userId: string, permission: string) {
      return base(db)
        .where('permission_requests.workspace_id', '=', workspaceId)
        .where('permission_requests.user_id', '=', userId)
        .where('permission_requests.permission', '=', permission)
        .where('permission_requests.status', '=', 'pending')
        .executeTakeFirst()
    },

    /** Inserts a pending request; an identical pending one (a double click) is kept instead. */
    async insert(row: {
      id: string
      workspaceId: string
      userId: string
      permission: string
      message: string | null
    }) {
      await db
        .insertInto('permission_requests')
        .values({
          id: row.id,
          workspace_id: row.workspaceId,
          user_id: row.userId,
          permission: row.permission,
          message: row.message,
        })
        .onConflict((oc) =>
          oc.columns(['workspace_id', 'user_id', 'permission']).where('status', '=', 'pending').doNothing(),
        )
        .execute()
    },

    list(workspaceId: string, options: { userId?: string; pendingOnly: boolean }) {
      let query = base(db).where('permission_requests.workspace_id', '=', workspaceId)
      if (options.userId) query = query.where('permission_requests.user_id', '=', options.userId)
      if (options.pendingOnly) query = query.where('permission_requests.status', '=', 'pending')
      return query.orderBy('permission_requests.created_at', 'desc').limit(100).execute()
    },

    lockOne(trx: Transaction<DB>, workspaceId: string, id: string) {
      return trx
        .selectFrom('permission_requests')
        .select(['id', 'user_id', 'permission', 'status'])
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
    },

    async decide(
      trx: Transaction<DB>,
      id: string,
      decision: { status: 'granted' | 'declined'; by: string; at: Date },
    ): Promise<void> {
      await trx
        .updateTable('permission_requests')
        .set({ status: decision.status, decided_by: decision.by, decided_at: decision.at })
        .where('id', '=', id)
        .execute()
    },

    /**
     * Granting admin access: the member becomes an admin of the workspace. Only an enabled
     * member is promoted; false when there is none (removed or locked since they asked).
     */
    async makeAdmin(trx: Transaction<DB>, workspaceId: string, userId: string): Promise<boolean> {
      const row = await trx
        .updateTable('workspace_members')
        .set({ role: 'admin' })
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', userId)
        .where('state', '=', 'enabled')
        .returning('user_id')
        .executeTakeFirst()
      return row !== undefined
    },
  }
}

export type PermissionRequestsRepository = ReturnType<typeof createPermissionRequestsRepository>
