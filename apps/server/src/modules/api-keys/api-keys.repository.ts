import type { Database } from '../../db/database.js'
import type { ApiKeyRow } from './api-keys.tables.js'

export interface NewApiKey {
  id: string
  userId: string
  workspaceId: string
  name: string
  keyHash: string
  hint: string
  permissions: string[] | null
  characterLimit: number | null
}

export interface ApiKeyPatch {
  name?: string
  is_disabled?: boolean
  permissions?: string[] | null
  character_limit?: number | null
}

export function createApiKeysRepository(db: Database) {
  return {
    async insert(k: NewApiKey): Promise<void> {
      await db
        .insertInto('api_keys')
        .values({
          id: k.id,
          user_id: k.userId,
          workspace_id: k.workspaceId,
          name: k.name,
          key_hash: k.keyHash,
          hint: k.hint,
          permissions: k.permissions,
          character_limit: k.characterLimit,
        })
        .execute()
    },
    findByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
      return db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst()
    },
    listForUser(userId: string): Promise<ApiKeyRow[]> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute()
    },
    /** Scoped by owner: another user's key id is simply not found. */
    findForUser(userId: string, id: string): Promise<ApiKeyRow | undefined> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    },
    async update(userId: string, id: string, patch: ApiKeyPatch): Promise<ApiKeyRow | undefined> {
      return db
        .updateTable('api_keys')
        .set(patch)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst()
    },
    /** Every key of a workspace with its owner's address (people and service accounts). */
    listForWorkspace(workspaceId: string) {
      return db
        .selectFrom('api_keys')
        .leftJoin('users', 'users.id', 'api_keys.user_id')
        .leftJoin('service_accounts', 'service_accounts.user_id', 'api_keys.user_id')
        .selectAll('api_keys')
        .select(['users.email as owner_email', 'service_accounts.name as service_account_name'])
        .where('api_keys.workspace_id', '=', workspaceId)
        .orderBy('api_keys.created_at', 'desc')
        .orderBy('api_keys.id')
        .execute()
    },
    /** Disables the listed keys of one workspace; ids of other workspaces are left alone. */
    async disableInWorkspace(workspaceId: string, ids: string[]): Promise<number> {
      if (ids.length === 0) return 0
      const result = await db
        .updateTable('api_keys')
        .set({ is_disabled: true })
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', ids)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },
    async delete(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('api_keys')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return Number(result.numDeletedRows) === 1
    },
  }
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>
