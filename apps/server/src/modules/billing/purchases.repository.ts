import type { Insertable, Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { CheckoutPurchaseRow, CheckoutPurchasesTable } from './purchases.tables.js'

/** One-off purchases: at most one live (open or paid) per thing bought. */
export function createPurchasesRepository(db: Database) {
  return {
    transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work)
    },
    /** The open or paid purchase of a thing, if any. */
    live(product: string, reference: string) {
      return db
        .selectFrom('checkout_purchases')
        .selectAll()
        .where('product', '=', product)
        .where('reference', '=', reference)
        .where('status', 'in', ['open', 'complete'])
        .executeTakeFirst()
    },
    /**
     * Opens a purchase; null when another live one was opened meanwhile (the unique index
     * keeps one per thing bought).
     */
    async insert(row: Insertable<CheckoutPurchasesTable>): Promise<CheckoutPurchaseRow | null> {
      const inserted = await db
        .insertInto('checkout_purchases')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['product', 'reference']).where('status', 'in', ['open', 'complete']).doNothing(),
        )
        .returningAll()
        .executeTakeFirst()
      return inserted ?? null
    },
    async setPage(id: string, page: { url: string; providerSessionId: string | null }) {
      await db
        .updateTable('checkout_purchases')
        .set({ url: page.url, provider_session_id: page.providerSessionId })
        .where('id', '=', id)
        .execute()
    },
    find(workspaceId: string, id: string) {
      return db
        .selectFrom('checkout_purchases')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },
    byId(id: string) {
      return db.selectFrom('checkout_purchases').selectAll().where('id', '=', id).executeTakeFirst()
    },
    lock(trx: Transaction<DB>, id: string) {
      return trx
        .selectFrom('checkout_purchases')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst()
    },
    /** Marks an open purchase paid; false when it was not open. */
    async complete(trx: Transaction<DB>, id: string, reference: string, at: Date): Promise<boolean> {
      const result = await trx
        .updateTable('checkout_purchases')
        .set({ status: 'complete', provider_reference: reference, completed_at: at })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },
    /** Marks an open purchase expired (its page can no longer be paid); false when it was not open. */
    async expire(id: string, executor: Database | Transaction<DB> = db): Promise<boolean> {
      const result = await executor
        .updateTable('checkout_purchases')
        .set({ status: 'expired' })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },
  }
}

export type PurchasesRepository = ReturnType<typeof createPurchasesRepository>
