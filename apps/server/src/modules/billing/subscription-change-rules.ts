import {
  type BillingPeriod,
  billingCurrency,
  type PaidPurchasableTier,
  periodPrice,
  type Tier,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { SubscriptionRow } from './billing.tables.js'
import type { PaymentProvider } from './payment-provider.js'
import type { PaymentsRepository } from './payments.repository.js'
import type { PromoCodesRepository } from './promo-codes.repository.js'
import { billingPeriodOf } from './subscription-state.js'
import type { SubscriptionsRepository } from './subscriptions.repository.js'

export interface ChangeRequest {
  subscription_type: PaidPurchasableTier | 'free'
  billing_period: BillingPeriod
  promocode?: string | null | undefined
  idempotency_key?: string | undefined
}

export interface SubscriptionChangeDeps {
  subscriptions: SubscriptionsRepository
  payments: PaymentsRepository
  promoCodes: PromoCodesRepository
  provider: PaymentProvider
  now: () => Date
}

export const CLEAR_PENDING = {
  pending_change_kind: null,
  pending_next_tier: null,
  pending_billing_period: null,
} as const

export const failed = (verb: string, reason: string) =>
  new AppError('subscription_change_failed', { message: `Failed to ${verb} subscription: ${reason}` })

/** A paid subscription is one with a paid period (not free, trial or a grant). */
export function hasPaidPeriod(row: SubscriptionRow): boolean {
  return row.current_period_end !== null && row.status !== 'free'
}

/**
 * The unused part of the current period, credited against an upgrade: the period's list
 * price times the share of the period still ahead.
 */
export function unusedCredit(row: SubscriptionRow, tier: Tier, now: Date): number {
  const start = row.current_period_start?.getTime()
  const end = row.current_period_end?.getTime()
  const price = periodPrice(tier, billingPeriodOf(row.billing_period), billingCurrency(row.currency))
  if (start === undefined || end === undefined || price === null || end <= start) return 0
  const share = Math.min(1, Math.max(0, (end - now.getTime()) / (end - start)))
  return Math.round(price * share)
}
