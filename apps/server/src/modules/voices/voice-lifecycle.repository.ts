import { sql } from 'kysely'
import type { Database } from '../../db/database.js'
import { newId } from '../../lib/ids.js'
import type { NewVoice, NewVoiceSample } from './voices.tables.js'

/** A workspace voice made, given settings, and removed with its library copies in view. */
export function createVoiceLifecycleRepository(db: Database) {
  return {
    /**
     * A new workspace voice and its samples, in one transaction, unless the workspace already
     * holds `limit` voices. The workspace row is locked first, so two clones at once cannot
     * both take the last slot.
     */
    async createOwned(voice: NewVoice, samples: NewVoiceSample[], limit: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('workspaces')
          .select('id')
          .where('id', '=', voice.workspace_id as string)
          .forUpdate()
          .execute()
        const owned = await trx
          .selectFrom('voices')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('workspace_id', '=', voice.workspace_id as string)
          .executeTakeFirstOrThrow()
        if (Number(owned.n) >= limit) return false
        await trx.insertInto('voices').values(voice).execute()
        if (samples.length) await trx.insertInto('voice_samples').values(samples).execute()
        await trx
          .insertInto('voice_add_edits')
          .values({
            id: newId(),
            workspace_id: voice.workspace_id as string,
            voice_id: voice.id,
            kind: 'add',
          })
          .execute()
        return true
      })
    },

    async updateSettings(workspaceId: string, id: string, settings: unknown): Promise<boolean> {
      const result = await db
        .updateTable('voices')
        .set({ settings: JSON.stringify(settings), updated_at: new Date() })
        .where('id', '=', id)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** Deletes a workspace voice; returns the storage keys of its samples and previews. */
    /** Copies of a library voice kept by workspaces (their own rows point back at the original). */
    copiesOf(originalId: string) {
      return db
        .selectFrom('voices')
        .select(['id', 'workspace_id', 'name'])
        .where(sql<string>`sharing->>'original_voice_id'`, '=', originalId)
        .where('workspace_id', 'is not', null)
        .execute()
    },

    async remove(workspaceId: string, id: string): Promise<string[] | undefined> {
      return db.transaction().execute(async (trx) => {
        const samples = await trx
          .selectFrom('voice_samples')
          .select('storage_key')
          .where('voice_id', '=', id)
          .execute()
        const previews = await trx
          .selectFrom('voice_previews')
          .select('storage_key')
          .where('voice_id', '=', id)
          .execute()
        // A professional clone's samples and verification documents go with it (its rows cascade).
        const pvcSamples = await trx
          .selectFrom('pvc_samples')
          .select('storage_key')
          .where('voice_id', '=', id)
          .execute()
        const pvc = await trx
          .selectFrom('pvc_voices')
          .select('manual_verification')
          .where('voice_id', '=', id)
          .executeTakeFirst()
        const documents = (pvc?.manual_verification as { files?: Array<{ key: string }> } | null)?.files ?? []
        const deleted = await trx
          .deleteFrom('voices')
          .where('id', '=', id)
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirst()
        if (Number(deleted.numDeletedRows) !== 1) return undefined
        return [
          ...[...samples, ...previews, ...pvcSamples].map((r) => r.storage_key),
          ...documents.map((d) => d.key),
        ]
      })
    },
  }
}
