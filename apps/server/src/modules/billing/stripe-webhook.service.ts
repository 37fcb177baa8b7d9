import type { Transaction } from 'kysely'
import type Stripe from 'stripe'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import { type PurchaseSettled, stripePurchaseEvent } from './purchases.js'
import { stripeCheckoutCompleted } from './stripe-checkout-event.js'
import { invoiceEvent } from './stripe-invoice-events.js'
import { subscriptionDeleted, subscriptionUpdated } from './stripe-subscription-events.js'
import type { StripeWebhookDeps } from './stripe-webhook-deps.js'

export type { StripeWebhookDeps } from './stripe-webhook-deps.js'

/**
 * Stripe's signed webhook. The signature is checked against the raw body with the endpoint's
 * secret; each event is applied in one transaction together with its row in billing_events, so
 * a replayed (or concurrently redelivered) event changes nothing.
 */
export function createStripeWebhookService(deps: StripeWebhookDeps) {
  const { stripe, payments } = deps

  /** A purchase's outcome, for its owner to be told once the delivery is recorded. */
  async function purchaseEvent(trx: Transaction<DB>, event: Stripe.Event): Promise<PurchaseSettled | null> {
    if (!deps.purchases) return null
    if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.expired') return null
    const outcome = event.type === 'checkout.session.completed' ? 'complete' : 'expired'
    return stripePurchaseEvent(deps.purchases.repository, trx, event.data.object, outcome, deps.now())
  }

  async function apply(trx: Transaction<DB>, event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
        return stripeCheckoutCompleted(deps, trx, event.data.object)
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        return subscriptionUpdated(deps, trx, event.data.object)
      case 'customer.subscription.deleted':
        return subscriptionDeleted(deps, trx, event.data.object)
      case 'invoice.paid':
        return invoiceEvent(deps, trx, event.data.object, true)
      case 'invoice.payment_failed':
        return invoiceEvent(deps, trx, event.data.object, false)
      default:
        return
    }
  }

  return {
    /** Verifies and applies one delivery; `applied` is false for a replay or an unknown type. */
    async receive(rawBody: Buffer, signature: string | undefined) {
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', deps.webhookSecret)
      } catch {
        throw new AppError('invalid_webhook_signature')
      }
      let settled: PurchaseSettled | null = null
      const applied = await payments.transaction(async (trx) => {
        if (!(await payments.claimEvent(trx, 'stripe', event.id, event.type))) return false
        await apply(trx, event)
        settled = await purchaseEvent(trx, event)
        return true
      })
      // Its owner may find it by asking too (a listener that failed, a process that died here).
      if (settled) await deps.purchases?.settled.publish(settled)
      // A connected account's state (payouts enabled, requirements due) reaches its owner once
      // the delivery is recorded, outside the transaction: its listeners use their own
      // connections and may call Stripe. A listener that fails leaves the state to be read
      // again from Stripe on the owner's next visit.
      if (applied && event.type === 'account.updated') await deps.connectAccounts?.publish(event.data.object)
      return { received: true, applied, type: event.type }
    },
  }
}

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>
