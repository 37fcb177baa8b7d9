import type { Insertable } from 'kysely'
import type { Database } from '../../db/database.js'
import type { GrantOfferRow, GrantOffersTable, PromoCodeRow, PromoCodesTable } from './billing.tables.js'

/** The offers an operator issues: promo codes and grant offers. */
export function createOperatorOffersRepository(db: Database) {
  return {
    /** Inserts a promo code; undefined when the code is already taken. */
    insertPromo(values: Insertable<PromoCodesTable>): Promise<PromoCodeRow | undefined> {
      return db
        .insertInto('promo_codes')
        .values(values)
        .onConflict((oc) => oc.column('code').doNothing())
        .returningAll()
        .executeTakeFirst()
    },

    /** Promo codes in code order, from the one after `after` when given. */
    listPromos(limit: number, after?: string): Promise<PromoCodeRow[]> {
      let query = db.selectFrom('promo_codes').selectAll()
      if (after) query = query.where('code', '>', after)
      return query.orderBy('code', 'asc').limit(limit).execute()
    },

    findPromo(code: string): Promise<PromoCodeRow | undefined> {
      return db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst()
    },

    async deletePromo(code: string): Promise<boolean> {
      const row = await db
        .deleteFrom('promo_codes')
        .where('code', '=', code)
        .returning('code')
        .executeTakeFirst()
      return row !== undefined
    },

    insertGrantOffer(values: Insertable<GrantOffersTable>): Promise<GrantOfferRow | undefined> {
      return db
        .insertInto('grant_offers')
        .values(values)
        .onConflict((oc) => oc.column('code').doNothing())
        .returningAll()
        .executeTakeFirst()
    },

    listGrantOffers(limit: number, after?: string): Promise<GrantOfferRow[]> {
      let query = db.selectFrom('grant_offers').selectAll()
      if (after) query = query.where('code', '>', after)
      return query.orderBy('code', 'asc').limit(limit).execute()
    },

    findGrantOffer(code: string): Promise<GrantOfferRow | undefined> {
      return db.selectFrom('grant_offers').selectAll().where('code', '=', code).executeTakeFirst()
    },

    /** Withdraws an offer nobody has redeemed; a redeemed one is kept as the grant's record. */
    async deleteUnredeemedGrantOffer(code: string): Promise<boolean> {
      const row = await db
        .deleteFrom('grant_offers')
        .where('code', '=', code)
        .where('redeemed_workspace_id', 'is', null)
        .returning('code')
        .executeTakeFirst()
      return row !== undefined
    },
  }
}

export type OperatorOffersRepository = ReturnType<typeof createOperatorOffersRepository>
