import type { Insertable, Selectable, Transaction, Updateable } from 'kysely'
import { sql } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { AudioNativeProjectsTable } from './audio-native.tables.js'
import { createAudioNativeConversionRepository } from './audio-native-conversion.repository.js'
import { createAudioNativePlaysRepository } from './audio-native-plays.repository.js'

// Audio Native players and their plays. Every lookup by a caller names the workspace; the
// public player looks a project up by id alone and then checks the page against its allowlist.

export type AudioNativeRow = Selectable<AudioNativeProjectsTable>
export type NewAudioNativeRow = Insertable<AudioNativeProjectsTable>
export { conversionRunId } from './audio-native-conversion.repository.js'

export function createAudioNativeRepository(db: Database) {
  return {
    ...createAudioNativeConversionRepository(db),
    ...createAudioNativePlaysRepository(db),
    /** The row and, in the same transaction, whatever enqueues its conversion. */
    async insert(row: NewAudioNativeRow, enqueue: (trx: Transaction<DB>) => Promise<void>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('audio_native_projects').values(row).execute()
        await enqueue(trx)
      })
    },

    async find(workspaceId: string, id: string): Promise<AudioNativeRow | undefined> {
      return db
        .selectFrom('audio_native_projects')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    async findAny(id: string): Promise<AudioNativeRow | undefined> {
      return db.selectFrom('audio_native_projects').selectAll().where('id', '=', id).executeTakeFirst()
    },

    async findByPageUrl(workspaceId: string, pageUrl: string): Promise<AudioNativeRow | undefined> {
      return db
        .selectFrom('audio_native_projects')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('page_url', '=', pageUrl)
        .orderBy('created_at', 'desc')
        .executeTakeFirst()
    },

    async list(workspaceId: string): Promise<AudioNativeRow[]> {
      return db
        .selectFrom('audio_native_projects')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at', 'desc')
        .limit(500)
        .execute()
    },

    async update(id: string, changes: Updateable<AudioNativeProjectsTable>): Promise<void> {
      await db
        .updateTable('audio_native_projects')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', id)
        .execute()
    },

    /**
     * New content: a new audio version, and, in the same transaction, its conversion job
     * (or none, when the caller converts later). Returns the new version.
     */
    async replaceContent(
      id: string,
      changes: Updateable<AudioNativeProjectsTable>,
      enqueue: ((trx: Transaction<DB>, version: number) => Promise<void>) | null,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('audio_native_projects')
          .set({ ...changes, audio_version: sql`audio_version + 1`, updated_at: new Date() })
          .where('id', '=', id)
          .returning('audio_version')
          .executeTakeFirstOrThrow()
        if (enqueue) await enqueue(trx, row.audio_version)
        return row.audio_version
      })
    },

    async delete(workspaceId: string, id: string): Promise<AudioNativeRow | undefined> {
      return db
        .deleteFrom('audio_native_projects')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
    },
  }
}

export type AudioNativeRepository = ReturnType<typeof createAudioNativeRepository>
