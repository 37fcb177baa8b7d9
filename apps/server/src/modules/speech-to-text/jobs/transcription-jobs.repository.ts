import { type Insertable, type Selectable, sql, type Transaction } from 'kysely'
import type { Database } from '../../../db/database.js'
import type { DB } from '../../../db/schema.js'
import { createHeldRunStore } from '../../../platform/jobs/held-run-store.js'
import type { SpeechToTextJobsTable } from './transcription-jobs.tables.js'

// Background transcriptions: one row per file, from queued to done or failed, with its percent.

export type TranscriptionJobRow = Selectable<SpeechToTextJobsTable>

/** How many of a workspace's jobs a list returns. */
const LIST_LIMIT = 100

export function createTranscriptionJobsRepository(db: Database) {
  return {
    /** The rows the runner holds; a dead run's row is taken over (its attempt counts). */
    held: createHeldRunStore<TranscriptionJobRow>(db, 'speech_to_text_jobs', { takeover: true }),

    /**
     * Inserts the row and enqueues it in one transaction, unless the workspace already has
     * `atOnce` files queued or running: then nothing is written and false comes back. The
     * workspace's lock makes two requests at the same moment count each other.
     */
    async insertWithin(
      row: Insertable<SpeechToTextJobsTable>,
      atOnce: number,
      enqueue: (trx: Transaction<DB>) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`speech-to-text-jobs:${row.workspace_id}`}))`.execute(
          trx,
        )
        const active = await trx
          .selectFrom('speech_to_text_jobs')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('workspace_id', '=', row.workspace_id)
          .where('status', 'in', ['queued', 'running'])
          .executeTakeFirstOrThrow()
        if (Number(active.n) >= atOnce) return false
        await trx.insertInto('speech_to_text_jobs').values(row).execute()
        await enqueue(trx)
        return true
      })
    },

    async find(workspaceId: string, id: string): Promise<TranscriptionJobRow | undefined> {
      return db
        .selectFrom('speech_to_text_jobs')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    /** The workspace's jobs still running and those that failed, newest first. */
    async listOpen(workspaceId: string): Promise<TranscriptionJobRow[]> {
      return db
        .selectFrom('speech_to_text_jobs')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('status', '!=', 'done')
        .orderBy('created_at', 'desc')
        .limit(LIST_LIMIT)
        .execute()
    },

    /** Counts a run of the held row; returns the runs so far, this one included. */
    async countAttempt(id: string, token: string): Promise<number> {
      const row = await db
        .updateTable('speech_to_text_jobs')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('worker_token', '=', token)
        .returning('attempts')
        .executeTakeFirst()
      return row?.attempts ?? Number.POSITIVE_INFINITY
    },

    /** Puts a held row back in the queue for another run, with whatever enqueues it. */
    async requeue(
      id: string,
      token: string,
      enqueue: (trx: Transaction<DB>) => Promise<void>,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const back = await trx
          .updateTable('speech_to_text_jobs')
          .set({ status: 'queued', worker_token: null, updated_at: new Date() })
          .where('id', '=', id)
          .where('worker_token', '=', token)
          .where('status', '=', 'running')
          .executeTakeFirst()
        if (Number(back.numUpdatedRows) > 0) await enqueue(trx)
      })
    },

    async finish(id: string): Promise<void> {
      await db
        .updateTable('speech_to_text_jobs')
        .set({ status: 'done', progress: 100, worker_token: null, updated_at: new Date() })
        .where('id', '=', id)
        .execute()
    },

    async fail(id: string, code: string, message: string): Promise<void> {
      await db
        .updateTable('speech_to_text_jobs')
        .set({
          status: 'failed',
          error_code: code,
          error_message: message,
          worker_token: null,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'running'])
        .execute()
    },

    /** Forgets a failed job (a running one stays: its run owns it). */
    async removeFailed(workspaceId: string, id: string): Promise<boolean> {
      const row = await db
        .deleteFrom('speech_to_text_jobs')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .returning('id')
        .executeTakeFirst()
      return row !== undefined
    },
  }
}

export type TranscriptionJobsRepository = ReturnType<typeof createTranscriptionJobsRepository>
