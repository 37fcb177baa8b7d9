import type { Database } from '../../db/database.js'
import type { ApiKeyRow } from '../../db/schema.js'

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
