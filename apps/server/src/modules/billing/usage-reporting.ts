import { randomUUID } from 'node:crypto'
import { billingCurrency } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import type { SubscriptionRow } from './billing.tables.js'
import {
  BATCH,
  REPORT_LEASE_MS,
  REPORT_RESEND_WINDOW_MS,
  REPORT_RETRY_MS,
  type RenewalDeps,
} from './renewal-deps.js'
import { billingPeriodOf } from './subscription-state.js'

// Usage above the credits that a hosted provider invoices: recorded in the transaction that
// moves the credits on, sent after it commits, each report counted once at the provider.

/**
 * Usage above the credits for a hosted provider that invoices it: recorded here, in the
 * transaction that moves the credits on, and sent after it commits (reportPendingUsage).
 * Returns false when the subscription is not one the provider bills.
 */
export async function recordUsageIntent(
  deps: RenewalDeps,
  trx: Transaction<DB>,
  row: SubscriptionRow,
  input: { key: string; cents: number; characters: number; periodStart: Date; periodEnd: Date },
): Promise<boolean> {
  const { provider, usageReports } = deps
  if (!provider.reportUsage || !row.provider_customer_id || !row.provider_subscription_id) return false
  await usageReports.recordIntent(trx, {
    id: `ur_${randomUUID().replaceAll('-', '')}`,
    workspace_id: row.workspace_id,
    usage_key: input.key,
    provider: provider.name,
    provider_customer_id: row.provider_customer_id,
    provider_subscription_id: row.provider_subscription_id,
    billing_period: billingPeriodOf(row.billing_period),
    currency: billingCurrency(row.currency),
    amount_cents: input.cents,
    characters: input.characters,
    period_start: input.periodStart,
    period_end: input.periodEnd,
  })
  return true
}

/** Sends the recorded usage reports; each counts once at the provider (see the identifier). */
export async function reportPendingUsage(deps: RenewalDeps, now: Date): Promise<number> {
  const { provider, usageReports } = deps
  const report = provider.reportUsage
  if (!report) return 0
  let sent = 0
  for (;;) {
    const claimed = await usageReports.claimDue(now, REPORT_LEASE_MS, BATCH)
    if (claimed.length === 0) return sent
    for (const r of claimed) {
      const firstTry = r.attempts > 1 ? r.first_attempt_at : null
      if (firstTry && now.getTime() - firstTry.getTime() > REPORT_RESEND_WINDOW_MS) {
        await usageReports.markNeedsReview(r.id, r.last_error ?? 'not confirmed in time')
        deps.log?.(`usage report ${r.id} of workspace ${r.workspace_id} needs review: ${r.last_error}`)
        continue
      }
      try {
        const result = await report({
          identifier: r.id,
          customerId: r.provider_customer_id ?? '',
          subscriptionId: r.provider_subscription_id ?? '',
          billingPeriod: billingPeriodOf(r.billing_period),
          currency: billingCurrency(r.currency),
          amountCents: r.amount_cents,
          // Inside the period the usage belongs to, so it lands on that period's invoice.
          at: new Date(Math.min(r.period_end.getTime() - 1000, now.getTime())),
        })
        await usageReports.markReported(r.id, result.reference, new Date())
        sent += 1
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        await usageReports.markAttemptFailed(r.id, message, new Date(now.getTime() + REPORT_RETRY_MS))
      }
    }
    if (claimed.length < BATCH) return sent
  }
}
