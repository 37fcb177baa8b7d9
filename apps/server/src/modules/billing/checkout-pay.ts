import { randomUUID } from 'node:crypto'
import { type BillingPeriod, billingCurrency, type PaidPurchasableTier } from '@timbre/contract'

import { AppError } from '../../errors.js'
import { assertCanCreate, type CheckoutDeps, paidActivationPatch } from './checkout-deps.js'
import { paidPeriodEnd } from './credit-periods.js'
import { chargeLocalCard, readTestCard } from './payment-provider.js'
import { redeemPromo } from './promo-codes.js'
import { subscriptionInfo } from './subscription-state.js'

/**
 * Pays a session: the charge, the payment row, the session's completion and the new
 * subscription are one transaction. Paying a completed session again changes nothing.
 */
export async function payCheckout(
  deps: CheckoutDeps,
  workspaceId: string,
  sessionId: string,
  cardNumber: string,
) {
  const { subscriptions, payments, provider } = deps
  return payments.transaction(async (trx) => {
    const session = await payments.lockSession(trx, workspaceId, sessionId)
    // A grant's acceptance session is not a checkout: it is accepted, never paid.
    if (session?.kind !== 'subscription') throw new AppError('checkout_session_not_found')
    const locked = await subscriptions.lockForChange(trx, workspaceId)
    if (!locked) throw new AppError('checkout_session_not_found')
    if (session.status === 'complete') return subscriptionInfo(locked, provider.testMode)
    const now = deps.now()
    if (session.status !== 'open' || session.expires_at <= now) throw new AppError('checkout_session_expired')
    const tier = session.tier as PaidPurchasableTier
    const period = session.billing_period as BillingPeriod
    assertCanCreate(locked, tier, period)
    if (provider.hosted) throw new AppError('checkout_session_not_found')
    const currency = billingCurrency(session.currency)
    const key = `checkout:${session.id}`
    const card = readTestCard(cardNumber)
    const charge = chargeLocalCard(card, key)
    await payments.saveCard(
      {
        workspaceId,
        provider: provider.name,
        brand: card.brand,
        last4: card.last4,
        declines: card.declines,
        reference: null,
        at: now,
      },
      trx,
    )
    await payments.insertPayment(trx, {
      id: `pay_${randomUUID().replaceAll('-', '')}`,
      workspace_id: workspaceId,
      idempotency_key: key,
      kind: 'checkout',
      provider: provider.name,
      amount_cents: session.amount_due_cents,
      currency,
      tier,
      billing_period: period,
      provider_reference: charge.reference,
      created_at: now,
      paid_at: now,
      period_start: now,
      period_end: paidPeriodEnd(now, period),
    })
    await payments.completeSession(trx, session.id, now)
    // Redeemed with the payment: a code used up meanwhile refuses it, and nothing is written.
    if (session.promocode)
      await redeemPromo(deps.promoCodes, trx, {
        code: session.promocode,
        workspaceId,
        userId: session.user_id,
        at: now,
      })
    const promo = session.promocode ? await payments.findPromo(session.promocode, trx) : undefined
    const updated = await subscriptions.update(
      trx,
      workspaceId,
      paidActivationPatch(locked, { tier, period, currency, start: now, provider: provider.name, promo }),
    )
    return subscriptionInfo(updated, provider.testMode)
  })
}
