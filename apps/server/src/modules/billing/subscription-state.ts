import {
  BILLING_PERIODS,
  type BillingPeriod,
  billingCurrency,
  type Currency,
  type CurrentPlan,
  type PendingChange,
  periodPrice,
  type Tier,
} from '@timbre/contract'
import type { SubscriptionRow } from '../../db/schema.js'
import { addOneMonth } from './billing-period.js'
import { tierOf } from './plan-rules.js'

export function billingPeriodOf(value: string | null): BillingPeriod {
  return (BILLING_PERIODS as readonly string[]).includes(value ?? '')
    ? (value as BillingPeriod)
    : 'monthly_period'
}

export function pendingChangeOf(row: SubscriptionRow): PendingChange | null {
  if (!row.pending_change_kind || !row.pending_next_tier) return null
  return {
    kind: row.pending_change_kind,
    nextTier: tierOf(row.pending_next_tier),
    nextBillingPeriod: row.pending_billing_period ? billingPeriodOf(row.pending_billing_period) : null,
  }
}

export function currentPlanOf(row: SubscriptionRow): CurrentPlan {
  return {
    tier: tierOf(row.tier),
    billingPeriod: billingPeriodOf(row.billing_period),
    pendingChange: pendingChangeOf(row),
  }
}

/** The end of a paid period that starts at `from`: a month, or a year for annual billing. */
export function periodEnd(from: Date, period: BillingPeriod): Date {
  if (period === 'monthly_period') return addOneMonth(from)
  const end = new Date(from.getTime())
  end.setUTCFullYear(end.getUTCFullYear() + 1)
  return end
}

/** What a discount takes off an amount in cents (never below zero). */
export function discounted(
  amount: number,
  discount: { percentOff: number | null; amountOff: number | null },
): number {
  if (discount.percentOff !== null)
    return Math.max(0, Math.round((amount * (100 - discount.percentOff)) / 100))
  if (discount.amountOff !== null) return Math.max(0, amount - discount.amountOff)
  return amount
}

const unix = (date: Date | null): number | null => (date ? Math.floor(date.getTime() / 1000) : null)

/** The subscription info a billing page shows: plan, scheduled change and the next invoice. */
export function subscriptionInfo(row: SubscriptionRow, testMode: boolean) {
  const plan = currentPlanOf(row)
  const currency: Currency = billingCurrency(row.currency)
  const pending = plan.pendingChange
  return {
    tier: plan.tier,
    status: row.status,
    billing_period: plan.billingPeriod,
    currency,
    pending_change: pending
      ? {
          kind: pending.kind,
          next_tier: pending.nextTier,
          next_billing_period: pending.nextBillingPeriod,
          timestamp_seconds: unix(row.current_period_end) ?? unix(row.next_reset_at) ?? 0,
        }
      : null,
    character_refresh_period: plan.billingPeriod,
    has_open_invoices: false,
    next_invoice: nextInvoice(row, plan.tier, pending, currency),
    next_character_count_reset_unix: unix(row.next_reset_at) ?? 0,
    current_period_end_unix: unix(row.current_period_end),
    discount: row.discount_coupon_id ? { coupon_id: row.discount_coupon_id } : null,
    payment_provider: row.payment_provider,
    test_mode: testMode,
  }
}

export type SubscriptionInfo = ReturnType<typeof subscriptionInfo>

function nextInvoice(row: SubscriptionRow, tier: Tier, pending: PendingChange | null, currency: Currency) {
  if (!row.current_period_end || pending?.kind === 'cancellation') return null
  const nextTier = pending?.nextTier ?? tier
  const nextPeriod = pending?.nextBillingPeriod ?? billingPeriodOf(row.billing_period)
  const list = periodPrice(nextTier, nextPeriod, currency)
  if (list === null) return null
  const hasDiscount = (row.discount_months_left ?? 0) > 0
  const discount = {
    percentOff: hasDiscount ? row.discount_percent_off : null,
    amountOff: hasDiscount ? row.discount_amount_off : null,
  }
  return {
    next_payment_attempt_unix: unix(row.current_period_end) ?? 0,
    discount_percent_off: discount.percentOff,
    discount_amount_off: discount.amountOff,
    amount_due_cents: discounted(list, discount),
  }
}
