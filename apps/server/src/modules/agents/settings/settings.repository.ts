import type { Database } from '../../../db/database.js'

/** The workspace's conversational AI settings, one JSON document per workspace. */
export function createConvaiSettingsRepository(db: Database) {
  return {
    async get(workspaceId: string): Promise<Record<string, unknown> | null> {
      const row = await db
        .selectFrom('convai_settings')
        .select('settings')
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst()
      return row?.settings ?? null
    },

    async put(workspaceId: string, settings: object): Promise<void> {
      const value = JSON.stringify(settings)
      await db
        .insertInto('convai_settings')
        .values({ workspace_id: workspaceId, settings: value })
        .onConflict((oc) =>
          oc.column('workspace_id').doUpdateSet({ settings: value, updated_at: new Date() }),
        )
        .execute()
    },
  }
}

export type ConvaiSettingsRepository = ReturnType<typeof createConvaiSettingsRepository>
