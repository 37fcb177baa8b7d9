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

    async saveAccount(row: {
      user_id: string
      state: string
      provider_account_id: string
      updated_at: Date
    }) {
      await db
        .insertInto('payout_accounts')
        .values(row)
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ state: row.state, updated_at: row.updated_at }),
        )
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
     * Pays the whole balance (rewards earned less payouts made) when it reaches the minimum.
     * The account row is locked so two requests cannot pay the same balance twice.
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
          .executeTakeFirstOrThrow()
        const balance = earned.cents - paid.cents
        if (balance < minimumCents) return { paid: null, balance }
        const row = { id, user_id: userId, amount_cents: balance, status: 'paid', created_at: at }
        await trx.insertInto('payouts').values(row).execute()
        return { paid: row, balance: 0 }
      })
    },
  }
}

export type AffiliatesRepository = ReturnType<typeof createAffiliatesRepository>
