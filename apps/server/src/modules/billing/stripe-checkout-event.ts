import { randomUUID } from 'node:crypto'
import { type BillingPeriod, billingCurrency, type PaidPurchasableTier } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type Stripe from 'stripe'
import type { DB } from '../../db/schema.js'
import { paidActivationPatch } from './checkout.service.js'
import { audited, idOf, type StripeWebhookDeps } from './stripe-webhook-deps.js'
import { billingPeriodOf } from './subscription-state.js'

/** A completed Checkout: the payment, the promo redemption and the paid plan, once. */
export async function stripeCheckoutCompleted(
  deps: StripeWebhookDeps,
  trx: Transaction<DB>,
  session: Stripe.Checkout.Session,
) {
  const { subscriptions, payments, promoCodes } = deps
  if (session.mode !== 'subscription') return
  const ours = session.metadata?.session_id
  if (!ours) return
  const checkout = await payments.lockSessionById(trx, ours)
  if (!checkout || checkout.status === 'complete') return
  const row = await subscriptions.lockForChange(trx, checkout.workspace_id)
  if (!row) return
  const now = deps.now()
  const tier = checkout.tier as PaidPurchasableTier
  const period = billingPeriodOf(checkout.billing_period) as BillingPeriod
  const currency = billingCurrency(checkout.currency)
  await payments.insertPaymentOnce(trx, {
    id: `pay_${randomUUID().replaceAll('-', '')}`,
    workspace_id: row.workspace_id,
    idempotency_key: `stripe:checkout:${session.id}`,
    kind: 'checkout',
    provider: 'stripe',
    amount_cents: session.amount_total ?? checkout.amount_due_cents,
    currency,
    tier,
    billing_period: period,
    provider_reference: idOf(session.invoice ?? null) ?? session.id,
    created_at: now,
    paid_at: now,
  })
  await payments.completeSession(trx, checkout.id, now)
  // Stripe has charged already: the redemption is recorded (the cap was checked when the
  // session was made), never refused here.
  if (checkout.promocode) {
    await promoCodes.takeRedemption(trx, checkout.promocode)
    await promoCodes.recordRedemption(trx, {
      code: checkout.promocode,
      workspaceId: row.workspace_id,
      userId: checkout.user_id,
      at: now,
    })
  }
  const promo = checkout.promocode ? await payments.findPromo(checkout.promocode, trx) : undefined
  await subscriptions.update(
    trx,
    row.workspace_id,
    paidActivationPatch(row, {
      tier,
      period,
      currency,
      start: now,
      provider: 'stripe',
      promo,
      customerId: idOf(session.customer ?? null),
      subscriptionId: idOf(session.subscription ?? null),
    }),
  )
  await audited(deps, trx, row.workspace_id, {
    action: 'checkout',
    from_tier: row.tier,
    tier,
    billing_period: period,
  })
}
