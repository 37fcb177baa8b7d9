import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { GrantOfferRow, PaymentMethodRow } from './billing.tables.js'

type Executor = Database | Transaction<DB>

/** A workspace's saved card, and the grant offers a code redeems once. */
export function cardAndOfferQueries(db: Database) {
  return {
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
  }
}
