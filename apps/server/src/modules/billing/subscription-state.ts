import {
  BILLING_PERIODS,
  type BillingPeriod,
  billingCurrency,
  type Currency,
  type CurrentPlan,
  type PendingChange,
  PLANS,
  periodPrice,
  type Tier,
} from '@timbre/contract'
import type { SubscriptionRow } from './billing.tables.js'
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

/** An unpaid charge is owed exactly while the subscription is past due or incomplete. */
export function hasOpenInvoices(row: SubscriptionRow): boolean {
  return row.status === 'past_due' || row.status === 'incomplete'
}

/**
 * The billing fields of the public subscription object (GET /v1/user/subscription): the
 * scheduled change, the next invoice, the invoices still owed and the usage above the credits.
 */
export function publicSubscriptionFields(
  row: SubscriptionRow,
  openInvoices: Array<{ amount_cents: number; created_at: Date }>,
) {
  const plan = currentPlanOf(row)
  const currency = billingCurrency(row.currency)
  const pending = plan.pendingChange
  const when = unix(row.current_period_end) ?? unix(row.next_reset_at) ?? 0
  const invoice = nextInvoice(row, plan.tier, pending, currency)
  const overageCents = overageCentsOf(row)
  return {
    pending_change: pending
      ? pending.kind === 'cancellation'
        ? { kind: 'cancellation' as const, timestamp_seconds: when }
        : {
            kind: 'change' as const,
            next_tier: pending.nextTier,
            next_billing_period: pending.nextBillingPeriod ?? plan.billingPeriod,
            timestamp_seconds: when,
          }
      : null,
    next_invoice: invoice
      ? {
          amount_due_cents: invoice.amount_due_cents,
          discount_percent_off: invoice.discount_percent_off,
          discount_amount_off: invoice.discount_amount_off,
          next_payment_attempt_unix: invoice.next_payment_attempt_unix,
          discounts: [] as unknown[],
          payment_intent_statusses: [] as string[],
        }
      : null,
    has_open_invoices: hasOpenInvoices(row) || openInvoices.length > 0,
    open_invoices: openInvoices.map((i) => ({
      amount_due_cents: i.amount_cents,
      discount_percent_off: null,
      discount_amount_off: null,
      next_payment_attempt_unix: -1,
      discounts: [] as unknown[],
      payment_intent_statusses: ['requires_payment_method'],
    })),
    current_overage: { amount: (overageCents / 100).toFixed(2), currency },
    character_refresh_period: 'monthly_period' as const,
  }
}

export type PublicSubscriptionFields = ReturnType<typeof publicSubscriptionFields>

/**
 * The characters above the credits not invoiced yet this credit period, and what they cost at
 * the plan's price per 1,000 (rounded up to the cent).
 */
export function unbilledOverage(
  row: Pick<
    SubscriptionRow,
    'tier' | 'currency' | 'character_count' | 'character_limit' | 'overage_billed_characters'
  >,
): { characters: number; cents: number } {
  const extra = PLANS[tierOf(row.tier)].extraCharactersPer1000
  if (!extra || row.character_limit < 0) return { characters: 0, cents: 0 }
  const characters = Math.max(0, row.character_count - row.character_limit - row.overage_billed_characters)
  return { characters, cents: Math.ceil((characters * extra[billingCurrency(row.currency)]) / 1000) }
}

/** What the characters above the credits cost so far (not yet invoiced), in cents. */
export function overageCentsOf(row: Parameters<typeof unbilledOverage>[0]): number {
  return unbilledOverage(row).cents
}

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
    // Credits are granted monthly on every plan, annual ones included.
    character_refresh_period: 'monthly_period' as const,
    has_open_invoices: hasOpenInvoices(row),
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
