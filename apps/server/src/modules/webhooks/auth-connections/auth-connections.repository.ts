import type { Database } from '../../../db/database.js'

const columns = [
  'id',
  'workspace_id',
  'name',
  'provider',
  'auth_type',
  'settings',
  'credentials_sealed',
  'status',
  'status_detail',
  'status_updated_at',
  'updated_at',
] as const

export function createAuthConnectionsRepository(db: Database) {
  return {
    list(workspaceId: string) {
      return db
        .selectFrom('auth_connections')
        .select(columns)
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    },

    find(workspaceId: string, id: string) {
      return db
        .selectFrom('auth_connections')
        .select(columns)
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    async insert(row: {
      id: string
      workspaceId: string
      name: string
      provider: string
      authType: string
      settings: Record<string, unknown>
      credentialsSealed: string
    }): Promise<void> {
      await db
        .insertInto('auth_connections')
        .values({
          id: row.id,
          workspace_id: row.workspaceId,
          name: row.name,
          provider: row.provider,
          auth_type: row.authType,
          settings: JSON.stringify(row.settings),
          credentials_sealed: row.credentialsSealed,
        })
        .execute()
    },

    async update(
      workspaceId: string,
      id: string,
      patch: { provider?: string; settings?: Record<string, unknown>; credentialsSealed?: string },
    ): Promise<void> {
      await db
        .updateTable('auth_connections')
        .set({
          ...(patch.provider !== undefined ? { provider: patch.provider } : {}),
          ...(patch.settings ? { settings: JSON.stringify(patch.settings) } : {}),
          ...(patch.credentialsSealed ? { credentials_sealed: patch.credentialsSealed } : {}),
          // New credentials deserve a new try: the status starts over.
          status: 'active',
          status_detail: null,
          status_updated_at: new Date(),
          updated_at: new Date(),
        })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .execute()
    },

    async setStatus(id: string, status: string, detail: string | null): Promise<void> {
      await db
        .updateTable('auth_connections')
        .set({ status, status_detail: detail, status_updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '!=', status)
        .execute()
    },

    /** False when a webhook still uses it (the foreign key restricts the delete). */
    async remove(workspaceId: string, id: string): Promise<'removed' | 'missing' | 'in_use'> {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .selectFrom('webhooks')
          .select('id')
          .where('auth_connection_id', '=', id)
          .executeTakeFirst()
        if (used) return 'in_use'
        const result = await trx
          .deleteFrom('auth_connections')
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', id)
          .executeTakeFirst()
        return Number(result.numDeletedRows) === 1 ? 'removed' : 'missing'
      })
    },
  }
}

export type AuthConnectionsRepository = ReturnType<typeof createAuthConnectionsRepository>
export type AuthConnectionRow = Awaited<ReturnType<AuthConnectionsRepository['list']>>[number]
