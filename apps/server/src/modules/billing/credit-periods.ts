import { type BillingPeriod, isPaidTier, PLANS, type Tier } from '@timbre/contract'
import type { Updateable } from 'kysely'
import type { SubscriptionRow, SubscriptionsTable } from './billing.tables.js'
import { addOneMonth } from './billing-period.js'
import { tierOf } from './plan-rules.js'

/** How long an unpaid renewal keeps the paid plan before the workspace returns to free. */
export const PAST_DUE_GRACE_MS = 14 * 24 * 60 * 60 * 1000

/** A grant lasts twelve months (or until its credits are used). */
export const GRANT_MONTHS = 12

/** `from` plus `months` calendar months, the day clamped to the month's last day. */
export function addMonths(from: Date, months: number): Date {
  const next = new Date(from.getTime())
  const day = next.getUTCDate()
  next.setUTCDate(1)
  next.setUTCMonth(next.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate()
  next.setUTCDate(Math.min(day, lastDay))
  return next
}

/**
 * The first monthly credit boundary after `after`, counted from `anchor` (the start of the
 * paid period) so that a period started on the 31st resets on the last day of short months
 * and on the 31st again afterwards, with no drift.
 */
export function nextMonthlyBoundary(anchor: Date, after: Date): Date {
  let months = Math.max(
    1,
    (after.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + after.getUTCMonth() - anchor.getUTCMonth() - 1,
  )
  let candidate = addMonths(anchor, months)
  while (candidate.getTime() <= after.getTime()) {
    months += 1
    candidate = addMonths(anchor, months)
  }
  return candidate
}

/** The end of a paid period that starts at `from`: a month, or a year for annual billing. */
export function paidPeriodEnd(from: Date, period: BillingPeriod): Date {
  return addMonths(from, period === 'annual_period' ? 12 : 1)
}

/**
 * The end of the paid period renewed at `boundary`, counted from `anchor` (when the plan began)
 * in whole periods, so a plan begun on the 31st is not moved to the 28th for good by February.
 */
export function renewedPeriodEnd(anchor: Date, boundary: Date, period: BillingPeriod): Date {
  const step = period === 'annual_period' ? 12 : 1
  let periods = 1
  while (addMonths(anchor, periods * step).getTime() <= boundary.getTime()) periods += 1
  return addMonths(anchor, periods * step)
}

/** What a subscription's monthly boundaries are counted from: the day its paid plan began. */
export function cycleAnchor(
  row: Pick<SubscriptionRow, 'billing_anchor_at' | 'current_period_start' | 'next_reset_at'>,
): Date {
  return row.billing_anchor_at ?? row.current_period_start ?? row.next_reset_at
}

/** The monthly credits a tier grants (-1: unlimited). */
export function planCredits(tier: Tier): number {
  return PLANS[tier].limits.characterLimit
}

/**
 * The credit buckets at a reset. A period's credits stay usable for the two periods after it;
 * usage takes the oldest credits first. At the reset the oldest carried credits expire, what is
 * left of last period's carried credits becomes the oldest, and what is left of this period's
 * own credits becomes the newest. Only an active paid plan carries credits over.
 */
export function rollOver(
  row: Pick<
    SubscriptionRow,
    'tier' | 'status' | 'character_count' | 'character_limit' | 'rollover_newer' | 'rollover_older'
  >,
): { older: number; newer: number; overage: number } {
  const tier = tierOf(row.tier)
  const used = Math.max(0, row.character_count)
  const overage = row.character_limit >= 0 ? Math.max(0, used - row.character_limit) : 0
  if (!isPaidTier(tier) || row.status !== 'active' || row.character_limit < 0)
    return { older: 0, newer: 0, overage }
  const own = Math.max(0, row.character_limit - row.rollover_newer - row.rollover_older)
  const afterOlder = Math.max(0, used - row.rollover_older)
  const newerLeft = Math.max(0, row.rollover_newer - afterOlder)
  const afterNewer = Math.max(0, afterOlder - row.rollover_newer)
  const ownLeft = Math.max(0, own - afterNewer)
  return { older: newerLeft, newer: ownLeft, overage }
}

/** A fresh credit period: the count back to zero, the plan's credits plus what was carried. */
export function creditResetPatch(
  tier: Tier,
  boundary: Date,
  nextReset: Date,
  carried: { older: number; newer: number },
): Updateable<SubscriptionsTable> {
  const credits = planCredits(tier)
  // Each carried month counts at most one month of the plan now held, so the limit never holds
  // more than two months' worth beside the current month (after a downgrade too).
  const older = credits < 0 ? 0 : Math.min(carried.older, credits)
  const newer = credits < 0 ? 0 : Math.min(carried.newer, credits)
  return {
    character_count: 0,
    overage_billed_characters: 0,
    character_limit: credits < 0 ? credits : credits + older + newer,
    rollover_older: older,
    rollover_newer: newer,
    period_started_at: boundary,
    next_reset_at: nextReset,
  }
}

/** Back to the free plan: no paid period, no scheduled change, no discount, free credits. */
export function freePlanPatch(row: SubscriptionRow, at: Date): Updateable<SubscriptionsTable> {
  return {
    tier: 'free',
    status: 'free',
    character_count: 0,
    character_limit: planCredits('free'),
    rollover_newer: 0,
    rollover_older: 0,
    period_started_at: at,
    next_reset_at: addOneMonth(at),
    billing_anchor_at: at,
    current_period_start: null,
    current_period_end: null,
    pending_change_kind: null,
    pending_next_tier: null,
    pending_billing_period: null,
    discount_coupon_id: null,
    discount_percent_off: null,
    discount_amount_off: null,
    discount_months_left: null,
    usage_based_billing: false,
    provider_subscription_id: null,
    provider_schedule_id: null,
    grant_ends_at: null,
    previously_subscribed_tiers: row.previously_subscribed_tiers,
  }
}
