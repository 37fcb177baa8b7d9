import type { Insertable, Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type {
  CheckoutSessionRow,
  CheckoutSessionsTable,
  GrantOfferRow,
  PaymentMethodRow,
  PaymentRow,
  PaymentsTable,
  PromoCodeRow,
} from './billing.tables.js'

type Executor = Database | Transaction<DB>

/** Checkout sessions, payments (money moved, one per idempotency key) and promo codes. */
export function createPaymentsRepository(db: Database) {
  return {
    db,

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

    findCard(workspaceId: string, executor: Executor = db): Promise<PaymentMethodRow | undefined> {
      return executor
        .selectFrom('payment_methods')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst()
    },

    /** Keeps a workspace's card (one per workspace: a new card replaces the old one). */
    async saveCard(
      card: {
        workspaceId: string
        provider: string
        brand: string
        last4: string
        declines: boolean
        reference: string | null
        at: Date
      },
      executor: Executor = db,
    ): Promise<void> {
      const values = {
        provider: card.provider,
        brand: card.brand,
        last4: card.last4,
        declines: card.declines,
        provider_reference: card.reference,
        verified_at: null,
        updated_at: card.at,
      }
      await executor
        .insertInto('payment_methods')
        .values({ workspace_id: card.workspaceId, created_at: card.at, ...values })
        .onConflict((oc) => oc.column('workspace_id').doUpdateSet(values))
        .execute()
    },

    async markCardVerified(workspaceId: string, at: Date): Promise<void> {
      await db
        .updateTable('payment_methods')
        .set({ verified_at: at })
        .where('workspace_id', '=', workspaceId)
        .execute()
    },

    lockGrantOffer(trx: Transaction<DB>, code: string): Promise<GrantOfferRow | undefined> {
      return trx
        .selectFrom('grant_offers')
        .selectAll()
        .where('code', '=', code)
        .forUpdate()
        .executeTakeFirst()
    },

    findGrantOffer(code: string): Promise<GrantOfferRow | undefined> {
      return db.selectFrom('grant_offers').selectAll().where('code', '=', code).executeTakeFirst()
    },

    async redeemGrantOffer(trx: Transaction<DB>, code: string, workspaceId: string, at: Date) {
      await trx
        .updateTable('grant_offers')
        .set({ redeemed_workspace_id: workspaceId, redeemed_at: at })
        .where('code', '=', code)
        .execute()
    },

    /**
     * Records a provider event as applied, in the transaction that applies it. false: it was
     * applied before (a replay), and the caller must change nothing.
     */
    async claimEvent(
      trx: Transaction<DB>,
      provider: string,
      eventId: string,
      type: string,
    ): Promise<boolean> {
      const row = await trx
        .insertInto('billing_events')
        .values({ provider, event_id: eventId, type })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst()
      return row !== undefined
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

    findPromo(code: string, executor: Database | Transaction<DB> = db): Promise<PromoCodeRow | undefined> {
      return executor.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst()
    },
  }
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>
