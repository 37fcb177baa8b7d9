import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

/** Deliveries: one row per event and receiver, with the result of its latest attempt. */
export function webhookDeliveryQueries(db: Database) {
  return {
    async insertDelivery(
      trx: Transaction<DB>,
      row: { id: string; webhookId: string | null; targetUrl?: string; eventType: string; body: string },
    ): Promise<void> {
      const now = new Date()
      await trx
        .insertInto('webhook_deliveries')
        .values({
          id: row.id,
          webhook_id: row.webhookId,
          target_url: row.targetUrl ?? null,
          event_type: row.eventType,
          body: row.body,
          created_at: now,
          updated_at: now,
        })
        .execute()
    },

    findDelivery(id: string) {
      return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst()
    },

    listDeliveries(webhookId: string, limit: number) {
      return db
        .selectFrom('webhook_deliveries')
        .select([
          'id',
          'event_type',
          'status',
          'attempts',
          'response_code',
          'duration_ms',
          'error',
          'created_at',
          'updated_at',
        ])
        .where('webhook_id', '=', webhookId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
    },

    async recordAttempt(
      id: string,
      attempt: {
        status: string
        attempts: number
        responseCode: number | null
        durationMs: number | null
        error: string | null
      },
    ): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({
          status: attempt.status,
          attempts: attempt.attempts,
          response_code: attempt.responseCode,
          duration_ms: attempt.durationMs,
          error: attempt.error,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute()
    },
  }
}
