import type { Insertable, Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type {
  CheckoutSessionRow,
  CheckoutSessionsTable,
  DB,
  PaymentRow,
  PaymentsTable,
  PromoCodeRow,
} from '../../db/schema.js'

/** Checkout sessions, payments (money moved, one per idempotency key) and promo codes. */
export function createPaymentsRepository(db: Database) {
  return {
    transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work)
    },

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

    findPromo(code: string, executor: Database | Transaction<DB> = db): Promise<PromoCodeRow | undefined> {
      return executor.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst()
    },
  }
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>
