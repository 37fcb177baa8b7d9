import type { Insertable, Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { CheckoutSessionRow, CheckoutSessionsTable } from './billing.tables.js'

/** Checkout sessions: opened once per idempotency key, locked while completed. */
export function checkoutSessionQueries(db: Database) {
  return {
    /**
     * Opens a session, or finds the one the same idempotency key opened before: the unique
     * index makes two concurrent calls with one key end with one session.
     */
    async openSession(values: Insertable<CheckoutSessionsTable>): Promise<CheckoutSessionRow> {
      const inserted = await db
        .insertInto('checkout_sessions')
        .values(values)
        .onConflict((oc) =>
          oc
            .columns(['workspace_id', 'idempotency_key'])
            .where('idempotency_key', 'is not', null)
            .doNothing(),
        )
        .returningAll()
        .executeTakeFirst()
      if (inserted) return inserted
      return db
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('workspace_id', '=', values.workspace_id)
        .where('idempotency_key', '=', values.idempotency_key ?? '')
        .executeTakeFirstOrThrow()
    },

    findSession(workspaceId: string, sessionId: string): Promise<CheckoutSessionRow | undefined> {
      return db
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('id', '=', sessionId)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst()
    },

    lockSession(trx: Transaction<DB>, workspaceId: string, sessionId: string) {
      return trx
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('id', '=', sessionId)
        .where('workspace_id', '=', workspaceId)
        .forUpdate()
        .executeTakeFirst()
    },

    async completeSession(trx: Transaction<DB>, sessionId: string, at: Date): Promise<void> {
      await trx
        .updateTable('checkout_sessions')
        .set({ status: 'complete', completed_at: at })
        .where('id', '=', sessionId)
        .where('status', '=', 'open')
        .execute()
    },

    async setSessionProviderId(sessionId: string, providerSessionId: string): Promise<void> {
      await db
        .updateTable('checkout_sessions')
        .set({ provider_session_id: providerSessionId })
        .where('id', '=', sessionId)
        .execute()
    },

    lockSessionById(trx: Transaction<DB>, sessionId: string) {
      return trx
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('id', '=', sessionId)
        .forUpdate()
        .executeTakeFirst()
    },
  }
}
