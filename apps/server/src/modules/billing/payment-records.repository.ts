import type { Insertable, Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { PaymentRow, PaymentsTable } from './billing.tables.js'

type Executor = Database | Transaction<DB>

/** Payments: money moved, one row per (workspace, idempotency key). */
export function paymentQueries(db: Database) {
  return {
    findPayment(executor: Database | Transaction<DB>, workspaceId: string, key: string) {
      return executor
        .selectFrom('payments')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst()
    },

    /** Records money moved; the (workspace, key) index refuses a second row for one key. */
    async insertPayment(trx: Transaction<DB>, values: Insertable<PaymentsTable>): Promise<PaymentRow> {
      return trx.insertInto('payments').values(values).returningAll().executeTakeFirstOrThrow()
    },

    /** Upgrades asked of the provider whose answer was never applied (their process died). */
    processingUpgrades(executor: Executor, workspaceId: string): Promise<PaymentRow[]> {
      return executor
        .selectFrom('payments')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('kind', '=', 'upgrade')
        .where('status', '=', 'processing')
        .orderBy('created_at')
        .execute()
    },

    /** The provider's answer to a processing payment; false when it was completed before. */
    async completeProcessing(
      trx: Transaction<DB>,
      paymentId: string,
      result: { status: 'paid' | 'pending'; reference: string; at: Date },
    ): Promise<boolean> {
      const row = await trx
        .updateTable('payments')
        .set({
          status: result.status,
          provider_reference: result.reference,
          paid_at: result.status === 'paid' ? result.at : null,
        })
        .where('id', '=', paymentId)
        .where('status', '=', 'processing')
        .returning('id')
        .executeTakeFirst()
      return row !== undefined
    },

    /** A processing payment the provider refused: as if it had never been asked. */
    async dropProcessing(paymentId: string): Promise<void> {
      await db.deleteFrom('payments').where('id', '=', paymentId).where('status', '=', 'processing').execute()
    },

    listPayments(workspaceId: string): Promise<PaymentRow[]> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at', 'asc')
        .execute()
    },

    /** The workspace's payments, newest first (the invoices list). */
    recentPayments(workspaceId: string, limit: number): Promise<PaymentRow[]> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
    },

    /** Open invoices: charges that failed and are still owed, oldest first. */
    openInvoices(workspaceId: string, executor: Executor = db): Promise<PaymentRow[]> {
      return executor
        .selectFrom('payments')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('status', '=', 'open')
        .orderBy('created_at', 'asc')
        .execute()
    },

    async markPaid(trx: Transaction<DB>, paymentId: string, reference: string, at: Date): Promise<void> {
      await trx
        .updateTable('payments')
        .set({ status: 'paid', provider_reference: reference, paid_at: at })
        .where('id', '=', paymentId)
        .where('status', 'in', ['open', 'pending'])
        .execute()
    },

    /** The most recent payment still waiting for the provider's confirmation. */
    latestPending(trx: Transaction<DB>, workspaceId: string, kind: string) {
      return trx
        .selectFrom('payments')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('kind', '=', kind)
        .where('status', '=', 'pending')
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst()
    },

    /** Inserts a payment unless its key is already used; returns whether it was new. */
    async insertPaymentOnce(trx: Transaction<DB>, values: Insertable<PaymentsTable>): Promise<boolean> {
      const row = await trx
        .insertInto('payments')
        .values(values)
        .onConflict((oc) => oc.columns(['workspace_id', 'idempotency_key']).doNothing())
        .returning('id')
        .executeTakeFirst()
      return row !== undefined
    },
  }
}
