import { siteLink } from '@timbre/contract'
import type Stripe from 'stripe'
import { AppError } from '../../errors.js'
import type { PaymentProvider } from './payment-provider.js'
import type { StripeCatalogue } from './stripe-catalogue.js'
import { call } from './stripe-deps.js'

/** Pages hosted by Stripe: Checkout for a new subscription or a card change, the customer portal. */
export function stripeCheckoutCalls(
  stripe: Stripe,
  { priceId }: StripeCatalogue,
): Pick<PaymentProvider, 'checkoutUrl' | 'portalUrl' | 'paymentMethodsUrl'> {
  return {
    checkoutUrl: (input) =>
      call(async () => {
        const price = await priceId(input.tier, input.billingPeriod, input.currency)
        const off = input.listPriceCents - input.amountDueCents
        const coupon =
          off > 0
            ? await stripe.coupons.create(
                {
                  amount_off: off,
                  currency: input.currency,
                  duration: input.discountMonths && input.discountMonths > 1 ? 'repeating' : 'once',
                  ...(input.discountMonths && input.discountMonths > 1
                    ? { duration_in_months: input.discountMonths }
                    : {}),
                  max_redemptions: 1,
                },
                { idempotencyKey: `coupon:${input.sessionId}` },
              )
            : null
        const metadata = {
          workspace_id: input.workspaceId,
          session_id: input.sessionId,
          tier: input.tier,
          billing_period: input.billingPeriod,
        }
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price, quantity: 1 }],
            client_reference_id: input.workspaceId,
            ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
            ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
            success_url: siteLink(input.origin, '/subscription?checkout=success'),
            cancel_url: siteLink(input.origin, '/pricing?checkout=cancelled'),
            metadata,
            subscription_data: { metadata },
          },
          { idempotencyKey: `checkout:${input.sessionId}` },
        )
        if (!session.url) throw new AppError('checkout_failed')
        return { url: session.url, providerSessionId: session.id }
      }),

    portalUrl: (input) =>
      call(async () => {
        if (!input.customerId) throw new AppError('no_subscription')
        const session = await stripe.billingPortal.sessions.create({
          customer: input.customerId,
          return_url: siteLink(input.origin, '/subscription'),
        })
        return session.url
      }),

    paymentMethodsUrl: (input) =>
      call(async () => {
        if (!input.customerId) throw new AppError('no_subscription')
        const session = await stripe.checkout.sessions.create({
          mode: 'setup',
          customer: input.customerId,
          currency: input.currency,
          success_url: siteLink(input.origin, '/subscription?payment_method=updated'),
          cancel_url: siteLink(input.origin, '/subscription'),
          metadata: { workspace_id: input.workspaceId },
        })
        if (!session.url) throw new AppError('payment_provider_failed')
        return session.url
      }),
  }
}
