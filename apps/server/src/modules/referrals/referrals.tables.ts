import type { ColumnType, Generated } from 'kysely'
import type { Timestamp } from '../../db/schema.js'

export interface ReferralCodesTable {
  user_id: string
  code: string
}

/** A visit that carried a referral code; it counts as a referral until it expires. */
export interface ReferralVisitsTable {
  id: string
  referrer_user_id: string
  created_at: Timestamp
  expires_at: Timestamp
}

export interface ReferralsTable {
  referred_user_id: string
  referrer_user_id: string
  referred_workspace_id: string
  visit_id: string
  created_at: Timestamp
}

/** What the referrer earned when the referred account first paid (once per account). */
export interface ReferralRewardsTable {
  referred_user_id: string
  referrer_user_id: string
  tier: string
  amount_cents: number
  earned_at: Timestamp
}

export interface AffiliatesTable {
  user_id: string
  website: string
  audience: string
  joined_at: Timestamp
}

export interface PayoutAccountsTable {
  user_id: string
  state: string
  paused: Generated<boolean>
  /** The provider that holds the account: 'local' (the built-in test provider) or 'stripe'. */
  provider: Generated<string>
  provider_account_id: string
  updated_at: Timestamp
}

export interface PayoutsTable {
  id: string
  user_id: string
  amount_cents: number
  /** pending (sent, not yet confirmed), paid, or failed (refused: the amount is back in the balance). */
  status: string
  provider_transfer_id: Generated<string | null>
  created_at: Generated<Date>
}

export interface AdsVisitsTable {
  id: string
  email: string | null
  event_type: string
  gclid: string
  utm: ColumnType<unknown, string, string>
  created_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    referral_codes: ReferralCodesTable
    referral_visits: ReferralVisitsTable
    referrals: ReferralsTable
    referral_rewards: ReferralRewardsTable
    affiliates: AffiliatesTable
    payout_accounts: PayoutAccountsTable
    payouts: PayoutsTable
    ads_visits: AdsVisitsTable
  }
}
