import type { Insertable, Selectable, Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { createHeldRunStore } from '../../platform/jobs/held-run-store.js'
import type { ConvaiBatchCallsTable, ConvaiBatchRecipientsTable } from './telephony.tables.js'

export type BatchRow = Selectable<ConvaiBatchCallsTable>
export type RecipientRow = Selectable<ConvaiBatchRecipientsTable>
type Enqueue = (trx: Transaction<DB>, batchId: string) => Promise<void>

/** Writing batches and their recipients; a due batch is queued in the same transaction. */
function batchWrites(db: Database) {
  return {
    async create(
      batch: Insertable<ConvaiBatchCallsTable>,
      recipients: Array<{ id: string; phoneNumber: string; clientData: object | null }>,
      enqueue: Enqueue,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('convai_batch_calls').values(batch).execute()
        for (let i = 0; i < recipients.length; i += 500)
          await trx
            .insertInto('convai_batch_recipients')
            .values(
              recipients.slice(i, i + 500).map((r, j) => ({
                id: r.id,
                batch_id: batch.id,
                position: i + j,
                phone_number: r.phoneNumber,
                client_data: r.clientData ? JSON.stringify(r.clientData) : null,
                status: 'pending',
              })),
            )
            .execute()
        if (batch.status === 'queued') await enqueue(trx, batch.id)
      })
    },

    async setRecipient(
      id: string,
      patch: {
        status: string
        callSid?: string | null
        conversationId?: string | null
        error?: string | null
      },
    ) {
      await db
        .updateTable('convai_batch_recipients')
        .set((eb) => ({
          status: patch.status,
          updated_at: new Date(),
          attempts: patch.status === 'dispatched' ? eb('attempts', '+', 1) : eb.ref('attempts'),
          ...(patch.callSid !== undefined ? { call_sid: patch.callSid } : {}),
          ...(patch.conversationId !== undefined ? { conversation_id: patch.conversationId } : {}),
          ...(patch.error !== undefined ? { error: patch.error } : {}),
        }))
        .where('id', '=', id)
        .where('status', '!=', 'cancelled')
        .execute()
    },

    /** Ends the dispatch run that holds the batch; false when it was cancelled or taken over. */
    async finish(id: string, token: string, status: 'completed' | 'failed'): Promise<boolean> {
      const result = await db
        .updateTable('convai_batch_calls')
        .set({ status, progress: 100, worker_token: null, updated_at: new Date() })
        .where('id', '=', id)
        .where('worker_token', '=', token)
        .where('status', '=', 'running')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    /** Cancels an unfinished batch and the calls it has not placed; false when it had ended. */
    async cancel(workspaceId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('convai_batch_calls')
          .set({ status: 'cancelled', worker_token: null, updated_at: new Date() })
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', id)
          .where('status', 'in', ['pending', 'queued', 'running'])
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) === 0) return false
        await trx
          .updateTable('convai_batch_recipients')
          .set({ status: 'cancelled', updated_at: new Date() })
          .where('batch_id', '=', id)
          .where('status', '=', 'pending')
          .execute()
        return true
      })
    },

    /**
     * Sets the unanswered and errored calls back to pending and queues the batch; their count,
     * or 'running' while the batch has not ended (its calls are still being placed).
     */
    async retry(
      workspaceId: string,
      id: string,
      statuses: readonly string[],
      enqueue: Enqueue,
    ): Promise<number | 'running'> {
      return db.transaction().execute(async (trx) => {
        const batch = await trx
          .selectFrom('convai_batch_calls')
          .select('status')
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst()
        if (!batch) return 0
        if (['pending', 'queued', 'running'].includes(batch.status)) return 'running'
        const result = await trx
          .updateTable('convai_batch_recipients')
          .set({ status: 'pending', error: null, conversation_id: null, updated_at: new Date() })
          .where('batch_id', '=', id)
          .where('status', 'in', [...statuses])
          .executeTakeFirst()
        const count = Number(result.numUpdatedRows)
        if (count === 0) return 0
        await trx
          .updateTable('convai_batch_calls')
          .set((eb) => ({
            status: 'queued',
            progress: 0,
            worker_token: null,
            retry_count: eb('retry_count', '+', 1),
            updated_at: new Date(),
          }))
          .where('id', '=', id)
          .execute()
        await enqueue(trx, id)
        return count
      })
    },

    /** Scheduled batches whose time has come, set to queued and queued (each once). */
    async queueDue(now: Date, enqueue: Enqueue): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .updateTable('convai_batch_calls')
          .set({ status: 'queued', updated_at: new Date() })
          .where('status', '=', 'pending')
          .where('scheduled_at', '<=', now)
          .returning('id')
          .execute()
        for (const { id } of due) await enqueue(trx, id)
        return due.map((d) => d.id)
      })
    },
  }
}

function batchReads(db: Database) {
  return {
    find(workspaceId: string, id: string): Promise<BatchRow | undefined> {
      return db
        .selectFrom('convai_batch_calls')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    findById(id: string): Promise<BatchRow | undefined> {
      return db.selectFrom('convai_batch_calls').selectAll().where('id', '=', id).executeTakeFirst()
    },

    recipients(batchId: string, status?: string): Promise<RecipientRow[]> {
      let q = db.selectFrom('convai_batch_recipients').selectAll().where('batch_id', '=', batchId)
      if (status) q = q.where('status', '=', status)
      return q.orderBy('position').execute()
    },

    list(workspaceId: string, query: { agentId?: string | undefined; offset: number; limit: number }) {
      let q = db.selectFrom('convai_batch_calls').selectAll().where('workspace_id', '=', workspaceId)
      if (query.agentId) q = q.where('agent_id', '=', query.agentId)
      return q.orderBy('created_at', 'desc').orderBy('id').offset(query.offset).limit(query.limit).execute()
    },

    async counts(batchIds: string[]) {
      if (batchIds.length === 0) return []
      return db
        .selectFrom('convai_batch_recipients')
        .select(['batch_id', 'status', db.fn.countAll<number>().as('n')])
        .where('batch_id', 'in', batchIds)
        .groupBy(['batch_id', 'status'])
        .execute()
    },
  }
}

/** Batch calls and their recipients; a batch is held by one dispatch run while it places calls. */
export function createBatchCallsRepository(db: Database) {
  return {
    held: createHeldRunStore<BatchRow>(db, 'convai_batch_calls', { takeover: true }),
    ...batchWrites(db),
    ...batchReads(db),
  }
}

export type BatchCallsRepository = ReturnType<typeof createBatchCallsRepository>
