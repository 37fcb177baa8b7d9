import type { Insertable, Selectable, Transaction } from 'kysely'
import type { Database } from '../../../db/database.js'
import type { DB } from '../../../db/schema.js'
import { createHeldRunStore } from '../../../platform/jobs/held-run-store.js'
import type { StudioExportsTable } from './conversion.tables.js'

export type ExportRow = Selectable<StudioExportsTable>

/** Export jobs of Studio projects and chapters (the SQL of exports). */
export function createExportsRepository(db: Database) {
  return {
    /** The rows the job runner holds (a dead run's export is taken over). */
    held: createHeldRunStore<ExportRow>(db, 'studio_exports', { takeover: true }),
    /**
     * Records an export unless an identical one (same project, chapter and format) is queued or
     * running, in one transaction with the job's send; returns the export that stands.
     */
    async insertUnlessRunning(
      row: Insertable<StudioExportsTable>,
      enqueue: (trx: Transaction<DB>) => Promise<void>,
    ): Promise<{ row: ExportRow; created: boolean }> {
      return db.transaction().execute(async (trx) => {
        // One request at a time per project decides whether an identical export is running.
        await trx
          .selectFrom('studio_projects')
          .select('id')
          .where('id', '=', row.project_id)
          .forUpdate()
          .execute()
        let running = trx
          .selectFrom('studio_exports')
          .selectAll()
          .where('project_id', '=', row.project_id)
          .where('format', '=', row.format)
          .where('status', 'in', ['queued', 'running'])
        running =
          row.chapter_id == null
            ? running.where('chapter_id', 'is', null)
            : running.where('chapter_id', '=', row.chapter_id)
        const existing = await running.orderBy('created_at', 'desc').executeTakeFirst()
        if (existing) return { row: existing, created: false }
        const inserted = await trx
          .insertInto('studio_exports')
          .values(row)
          .returningAll()
          .executeTakeFirstOrThrow()
        await enqueue(trx)
        return { row: inserted, created: true }
      })
    },

    async find(id: string): Promise<ExportRow | undefined> {
      return db.selectFrom('studio_exports').selectAll().where('id', '=', id).executeTakeFirst()
    },

    async findInProject(projectId: string, id: string): Promise<ExportRow | undefined> {
      return db
        .selectFrom('studio_exports')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    async finish(
      id: string,
      token: string,
      file: {
        storage_key: string
        file_name: string
        content_type: string
        size_bytes: number
        loudness: { integrated_lufs: number; true_peak_db: number; rms_db: number }
      },
    ): Promise<boolean> {
      const result = await db
        .updateTable('studio_exports')
        .set({
          ...file,
          loudness: JSON.stringify(file.loudness),
          status: 'done',
          progress: 100,
          worker_token: null,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .where('worker_token', '=', token)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    /**
     * Removes the ended exports of the same kind (project, chapter, format) made before `row`,
     * returning the storage keys of their files.
     */
    async removeEarlier(row: ExportRow): Promise<string[]> {
      let query = db
        .deleteFrom('studio_exports')
        .where('project_id', '=', row.project_id)
        .where('format', '=', row.format)
        .where('status', 'in', ['done', 'failed'])
        .where('id', '<>', row.id)
        .where('created_at', '<=', row.created_at)
      query =
        row.chapter_id == null
          ? query.where('chapter_id', 'is', null)
          : query.where('chapter_id', '=', row.chapter_id)
      const removed = await query.returning('storage_key').execute()
      return removed.flatMap((r) => (r.storage_key ? [r.storage_key] : []))
    },

    /** The storage keys of every export file of a project. */
    async filesOf(projectId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('studio_exports')
        .select('storage_key')
        .where('project_id', '=', projectId)
        .where('storage_key', 'is not', null)
        .execute()
      return rows.flatMap((r) => (r.storage_key ? [r.storage_key] : []))
    },

    async fail(id: string, token: string, code: string, message: string): Promise<void> {
      await db
        .updateTable('studio_exports')
        .set({
          status: 'failed',
          error_code: code,
          error_message: message,
          worker_token: null,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .where('worker_token', '=', token)
        .execute()
    },
  }
}

export type ExportsRepository = ReturnType<typeof createExportsRepository>
