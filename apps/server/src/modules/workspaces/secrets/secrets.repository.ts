import type { Database } from '../../../db/database.js'

export interface SecretRow {
  id: string
  name: string
  created_at: Date
}

/** A workspace's secrets; the sealed value is written and replaced here, never selected. */
export function createSecretsRepository(db: Database) {
  return {
    list(workspaceId: string, search: string | undefined): Promise<SecretRow[]> {
      let query = db
        .selectFrom('workspace_secrets')
        .select(['id', 'name', 'created_at'])
        .where('workspace_id', '=', workspaceId)
      if (search) {
        const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        query = query.where((eb) => eb(eb.fn('lower', ['name']), 'like', pattern))
      }
      return query.orderBy('created_at').orderBy('id').execute()
    },

    find(workspaceId: string, id: string): Promise<SecretRow | undefined> {
      return db
        .selectFrom('workspace_secrets')
        .select(['id', 'name', 'created_at'])
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    /** The sealed value, for the one use that unseals it (an outbound request naming the secret). */
    async sealedValue(workspaceId: string, id: string): Promise<string | null> {
      const row = await db
        .selectFrom('workspace_secrets')
        .select('value_sealed')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return row?.value_sealed ?? null
    },

    /** False when the name is taken in the workspace (the unique index decides). */
    async insert(row: {
      id: string
      workspaceId: string
      name: string
      valueSealed: string
      createdBy: string
    }): Promise<boolean> {
      const result = await db
        .insertInto('workspace_secrets')
        .values({
          id: row.id,
          workspace_id: row.workspaceId,
          name: row.name,
          value_sealed: row.valueSealed,
          created_by: row.createdBy,
        })
        .onConflict((oc) => oc.columns(['workspace_id', 'name']).doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
    },

    /** 'taken' when another secret of the workspace has the name. */
    async update(
      workspaceId: string,
      id: string,
      patch: { name: string; valueSealed: string },
    ): Promise<'ok' | 'missing' | 'taken'> {
      const clash = await db
        .selectFrom('workspace_secrets')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('name', '=', patch.name)
        .where('id', '!=', id)
        .executeTakeFirst()
      if (clash) return 'taken'
      const result = await db
        .updateTable('workspace_secrets')
        .set({ name: patch.name, value_sealed: patch.valueSealed, updated_at: new Date() })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1 ? 'ok' : 'missing'
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('workspace_secrets')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(result.numDeletedRows) === 1
    },
  }
}

export type SecretsRepository = ReturnType<typeof createSecretsRepository>
