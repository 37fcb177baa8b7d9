import { randomUUID } from 'node:crypto'
import { billingCurrency } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type Stripe from 'stripe'
import type { DB } from '../../db/schema.js'
import type { SubscriptionRow } from './billing.tables.js'
import { nextMonthlyBoundary } from './credit-periods.js'
import { fromUnix, idOf, type StripeWebhookDeps } from './stripe-webhook-deps.js'

/** The subscription an invoice belongs to (where the API version puts it). */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription
  return idOf(legacy) ?? idOf(invoice.parent?.subscription_details?.subscription ?? null)
}

export async function invoiceEvent(
  deps: StripeWebhookDeps,
  trx: Transaction<DB>,
  invoice: Stripe.Invoice,
  paid: boolean,
) {
  const { subscriptions, payments } = deps
  const subscriptionId = invoiceSubscriptionId(invoice)
  if (!subscriptionId) return
  const row = await subscriptions.lockByProviderSubscription(trx, subscriptionId)
  if (!row) return
  const now = deps.now()
  const key = `stripe:invoice:${invoice.id}`
  const existing = await payments.findPayment(trx, row.workspace_id, key)
  if (paid && invoice.billing_reason === 'subscription_update') {
    // The upgrade recorded its payment as pending; the invoice confirms it.
    const pending = await payments.latestPending(trx, row.workspace_id, 'upgrade')
    if (pending) await payments.markPaid(trx, pending.id, invoice.id ?? key, now)
  } else if (existing) {
    if (paid) await payments.markPaid(trx, existing.id, invoice.id ?? key, now)
  } else if (invoice.billing_reason !== 'subscription_create') {
    // The first invoice is recorded by the completed checkout.
    await payments.insertPaymentOnce(trx, {
      id: `pay_${randomUUID().replaceAll('-', '')}`,
      workspace_id: row.workspace_id,
      idempotency_key: key,
      kind: 'renewal',
      provider: 'stripe',
      amount_cents: paid ? invoice.amount_paid : invoice.amount_due,
      currency: billingCurrency(invoice.currency),
      tier: row.tier,
      billing_period: row.billing_period,
      provider_reference: invoice.id ?? null,
      created_at: now,
      status: paid ? 'paid' : 'open',
      paid_at: paid ? now : null,
      period_start: fromUnix(invoice.period_start),
      period_end: fromUnix(invoice.period_end),
    })
  }
  if (paid) {
    const owed = await payments.openInvoices(row.workspace_id, trx)
    if (row.status === 'past_due' && owed.length === 0) await recover(deps, trx, row, now)
  } else {
    await subscriptions.update(trx, row.workspace_id, { status: 'past_due' })
  }
}

/** Paid again: active, with the next credit reset counted from the paid period's start. */
export async function recover(
  deps: StripeWebhookDeps,
  trx: Transaction<DB>,
  row: SubscriptionRow,
  now: Date,
) {
  const { subscriptions } = deps
  const anchor = row.current_period_start ?? now
  await subscriptions.update(trx, row.workspace_id, {
    status: 'active',
    next_reset_at: row.next_reset_at > now ? row.next_reset_at : nextMonthlyBoundary(anchor, now),
  })
}
