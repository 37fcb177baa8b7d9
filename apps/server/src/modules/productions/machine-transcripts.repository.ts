import type { Selectable, Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { createHeldRunStore } from '../../platform/jobs/held-run-store.js'
import type { ProductionMachineTranscriptsTable } from './productions.tables.js'

export type MachineTranscriptRow = Selectable<ProductionMachineTranscriptsTable>

/** The machine transcripts of file orders: queued at payment, held while made, then done or failed. */
export function createMachineTranscriptsRepository(db: Database) {
  return {
    held: createHeldRunStore<MachineTranscriptRow>(db, 'production_machine_transcripts', { takeover: true }),

    /**
     * Queues a machine transcript for each of the order's files that has none yet, in the
     * payment's transaction; the ids queued (a repeat queues nothing twice).
     */
    async queueFor(orderId: string, trx: Transaction<DB>): Promise<string[]> {
      const media = await trx
        .selectFrom('production_media')
        .select(['id', 'workspace_id'])
        .where('order_id', '=', orderId)
        .where('storage_key', 'is not', null)
        .where('transcript_id', 'is', null)
        .execute()
      if (media.length === 0) return []
      const inserted = await trx
        .insertInto('production_machine_transcripts')
        .values(media.map((m) => ({ id: m.id, order_id: orderId, workspace_id: m.workspace_id })))
        .onConflict((c) => c.column('id').doNothing())
        .returning('id')
        .execute()
      return inserted.map((row) => row.id)
    },

    async countAttempt(id: string, token: string): Promise<number> {
      const row = await db
        .updateTable('production_machine_transcripts')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('worker_token', '=', token)
        .returning('attempts')
        .executeTakeFirst()
      return row?.attempts ?? Number.POSITIVE_INFINITY
    },

    /** The media now has its transcript, and the run ends, together; false when taken over. */
    async finish(id: string, token: string, transcriptId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const ended = await trx
          .updateTable('production_machine_transcripts')
          .set({ status: 'done', progress: 100, worker_token: null, error: null, updated_at: new Date() })
          .where('id', '=', id)
          .where('worker_token', '=', token)
          .where('status', '=', 'running')
          .executeTakeFirst()
        if (Number(ended.numUpdatedRows) === 0) return false
        await trx
          .updateTable('production_media')
          .set({ transcript_id: transcriptId })
          .where('id', '=', id)
          .where('transcript_id', 'is', null)
          .execute()
        return true
      })
    },

    async fail(id: string, token: string, error: string): Promise<void> {
      await db
        .updateTable('production_machine_transcripts')
        .set({ status: 'failed', worker_token: null, error, updated_at: new Date() })
        .where('id', '=', id)
        .where('worker_token', '=', token)
        .execute()
    },

    /** Sets a failed run's row back to queued for one more run. */
    async requeue(id: string, token: string): Promise<void> {
      await db
        .updateTable('production_machine_transcripts')
        .set({ status: 'queued', worker_token: null, updated_at: new Date() })
        .where('id', '=', id)
        .where('worker_token', '=', token)
        .execute()
    },

    /** The state of the machine transcripts of these media (absent: none is being made). */
    async states(ids: readonly string[]) {
      if (ids.length === 0) return []
      return db
        .selectFrom('production_machine_transcripts')
        .select(['id', 'status', 'progress', 'error'])
        .where('id', 'in', ids)
        .execute()
    },
  }
}

export type MachineTranscriptsRepository = ReturnType<typeof createMachineTranscriptsRepository>
