import type { Insertable, Selectable } from 'kysely'
import type { Database } from '../../db/database.js'
import type { GeneratedVoicePreviewsTable } from './voice-design.tables.js'

export type PreviewRow = Selectable<GeneratedVoicePreviewsTable>
export type NewPreview = Insertable<GeneratedVoicePreviewsTable>

/** Generated voice previews (design and remix): a workspace reads only its own. */
export function createVoiceDesignRepository(db: Database) {
  return {
    async insertMany(rows: NewPreview[]): Promise<void> {
      if (rows.length) await db.insertInto('generated_voice_previews').values(rows).execute()
    },

    /** A workspace's preview that has not expired. */
    async find(workspaceId: string, id: string, now: Date): Promise<PreviewRow | undefined> {
      return db
        .selectFrom('generated_voice_previews')
        .selectAll()
        .where('id', '=', id)
        .where('workspace_id', '=', workspaceId)
        .where('expires_at', '>', now)
        .executeTakeFirst()
    },

    /** Removes up to `limit` expired previews; returns their audio storage keys. */
    async deleteExpired(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('generated_voice_previews')
        .select(['id', 'storage_key'])
        .where('expires_at', '<=', now)
        .limit(limit)
        .execute()
      if (!rows.length) return []
      await db
        .deleteFrom('generated_voice_previews')
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
      return rows.map((r) => r.storage_key)
    },
  }
}

export type VoiceDesignRepository = ReturnType<typeof createVoiceDesignRepository>
