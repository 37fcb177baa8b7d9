import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

/** Promo code redemptions and the wrong-code attempts counted against guessing. */
export function createPromoCodesRepository(db: Database) {
  return {
    /** Whether this workspace or this person redeemed the code already. */
    async redeemedBy(code: string, workspaceId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('promo_code_redemptions')
        .select('code')
        .where('code', '=', code)
        .where((eb) => eb.or([eb('workspace_id', '=', workspaceId), eb('user_id', '=', userId)]))
        .executeTakeFirst()
      return row !== undefined
    },

    /**
     * Counts one redemption when the cap allows it, in the statement that checks the cap (so
     * concurrent redemptions cannot pass it together); false when the code is used up.
     */
    async takeRedemption(trx: Transaction<DB>, code: string): Promise<boolean> {
      const row = await trx
        .updateTable('promo_codes')
        .set({ redemptions: sql`redemptions + 1` })
        .where('code', '=', code)
        .where((eb) =>
          eb.or([eb('max_redemptions', 'is', null), eb('redemptions', '<', eb.ref('max_redemptions'))]),
        )
        .returning('code')
        .executeTakeFirst()
      return row !== undefined
    },

    /** Records who redeemed; false when the workspace or the person already had. */
    async recordRedemption(
      trx: Transaction<DB>,
      input: { code: string; workspaceId: string; userId: string; at: Date },
    ): Promise<boolean> {
      const row = await trx
        .insertInto('promo_code_redemptions')
        .values({
          code: input.code,
          workspace_id: input.workspaceId,
          user_id: input.userId,
          redeemed_at: input.at,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('code')
        .executeTakeFirst()
      return row !== undefined
    },

    /** Gives a redemption back (the payment it was for did not go through). */
    async releaseRedemption(code: string, workspaceId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('promo_code_redemptions')
          .where('code', '=', code)
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirst()
        if (Number(gone.numDeletedRows) === 0) return
        await trx
          .updateTable('promo_codes')
          .set({ redemptions: sql`greatest(redemptions - 1, 0)` })
          .where('code', '=', code)
          .execute()
      })
    },

    async recordFailure(userId: string, address: string): Promise<void> {
      await db.insertInto('promo_attempts').values({ user_id: userId, client_address: address }).execute()
    },

    /** Wrong codes since `since` by this account and from this address: counts and the oldest. */
    async recentFailures(userId: string, address: string, since: Date) {
      const count = (column: 'user_id' | 'client_address', value: string) =>
        db
          .selectFrom('promo_attempts')
          .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('at').as('first')])
          .where(column, '=', value)
          .where('at', '>', since)
          .executeTakeFirstOrThrow()
      const [byUser, byAddress] = await Promise.all([
        count('user_id', userId),
        count('client_address', address),
      ])
      const view = (r: { n: string | number; first: Date | string | null }) => ({
        count: Number(r.n),
        first: r.first === null ? null : new Date(r.first),
      })
      return { byUser: view(byUser), byAddress: view(byAddress) }
    },

    async deleteOldFailures(before: Date): Promise<void> {
      await db.deleteFrom('promo_attempts').where('at', '<=', before).execute()
    },
  }
}

export type PromoCodesRepository = ReturnType<typeof createPromoCodesRepository>
