import { siteLink } from '@timbre/contract'
import type Stripe from 'stripe'
import { AppError } from '../../errors.js'
import type { PaymentProvider } from './payment-provider.js'
import type { StripeCatalogue } from './stripe-catalogue.js'
import { call } from './stripe-deps.js'

const STRIPE_MIN_CHECKOUT_MS = 31 * 60 * 1000
const STRIPE_MAX_CHECKOUT_MS = 23 * 60 * 60 * 1000

/** Pages hosted by Stripe: Checkout for a new subscription or a card change, the customer portal. */
export function stripeCheckoutCalls(
  stripe: Stripe,
  { priceId }: StripeCatalogue,
): Pick<PaymentProvider, 'checkoutUrl' | 'purchaseUrl' | 'portalUrl' | 'paymentMethodsUrl'> {
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

    purchaseUrl: (input) =>
      call(async () => {
        const back = (outcome: string) =>
          siteLink(
            input.origin,
            `${input.returnPath}${input.returnPath.includes('?') ? '&' : '?'}checkout=${outcome}`,
          )
        // Stripe keeps a Checkout page open for 30 minutes to 24 hours.
        const lifetime = Math.min(
          Math.max(input.expiresAt.getTime() - Date.now(), STRIPE_MIN_CHECKOUT_MS),
          STRIPE_MAX_CHECKOUT_MS,
        )
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency,
                  unit_amount: input.amountCents,
                  product_data: { name: input.description },
                },
              },
            ],
            client_reference_id: input.workspaceId,
            customer_email: input.email,
            success_url: back('success'),
            cancel_url: back('cancelled'),
            expires_at: Math.floor((Date.now() + lifetime) / 1000),
            metadata: { workspace_id: input.workspaceId, purchase_id: input.purchaseId },
          },
          { idempotencyKey: `purchase:${input.purchaseId}` },
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
