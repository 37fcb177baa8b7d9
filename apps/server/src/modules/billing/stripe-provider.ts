import type Stripe from 'stripe'
import { AppError } from '../../errors.js'
import type { PaymentProvider } from './payment-provider.js'
import { createStripeCatalogue } from './stripe-catalogue.js'
import { stripeCheckoutCalls } from './stripe-checkout-calls.js'
import { call, OVERAGE_METER_EVENT } from './stripe-deps.js'
import { stripeSubscriptionCalls } from './stripe-subscription-calls.js'

export * from './stripe-deps.js'

/**
 * Stripe behind the payment-provider interface: Checkout for new subscriptions and card
 * changes, the customer portal, subscription updates with proration for upgrades, subscription
 * schedules for changes at the period end. Stripe renews and charges by itself; what happened
 * comes back through the signed webhook (stripe-webhook.service.ts).
 *
 * Prices are found by lookup key (timbre_<tier>_<period>_<currency>) and created from the plan
 * catalogue the first time they are needed, so an operator only sets the secret key. A promo
 * code or a first-month offer is a one-off Stripe coupon for the difference.
 */
export function createStripePaymentProvider(stripe: Stripe): PaymentProvider {
  const catalogue = createStripeCatalogue(stripe)
  const { ensureOverageItem } = catalogue

  return {
    name: 'stripe',
    testMode: false,
    hosted: true,
    ...stripeCheckoutCalls(stripe, catalogue),
    ...stripeSubscriptionCalls(stripe, catalogue),

    // Stripe charges renewals and usage itself; the billing job never asks it to.
    chargeCardOnFile: async () => {
      throw new AppError('payment_provider_failed', {
        message: 'Stripe charges its subscriptions itself; nothing is charged from here.',
      })
    },

    reportUsage: (report) =>
      call(async () => {
        await ensureOverageItem(report)
        // The identifier makes Stripe count a repeated event once; the idempotency key makes a
        // retried request return the first answer.
        const event = await stripe.billing.meterEvents.create(
          {
            event_name: OVERAGE_METER_EVENT,
            identifier: report.identifier,
            timestamp: Math.floor(report.at.getTime() / 1000),
            payload: { stripe_customer_id: report.customerId, value: String(report.amountCents) },
          },
          { idempotencyKey: `usage:${report.identifier}` },
        )
        return { reference: event.identifier }
      }),

    verifyCard: (input) =>
      call(async () => {
        if (!input.customerId) return { ok: false, brand: null, last4: null }
        const customer = await stripe.customers.retrieve(input.customerId, {
          expand: ['invoice_settings.default_payment_method'],
        })
        if (customer.deleted) return { ok: false, brand: null, last4: null }
        const method = customer.invoice_settings.default_payment_method
        if (!method || typeof method === 'string' || !method.card)
          return { ok: false, brand: null, last4: null }
        return { ok: true, brand: method.card.brand, last4: method.card.last4 }
      }),
  }
}
