// The rules of subscriptions, as pure functions shared by the server and the web app.

import {
  type BillingPeriod,
  type Currency,
  GRANT_TIERS,
  type PaidPurchasableTier,
  type SubscriptionStatus,
  TIERS,
  type Tier,
} from './plans.js'

/** A change the subscription will make at the end of its period. */
export interface PendingChange {
  kind: 'change' | 'cancellation'
  nextTier: Tier
  /** The billing period after the change (a cancellation leaves none). */
  nextBillingPeriod: BillingPeriod | null
}

/** Position in the tier order (free lowest, enterprise highest). */
export function tierRank(tier: Tier): number {
  return TIERS.indexOf(tier)
}

export function isGrantTier(tier: Tier): boolean {
  return (GRANT_TIERS as readonly Tier[]).includes(tier)
}

/**
 * A payment problem to show the user: incomplete or past due. Enterprise billing is settled by
 * contract, so the enterprise tier never shows the problem.
 */
export function hasBillingProblem(status: SubscriptionStatus, tier: Tier): boolean {
  if (tier === 'enterprise') return false
  return status === 'incomplete' || status === 'past_due'
}

/** A free_disabled workspace is blocked. */
export function isBlockedStatus(status: SubscriptionStatus): boolean {
  return status === 'free_disabled'
}

/** Billing screens show a trial as the enterprise tier. */
export function billingDisplayTier(tier: Tier): Tier {
  return tier === 'trial' ? 'enterprise' : tier
}

/** The tier a grant recipient is advised to move to: the post-grant tier if set, else Business. */
export function recommendedGrantUpgrade(postGrantTier: Tier | null): Tier {
  return postGrantTier ?? 'scale_2024_08_10'
}

export type PlanActionKind =
  | 'none'
  | 'renew'
  | 'cancel'
  | 'create'
  | 'downgrade'
  | 'cancel_downgrade'
  | 'upgrade'

export const PLAN_ACTION_LABELS = [
  'Subscribed',
  'Do Not Cancel',
  'Cancel Subscription',
  'Cancel Downgrade',
  'Subscribe',
  'Upgrade',
  'Downgrade',
  'Start Today',
] as const
export type PlanActionLabel = (typeof PLAN_ACTION_LABELS)[number]

export interface PlanAction {
  action: PlanActionKind
  label: PlanActionLabel
  /** The dialog the button opens: creating from a grant goes through the upgrade dialog. */
  dialog: 'cancellation' | 'upgrade' | 'downgrade' | 'checkout' | null
}

export interface CurrentPlan {
  tier: Tier
  billingPeriod: BillingPeriod
  pendingChange: PendingChange | null
}

/** A plan card: the pricing page shows the purchasable tiers, but every tier is answered. */
export interface TargetPlan {
  tier: Tier
  billingPeriod: BillingPeriod
}

/** Free and trial are not billed, so their billing period does not tell two plans apart. */
function unbilled(tier: Tier): boolean {
  return tier === 'free' || tier === 'trial'
}

/**
 * What a plan button does for a workspace on `current`, for the plan card `target`:
 * 1. the same plan and period: renew when a cancellation is pending; nothing on free or trial;
 *    otherwise cancel;
 * 2. on a grant, moving to a paid plan creates a subscription through the upgrade dialog;
 * 3. from free or trial, moving to a paid plan creates a new checkout subscription;
 * 4. a lower tier, or a switch from annual to monthly, is a downgrade (or cancels the
 *    scheduled downgrade when one already targets that plan and period);
 * 5. anything else is an upgrade.
 * The free card is never a checkout: leaving a paid plan or a grant for free is a downgrade.
 */
export function planAction(current: CurrentPlan, target: TargetPlan): PlanAction {
  const samePlan =
    current.tier === target.tier && (unbilled(current.tier) || current.billingPeriod === target.billingPeriod)
  if (samePlan) {
    if (current.pendingChange?.kind === 'cancellation')
      return { action: 'renew', label: 'Do Not Cancel', dialog: null }
    if (unbilled(current.tier)) return { action: 'none', label: 'Subscribed', dialog: null }
    return { action: 'cancel', label: 'Cancel Subscription', dialog: 'cancellation' }
  }
  if (target.tier !== 'free') {
    if (isGrantTier(current.tier)) return { action: 'create', label: 'Start Today', dialog: 'upgrade' }
    if (unbilled(current.tier)) return { action: 'create', label: 'Subscribe', dialog: 'checkout' }
  }
  const lower = tierRank(target.tier) < tierRank(current.tier)
  const annualToMonthly =
    current.billingPeriod === 'annual_period' && target.billingPeriod === 'monthly_period'
  if (lower || annualToMonthly) {
    const pending = current.pendingChange
    const scheduled =
      pending?.kind === 'change' &&
      pending.nextTier === target.tier &&
      (target.tier === 'free' || pending.nextBillingPeriod === target.billingPeriod)
    return scheduled
      ? { action: 'cancel_downgrade', label: 'Cancel Downgrade', dialog: null }
      : { action: 'downgrade', label: 'Downgrade', dialog: 'downgrade' }
  }
  return { action: 'upgrade', label: 'Upgrade', dialog: 'upgrade' }
}

