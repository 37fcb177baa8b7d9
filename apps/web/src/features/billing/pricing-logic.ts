// What each plan card shows and does: the plan-action rules come from the contract; this file
// only turns their answer into the card's button, price texts and translation keys.
import {
  type BillingPeriod,
  billingDisplayTier,
  type Currency,
  type CurrentPlan,
  formatPrice,
  isTier,
  type PaidPurchasableTier,
  type PlanAction,
  type PlanActionLabel,
  PROMO_UPGRADE_BILLING_PERIOD,
  planAction,
  planForPromoAmountOff,
  type Tier,
} from '@timbre/contract'
import type { PlanOffer, PromoValidation, SubscriptionInfo } from '../../lib/api-types'

/** Translation keys (under billing.actions) of the plan-action labels. */
export const ACTION_LABEL_KEYS = {
  Subscribed: 'subscribed',
  'Do Not Cancel': 'doNotCancel',
  'Cancel Subscription': 'cancelSubscription',
  'Cancel Downgrade': 'cancelDowngrade',
  Subscribe: 'subscribe',
  Upgrade: 'upgrade',
  Downgrade: 'downgrade',
  'Start Today': 'startToday',
} as const satisfies Record<PlanActionLabel, string>
export type ActionLabelKey = (typeof ACTION_LABEL_KEYS)[PlanActionLabel]

/** The workspace's plan as the plan-action rules read it, from the subscription-info answer. */
export function currentPlanOf(info: SubscriptionInfo): CurrentPlan {
  const tier: Tier = isTier(info.tier) ? info.tier : 'free'
  const pending = info.pending_change
  const nextTier = pending && isTier(pending.next_tier) ? pending.next_tier : null
  return {
    tier,
    billingPeriod: info.billing_period,
    pendingChange:
      pending && nextTier
        ? { kind: pending.kind, nextTier, nextBillingPeriod: pending.next_billing_period }
        : null,
  }
}

export type CardButton =
  /** Signed out: every card leads to sign-up (a paid plan is bought after signing in). */
  | { kind: 'signUp'; labelKey: 'subscribe' | 'getStarted' }
  /** Enterprise is priced by contract: no self-serve button. */
  | { kind: 'contact' }
  | { kind: 'action'; action: PlanAction; labelKey: ActionLabelKey }

/** The button of one plan card for the workspace's plan (null when signed out). */
export function cardButton(current: CurrentPlan | null, tier: Tier, period: BillingPeriod): CardButton {
  if (!current) return { kind: 'signUp', labelKey: tier === 'free' ? 'getStarted' : 'subscribe' }
  if (tier === 'enterprise') {
    // A trial is shown as enterprise, so its workspace sees the enterprise card as its own.
    if (billingDisplayTier(current.tier) !== 'enterprise') return { kind: 'contact' }
    return {
      kind: 'action',
      action: { action: 'none', label: 'Subscribed', dialog: null },
      labelKey: 'subscribed',
    }
  }
  const action = planAction(current, { tier, billingPeriod: period })
  return { kind: 'action', action, labelKey: ACTION_LABEL_KEYS[action.label] }
}

/** True when the card is the workspace's own plan and period. */
export function isCurrentCard(current: CurrentPlan | null, tier: Tier, period: BillingPeriod): boolean {
  if (!current) return false
  const shown = billingDisplayTier(current.tier)
  if (shown !== tier) return false
  return tier === 'free' || tier === 'enterprise' || current.billingPeriod === period
}

/** An amount in major units (as the plan offers give it), with the currency's sign. */
export function money(major: number, currency: Currency): string {
  return formatPrice(Math.round(major * 100), currency)
}

export interface CardPrice {
  /** The big figure; null = custom (enterprise). */
  main: string | null
  /** The list price struck through beside the yearly plan's monthly figure. */
  strike: string | null
  /** Billed per year: the yearly amount. */
  billedYearly: string | null
  /** The first month's price of a new monthly subscription. */
  firstMonth: string | null
}

/** The price texts of a card for the chosen billing period. */
export function cardPrice(offer: PlanOffer, period: BillingPeriod): CardPrice {
  const currency = offer.currency
  const p = period === 'annual_period' ? offer.pricing.yearly : offer.pricing.monthly
  if (p.price === null) return { main: null, strike: null, billedYearly: null, firstMonth: null }
  if (period === 'annual_period' && p.discounted_price !== null && p.price > 0) {
    return {
      main: money(p.discounted_price, currency),
      strike: money(p.price, currency),
      billedYearly: p.billed_amount_cents === null ? null : formatPrice(p.billed_amount_cents, currency),
      firstMonth: null,
    }
  }
  return {
    main: money(p.price, currency),
    strike: null,
    billedYearly: null,
    firstMonth:
      period === 'monthly_period' && p.discounted_price !== null ? money(p.discounted_price, currency) : null,
  }
}

/**
 * The plan a valid promo code offers (its amount names the plan; monthly) and how the dialog
 * gets there: a checkout from free, an upgrade from a lower paid plan. Null when the code names
 * no plan, or the workspace already has that plan or a higher one.
 */
export function promoUpgrade(
  promo: PromoValidation | null | undefined,
  current: CurrentPlan | null,
): { tier: PaidPurchasableTier; via: 'create' | 'upgrade' } | null {
  if (!promo?.valid || !current) return null
  const tier = planForPromoAmountOff(promo.amount_off)
  if (!tier) return null
  const { action } = planAction(current, { tier, billingPeriod: PROMO_UPGRADE_BILLING_PERIOD })
  return action === 'create' || action === 'upgrade' ? { tier, via: action } : null
}
