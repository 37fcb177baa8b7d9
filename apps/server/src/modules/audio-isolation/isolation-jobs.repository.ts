import type { Insertable, Selectable, Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { createHeldRunStore } from '../../platform/jobs/held-run-store.js'
import type { AudioIsolationJobsTable } from './audio-isolation.tables.js'

// Voice isolation jobs: one row per upload, from queued to done or failed, with its percent.

export type IsolationJobRow = Selectable<AudioIsolationJobsTable>

export function createIsolationJobsRepository(db: Database) {
  return {
    /** The rows the job runner holds (a dead run's row is failed, not taken over). */
    held: createHeldRunStore<IsolationJobRow>(db, 'audio_isolation_jobs', { takeover: false }),
    /** The row and, in the same transaction, whatever enqueues it (so neither exists alone). */
    async insert(
      row: Insertable<AudioIsolationJobsTable>,
      enqueue: (trx: Transaction<DB>) => Promise<void>,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('audio_isolation_jobs').values(row).execute()
        await enqueue(trx)
      })
    },

    async find(workspaceId: string, id: string): Promise<IsolationJobRow | undefined> {
      return db
        .selectFrom('audio_isolation_jobs')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    async findAny(id: string): Promise<IsolationJobRow | undefined> {
      return db.selectFrom('audio_isolation_jobs').selectAll().where('id', '=', id).executeTakeFirst()
    },

    async finish(id: string, historyItemId: string): Promise<void> {
      await db
        .updateTable('audio_isolation_jobs')
        .set({ status: 'done', progress: 100, history_item_id: historyItemId, updated_at: new Date() })
        .where('id', '=', id)
        .execute()
    },

    async fail(id: string, code: string, message: string): Promise<void> {
      await db
        .updateTable('audio_isolation_jobs')
        .set({ status: 'failed', error_code: code, error_message: message, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'running'])
        .execute()
    },
  }
}

export type IsolationJobsRepository = ReturnType<typeof createIsolationJobsRepository>
