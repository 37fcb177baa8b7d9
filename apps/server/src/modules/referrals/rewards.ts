import { PAID_PURCHASABLE_TIERS, PLANS, REFERRAL_COMMISSION_PERCENT, type Tier } from '@timbre/contract'
import type { ReferralsDeps } from './referrals-deps.js'

/**
 * Rewards are found on read: each referred account not yet rewarded whose workspace is on an
 * active paid plan earns the referrer the commission on that plan's monthly price, once.
 */
export async function collectRewards(deps: ReferralsDeps, referrerId: string): Promise<void> {
  for (const referral of await deps.referrals.unrewarded(referrerId)) {
    const subscription = await deps.subscription(referral.referred_workspace_id)
    const tier = subscription.tier as Tier
    if (!(PAID_PURCHASABLE_TIERS as readonly string[]).includes(tier) || subscription.status !== 'active')
      continue
    const monthly = PLANS[tier].prices?.monthly.usd ?? 0
    await deps.referrals.insertReward({
      referred_user_id: referral.referred_user_id,
      referrer_user_id: referrerId,
      tier,
      amount_cents: Math.round((monthly * REFERRAL_COMMISSION_PERCENT) / 100),
      earned_at: deps.now(),
    })
  }
}
