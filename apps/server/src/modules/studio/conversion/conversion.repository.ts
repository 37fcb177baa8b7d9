import { type Insertable, type Selectable, sql, type Transaction } from 'kysely'
import type { Database } from '../../../db/database.js'
import type { DB } from '../../../db/schema.js'
import { createHeldRunStore } from '../../../platform/jobs/held-run-store.js'
import { createBlockAudioRepository } from './block-audio.repository.js'
import { createBlockTakesRepository } from './block-takes.repository.js'
import type { StudioConversionsTable } from './conversion.tables.js'
import { createSnapshotsRepository } from './snapshots.repository.js'

export type ConversionRow = Selectable<StudioConversionsTable>
export type { BlockAudioRow } from './block-audio.repository.js'
export type { SnapshotRow } from './snapshots.repository.js'

/** Conversions, block audio and snapshots of Studio projects (the SQL of the conversion). */
export function createConversionRepository(db: Database) {
  return {
    ...createBlockAudioRepository(db),
    ...createBlockTakesRepository(db),
    ...createSnapshotsRepository(db),
    /** The rows the job runner holds (a dead run's conversion is taken over). */
    held: createHeldRunStore<ConversionRow>(db, 'studio_conversions', { takeover: true }),
    /**
     * Records a conversion and marks its chapters queued, in one transaction with the job's
     * send; refused (false) when one of the chapters is already queued or converting.
     */
    async insert(
      row: Insertable<StudioConversionsTable>,
      chapterIds: string[],
      enqueue: (trx: Transaction<DB>) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('studio_projects')
          .select('id')
          .where('id', '=', row.project_id)
          .forUpdate()
          .execute()
        const busy = await trx
          .selectFrom('studio_chapters')
          .select('id')
          .where('id', 'in', chapterIds)
          .where('conversion_state', 'in', ['queued', 'converting'])
          .executeTakeFirst()
        if (busy) return false
        await trx.insertInto('studio_conversions').values(row).execute()
        await trx
          .updateTable('studio_chapters')
          .set({ conversion_state: 'queued', conversion_progress: 0, last_conversion_error: null })
          .where('id', 'in', chapterIds)
          .execute()
        await enqueue(trx)
        return true
      })
    },

    async find(id: string): Promise<ConversionRow | undefined> {
      return db.selectFrom('studio_conversions').selectAll().where('id', '=', id).executeTakeFirst()
    },

    async findInProject(projectId: string, id: string): Promise<ConversionRow | undefined> {
      return db
        .selectFrom('studio_conversions')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    async finish(id: string, token: string): Promise<void> {
      await db
        .updateTable('studio_conversions')
        .set({ status: 'done', progress: 100, worker_token: null, updated_at: new Date() })
        .where('id', '=', id)
        .where('worker_token', '=', token)
        .execute()
    },

    async fail(id: string, code: string, message: string): Promise<void> {
      await db
        .updateTable('studio_conversions')
        .set({
          status: 'failed',
          error_code: code,
          error_message: message,
          worker_token: null,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute()
    },

    async chapterProgress(chapterId: string, state: string, percent: number): Promise<void> {
      await db
        .updateTable('studio_chapters')
        .set({ conversion_state: state, conversion_progress: percent })
        .where('id', '=', chapterId)
        .execute()
    },

    /** A converting chapter's percent; never lowered (a resumed run starts counting again). */
    async chapterAdvanced(chapterId: string, percent: number): Promise<void> {
      await db
        .updateTable('studio_chapters')
        .set((eb) => ({
          conversion_state: 'converting',
          conversion_progress: sql<number>`greatest(${eb.ref('conversion_progress')}, ${percent})`,
        }))
        .where('id', '=', chapterId)
        .execute()
    },

    async chapterConverted(chapterId: string, at: Date): Promise<void> {
      await db
        .updateTable('studio_chapters')
        .set({
          conversion_state: 'converted',
          conversion_progress: 100,
          last_conversion_at: at,
          last_conversion_error: null,
        })
        .where('id', '=', chapterId)
        .execute()
    },

    async chaptersFailed(chapterIds: string[], message: string): Promise<void> {
      if (chapterIds.length === 0) return
      await db
        .updateTable('studio_chapters')
        .set({ conversion_state: 'failed', last_conversion_error: message })
        .where('id', 'in', chapterIds)
        .where('conversion_state', 'in', ['queued', 'converting'])
        .execute()
    },

    async projectConverted(projectId: string, at: Date): Promise<void> {
      await db
        .updateTable('studio_projects')
        .set({ last_conversion_at: at })
        .where('id', '=', projectId)
        .execute()
    },

    async setDictionaries(projectId: string, locators: unknown[]): Promise<void> {
      await db
        .updateTable('studio_projects')
        .set((eb) => ({
          pronunciation_dictionary_locators: JSON.stringify(locators),
          version: eb('version', '+', 1),
          updated_at: new Date(),
        }))
        .where('id', '=', projectId)
        .execute()
    },
  }
}

export type ConversionRepository = ReturnType<typeof createConversionRepository>
