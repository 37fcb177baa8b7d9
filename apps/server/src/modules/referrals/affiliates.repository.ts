import { sql } from 'kysely'
import type { Database } from '../../db/database.js'

/** Affiliates, the payout account and its payouts. */
export function createAffiliatesRepository(db: Database) {
  return {
    affiliate(userId: string) {
      return db.selectFrom('affiliates').selectAll().where('user_id', '=', userId).executeTakeFirst()
    },

    /** False when the user had already joined. */
    async join(row: {
      user_id: string
      website: string
      audience: string
      joined_at: Date
    }): Promise<boolean> {
      const done = await db
        .insertInto('affiliates')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst()
      return done !== undefined
    },

    payoutAccount(userId: string) {
      return db.selectFrom('payout_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst()
    },

    /** The account a provider knows by this id. */
    payoutAccountAt(provider: string, providerAccountId: string) {
      return db
        .selectFrom('payout_accounts')
        .selectAll()
        .where('provider', '=', provider)
        .where('provider_account_id', '=', providerAccountId)
        .executeTakeFirst()
    },

    async saveAccount(row: {
      user_id: string
      provider: string
      state: string
      paused: boolean
      provider_account_id: string
      updated_at: Date
    }) {
      const { user_id: _user, ...changes } = row
      await db
        .insertInto('payout_accounts')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
        .execute()
    },

    /** Payouts sent whose answer never came (a crash, a lost connection). */
    pendingPayouts(userId: string) {
      return db
        .selectFrom('payouts')
        .select(['id', 'amount_cents'])
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .orderBy('created_at')
        .execute()
    },

    /** The provider's answer: paid (with its transfer), or failed (the amount is back in the balance). */
    async settlePayout(id: string, status: 'paid' | 'failed', transferId: string | null) {
      await db
        .updateTable('payouts')
        .set({ status, provider_transfer_id: transferId })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute()
    },

    payouts(userId: string) {
      return db
        .selectFrom('payouts')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute()
    },

    /**
     * Writes a pending payout of the whole balance (rewards earned less payouts not failed) when
     * it reaches the minimum. The account row is locked so two requests cannot take the same
     * balance twice.
     */
    async payBalance(userId: string, id: string, minimumCents: number, at: Date) {
      return db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('payout_accounts')
          .select('user_id')
          .where('user_id', '=', userId)
          .forUpdate()
          .execute()
        const earned = await trx
          .selectFrom('referral_rewards')
          .select(sql<number>`coalesce(sum(amount_cents), 0)::int`.as('cents'))
          .where('referrer_user_id', '=', userId)
          .executeTakeFirstOrThrow()
        const paid = await trx
          .selectFrom('payouts')
          .select(sql<number>`coalesce(sum(amount_cents), 0)::int`.as('cents'))
          .where('user_id', '=', userId)
          .where('status', '!=', 'failed')
          .executeTakeFirstOrThrow()
        const balance = earned.cents - paid.cents
        if (balance < minimumCents) return { paid: null, balance }
        const row = { id, user_id: userId, amount_cents: balance, status: 'pending', created_at: at }
        await trx.insertInto('payouts').values(row).execute()
        return { paid: row, balance: 0 }
      })
    },
  }
}

export type AffiliatesRepository = ReturnType<typeof createAffiliatesRepository>
