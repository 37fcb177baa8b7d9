import type { Database } from '../../db/database.js'

export interface DefaultLocator {
  dictionaryId: string
  versionId: string | null
}

/** The workspace's default dictionaries, in the order their rules apply. */
export function createDictionaryDefaultsRepository(db: Database) {
  return {
    async defaults(workspaceId: string): Promise<DefaultLocator[]> {
      const rows = await db
        .selectFrom('workspace_pronunciation_defaults')
        .select(['dictionary_id', 'version_id'])
        .where('workspace_id', '=', workspaceId)
        .orderBy('position')
        .execute()
      return rows.map((r) => ({ dictionaryId: r.dictionary_id, versionId: r.version_id }))
    },

    async setDefaults(workspaceId: string, locators: DefaultLocator[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('workspace_pronunciation_defaults')
          .where('workspace_id', '=', workspaceId)
          .execute()
        if (locators.length === 0) return
        await trx
          .insertInto('workspace_pronunciation_defaults')
          .values(
            locators.map((l, position) => ({
              workspace_id: workspaceId,
              position,
              dictionary_id: l.dictionaryId,
              version_id: l.versionId,
            })),
          )
          .execute()
      })
    },
  }
}
