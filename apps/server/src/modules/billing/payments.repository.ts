import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { PromoCodeRow } from './billing.tables.js'
import { cardAndOfferQueries } from './cards-and-offers.repository.js'
import { checkoutSessionQueries } from './checkout-sessions.repository.js'
import { paymentQueries } from './payment-records.repository.js'

/** Checkout sessions, payments (money moved, one per idempotency key) and promo codes. */
export function createPaymentsRepository(db: Database) {
  return {
    db,
    ...checkoutSessionQueries(db),
    ...paymentQueries(db),
    ...cardAndOfferQueries(db),

    transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work)
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

    findPromo(code: string, executor: Database | Transaction<DB> = db): Promise<PromoCodeRow | undefined> {
      return executor.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst()
    },
  }
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>
