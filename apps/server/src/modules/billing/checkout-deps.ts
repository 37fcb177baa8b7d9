import { type BillingPeriod, type Currency, type PaidPurchasableTier, planAction } from '@timbre/contract'

import type { Updateable } from 'kysely'
import { AppError } from '../../errors.js'
import type { PromoCodeRow, SubscriptionRow, SubscriptionsTable } from './billing.tables.js'
import { creditResetPatch, nextMonthlyBoundary, paidPeriodEnd } from './credit-periods.js'
import type { PaymentProvider } from './payment-provider.js'
import type { PaymentsRepository } from './payments.repository.js'
import type { PromoCodesRepository } from './promo-codes.repository.js'
import { currentPlanOf } from './subscription-state.js'
import type { SubscriptionsRepository } from './subscriptions.repository.js'

/** A checkout session stays payable for a day. */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000

export interface CheckoutRequest {
  subscription_type: PaidPurchasableTier
  billing_period: BillingPeriod
  currency?: Currency | undefined
  promocode?: string | null | undefined
  no_default_promocode?: boolean | undefined
  idempotency_key?: string | undefined
}

export interface CheckoutDeps {
  subscriptions: SubscriptionsRepository
  payments: PaymentsRepository
  promoCodes: PromoCodesRepository
  provider: PaymentProvider
  now: () => Date
}

/**
 * A paid subscription that starts at `start`: the plan, its paid period, fresh credits (what an
 * earlier paid plan carried over stays), the promo's discount on the invoices after the first,
 * and the provider that renews it.
 */
export function paidActivationPatch(
  row: SubscriptionRow,
  input: {
    tier: PaidPurchasableTier
    period: BillingPeriod
    currency: Currency
    start: Date
    provider: string
    promo: PromoCodeRow | undefined
    customerId?: string | null
    subscriptionId?: string | null
    periodEnd?: Date
  },
): Updateable<SubscriptionsTable> {
  const end = input.periodEnd ?? paidPeriodEnd(input.start, input.period)
  const carried = { older: 0, newer: 0 }
  return {
    ...creditResetPatch(input.tier, input.start, nextMonthlyBoundary(input.start, input.start), carried),
    tier: input.tier,
    status: 'active',
    billing_period: input.period,
    currency: input.currency,
    current_period_start: input.start,
    billing_anchor_at: input.start,
    current_period_end: end,
    pending_change_kind: null,
    pending_next_tier: null,
    pending_billing_period: null,
    discount_coupon_id: input.promo?.code ?? null,
    discount_percent_off: input.promo?.percent_off ?? null,
    discount_amount_off: input.promo?.amount_off ?? null,
    discount_months_left: input.promo ? Math.max(0, input.promo.duration_in_months - 1) : null,
    previously_subscribed_tiers: [...new Set([...row.previously_subscribed_tiers, input.tier])],
    payment_provider: input.provider,
    grant_ends_at: null,
    ...(input.customerId !== undefined ? { provider_customer_id: input.customerId } : {}),
    ...(input.subscriptionId !== undefined ? { provider_subscription_id: input.subscriptionId } : {}),
  }
}

/** Only a workspace without a paid plan (free, trial, a grant) starts one through checkout. */
export function assertCanCreate(
  row: SubscriptionRow,
  tier: PaidPurchasableTier,
  period: BillingPeriod,
): void {
  const action = planAction(currentPlanOf(row), { tier, billingPeriod: period })
  if (action.action !== 'create')
    throw new AppError('checkout_failed', {
      message:
        'Failed to create checkout session: this workspace already has a subscription. Change it instead of starting a new one.',
    })
}
