import { PAID_PURCHASABLE_TIERS, type PaidPurchasableTier } from '@timbre/contract'
import type { PaymentProvider } from './payment-provider.js'
import type { PaymentsRepository } from './payments.repository.js'
import type { SubscriptionsRepository } from './subscriptions.repository.js'
import type { UsageReportsRepository } from './usage-reports.repository.js'

// What the renewal steps share: the repositories and provider they work with, and their pace.

export interface RenewalDeps {
  subscriptions: SubscriptionsRepository
  payments: PaymentsRepository
  usageReports: UsageReportsRepository
  provider: PaymentProvider
  log?: (message: string) => void
}

/** A worker that claimed a usage report has this long to send it before another may. */
export const REPORT_LEASE_MS = 2 * 60 * 1000
/** A failed report is tried again after this long (the job runs every minute). */
export const REPORT_RETRY_MS = 60 * 1000
/**
 * A report is re-sent with its identifier only while the provider still recognises it (Stripe
 * keeps meter-event identifiers and idempotency keys for at least 24 hours). Past this window
 * a report that may have arrived is never sent again: it waits for an operator instead, since
 * sending it twice could charge twice.
 */
export const REPORT_RESEND_WINDOW_MS = 20 * 60 * 60 * 1000

/** A workspace never has more than this many boundaries caught up in one run (two years). */
export const MAX_STEPS_PER_RUN = 24
export const BATCH = 100

export const isPaidPurchasable = (tier: string): tier is PaidPurchasableTier =>
  (PAID_PURCHASABLE_TIERS as readonly string[]).includes(tier)
