import type { Insertable } from 'kysely'
import { sql } from 'kysely'
import type { Database } from '../../db/database.js'
import type { ReferralRewardsTable, ReferralsTable } from './referrals.tables.js'

const isUnique = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505'

/** Codes, visits, referrals and rewards. */
export function createReferralsRepository(db: Database) {
  return { ...createReferralEventsRepository(db), ...createReferralTotalsRepository(db) }
}

/** Totals of a referrer: clicks, sign-ups, conversions, commission and what was paid out. */
function createReferralTotalsRepository(db: Database) {
  return {
    async totals(referrerId: string) {
      const count = (table: 'referral_visits' | 'referrals') =>
        db
          .selectFrom(table)
          .select(sql<number>`count(*)::int`.as('n'))
          .where('referrer_user_id', '=', referrerId)
          .executeTakeFirstOrThrow()
      const [clicks, signUps, rewards, paid] = await Promise.all([
        count('referral_visits'),
        count('referrals'),
        db
          .selectFrom('referral_rewards')
          .select([
            sql<number>`count(*)::int`.as('n'),
            sql<number>`coalesce(sum(amount_cents), 0)::int`.as('cents'),
          ])
          .where('referrer_user_id', '=', referrerId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('payouts')
          .select(sql<number>`coalesce(sum(amount_cents), 0)::int`.as('cents'))
          .where('user_id', '=', referrerId)
          .where('status', '!=', 'failed')
          .executeTakeFirstOrThrow(),
      ])
      return {
        clicks: clicks.n,
        signUps: signUps.n,
        conversions: rewards.n,
        commissionCents: rewards.cents,
        paidOutCents: paid.cents,
      }
    },
  }
}

function createReferralEventsRepository(db: Database) {
  return {
    async codeOf(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('referral_codes')
        .select('code')
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return row?.code ?? null
    },

    /** The user's code, or this one stored as it when they had none. */
    async ensureCode(userId: string, code: string): Promise<string> {
      await db
        .insertInto('referral_codes')
        .values({ user_id: userId, code })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute()
      return (await this.codeOf(userId)) ?? code
    },

    async userOfCode(code: string): Promise<string | null> {
      const row = await db
        .selectFrom('referral_codes')
        .select('user_id')
        .where('code', '=', code)
        .executeTakeFirst()
      return row?.user_id ?? null
    },

    async insertVisit(row: { id: string; referrer_user_id: string; created_at: Date; expires_at: Date }) {
      await db.insertInto('referral_visits').values(row).execute()
    },

    findVisit(id: string) {
      return db.selectFrom('referral_visits').selectAll().where('id', '=', id).executeTakeFirst()
    },

    userCreatedAt(userId: string) {
      return db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirst()
    },

    /** False when the account already has a referral. */
    async insertReferral(row: Insertable<ReferralsTable>): Promise<boolean> {
      try {
        const done = await db
          .insertInto('referrals')
          .values(row)
          .onConflict((oc) => oc.column('referred_user_id').doNothing())
          .returning('referred_user_id')
          .executeTakeFirst()
        return done !== undefined
      } catch (error) {
        if (isUnique(error)) return false
        throw error
      }
    },

    referralOf(userId: string) {
      return db.selectFrom('referrals').selectAll().where('referred_user_id', '=', userId).executeTakeFirst()
    },

    /** Referred accounts that have not earned their referrer a reward yet. */
    unrewarded(referrerId: string) {
      return db
        .selectFrom('referrals')
        .leftJoin('referral_rewards', 'referral_rewards.referred_user_id', 'referrals.referred_user_id')
        .select(['referrals.referred_user_id', 'referrals.referred_workspace_id'])
        .where('referrals.referrer_user_id', '=', referrerId)
        .where('referral_rewards.referred_user_id', 'is', null)
        .execute()
    },

    async insertReward(row: Insertable<ReferralRewardsTable>): Promise<void> {
      await db
        .insertInto('referral_rewards')
        .values(row)
        .onConflict((oc) => oc.column('referred_user_id').doNothing())
        .execute()
    },

    /** Every dated event of a referrer since a moment, for the charts and totals. */
    async events(referrerId: string, since: Date) {
      const [visits, signUps, rewards] = await Promise.all([
        db
          .selectFrom('referral_visits')
          .select('created_at as at')
          .where('referrer_user_id', '=', referrerId)
          .where('created_at', '>=', since)
          .execute(),
        db
          .selectFrom('referrals')
          .select('created_at as at')
          .where('referrer_user_id', '=', referrerId)
          .where('created_at', '>=', since)
          .execute(),
        db
          .selectFrom('referral_rewards')
          .select(['earned_at as at', 'amount_cents'])
          .where('referrer_user_id', '=', referrerId)
          .where('earned_at', '>=', since)
          .execute(),
      ])
      return { visits, signUps, rewards }
    },

    async insertAdsVisit(row: {
      id: string
      email: string | null
      event_type: string
      gclid: string
      utm: string
      created_at: Date
    }) {
      await db.insertInto('ads_visits').values(row).execute()
    },
  }
}

export type ReferralsRepository = ReturnType<typeof createReferralsRepository>
