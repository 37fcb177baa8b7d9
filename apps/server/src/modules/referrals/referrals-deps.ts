import type { SubscriptionRow } from '../billing/billing.module.js'
import type { AffiliatesRepository } from './affiliates.repository.js'
import type { PayoutProvider } from './payout-provider.js'
import type { ReferralsRepository } from './referrals.repository.js'

export interface ReferralsDeps {
  referrals: ReferralsRepository
  affiliates: AffiliatesRepository
  /** A workspace's subscription (billing): a referred account pays once it is on a paid plan. */
  subscription(workspaceId: string): Promise<Pick<SubscriptionRow, 'tier' | 'status'>>
  /** Stripe Connect when the operator configured Stripe, else the built-in test provider. */
  payoutProvider: PayoutProvider
  now(): Date
}