/** A pending change to a lower tier. */
export function isPendingDowngrade(tier: Tier, pending: PendingChange | null): boolean {
  return pending?.kind === 'change' && tierRank(pending.nextTier) < tierRank(tier)
}

/**
 * Coupons that keep a subscription from counting as cancelled. The product names two such
 * codes without showing them; none are known, so the list is empty and callers may pass theirs.
 */
export const CANCELLATION_EXEMPT_COUPONS: readonly string[] = []

/** A subscription counts as cancelled when its own plan card would offer to renew it. */
export function countsAsCancelled(
  current: CurrentPlan & { couponId: string | null },
  exemptCoupons: readonly string[] = CANCELLATION_EXEMPT_COUPONS,
): boolean {
  if (current.couponId !== null && exemptCoupons.includes(current.couponId)) return false
  return planAction(current, { tier: current.tier, billingPeriod: current.billingPeriod }).action === 'renew'
}

/** A workspace with null or usd currency pays in usd; any other value means eur. */
export function billingCurrency(value: string | null | undefined): Currency {
  return value === null || value === undefined || value === 'usd' ? 'usd' : 'eur'
}

/**
 * usd with a $ prefix, eur with a € suffix; whole amounts without decimals, thousands grouped
 * with commas as the product's price table writes them ($1,320).
 */
export function formatPrice(cents: number, currency: Currency): string {
  const digits = cents % 100 === 0 ? 0 : 2
  const amount = (cents / 100).toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
  return currency === 'usd' ? `$${amount}` : `${amount}€`
}

/** Monthly unless the annual-pricing test flag is on. */
export function defaultBillingPeriod(annualPricingFlag: boolean): BillingPeriod {
  return annualPricingFlag ? 'annual_period' : 'monthly_period'
}

/**
 * Extending the character limit needs the plan's ability (a non-zero extension), the
 * workspace's permission, and an active status or the enterprise tier (a trial counts).
 */
export function canExtendCharacterLimit(input: {
  tier: Tier
  status: SubscriptionStatus | string
  extension: number
  allowedToExtend: boolean
}): boolean {
  if (input.extension === 0 || !input.allowedToExtend) return false
  return input.status === 'active' || billingDisplayTier(input.tier) === 'enterprise'
}

/**
 * A request overruns the character limit when the count plus the requested characters passes
 * the limit, unless the plan can extend the limit. An unlimited limit (-1) never overruns.
 */
export function isCharacterLimitOverrun(input: {
  characterCount: number
  characterLimit: number
  requested: number
  canExtend: boolean
}): boolean {
  if (input.characterLimit < 0 || input.canExtend) return false
  return input.characterCount + input.requested > input.characterLimit
}

/** A promo's amount_off (in cents) names the plan it upgrades to; promo upgrades are monthly. */
export const PROMO_AMOUNT_OFF_PLANS: Readonly<Record<number, PaidPurchasableTier>> = {
  500: 'starter',
  2200: 'creator',
  9900: 'pro',
  10000: 'pro',
  33000: 'growing_business',
  132000: 'scale_2024_08_10',
}
export const PROMO_UPGRADE_BILLING_PERIOD: BillingPeriod = 'monthly_period'

export function planForPromoAmountOff(amountOff: number | null): PaidPurchasableTier | null {
  if (amountOff === null) return null
  return PROMO_AMOUNT_OFF_PLANS[amountOff] ?? null
}

/**
 * Retention discount codes offered in the cancellation flow: their percent off and how many
 * invoices they reduce (one: the product does not say, and one month is the usual offer).
 */
export const DISCOUNT_CODES: Readonly<Record<string, { percentOff: number; durationInMonths: number }>> = {
  'special-offer-30': { percentOff: 30, durationInMonths: 1 },
  'special-offer-50': { percentOff: 50, durationInMonths: 1 },
  'special-offer-70': { percentOff: 70, durationInMonths: 1 },
}
