import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { changeBody, checkoutBody, promoValidation, subscriptionInfo } from './billing.schemas.js'
import type { CheckoutService } from './checkout.service.js'
import type { SubscriptionChangeService } from './subscription-change.service.js'

const tags = ['billing']
// The account's own calls, at the paths the web client uses: signed in, never with an API key.
const config = { auth: 'required', apiKeys: false } as const

export function billingRoutes(deps: {
  checkout: CheckoutService
  changes: SubscriptionChangeService
  validatePromocode: (code: string) => Promise<z.infer<typeof promoValidation>>
  originFor: (request: FastifyRequest) => string
}): FastifyPluginAsyncZod {
  const { checkout, changes } = deps
  const plain = (summary: string) => ({
    config,
    schema: { tags, summary, response: { 200: subscriptionInfo } },
  })
  return async (app) => {
    app.post(
      '/create-checkout-session',
      {
        config,
        schema: {
          tags,
          summary: 'Start a paid subscription: the page where it is paid',
          body: checkoutBody,
          response: { 200: z.object({ url: z.string() }) },
        },
      },
      async (request) => {
        const principal = requirePrincipal(request)
        const origin = deps.originFor(request)
        return checkout.create(principal.workspaceId, principal.userId, origin, request.body)
      },
    )

    app.post(
      '/change-subscription',
      {
        config,
        schema: {
          tags,
          summary: 'Upgrade now (prorated) or schedule a downgrade for the end of the period',
          body: changeBody,
          response: { 200: subscriptionInfo },
        },
      },
      async (request) => changes.change(requirePrincipal(request).workspaceId, request.body),
    )

    app.post('/cancel-downgrade', plain('Cancel the scheduled downgrade'), async (request) =>
      changes.cancelDowngrade(requirePrincipal(request).workspaceId),
    )
    app.post('/cancel-subscription', plain('Cancel at the end of the paid period'), async (request) =>
      changes.cancel(requirePrincipal(request).workspaceId),
    )
    app.post('/renew-subscription', plain('Take back a scheduled cancellation'), async (request) =>
      changes.renew(requirePrincipal(request).workspaceId),
    )

    app.post(
      '/apply-discount',
      {
        config,
        schema: {
          tags,
          summary: 'Apply a discount code to the subscription',
          body: z.object({ discount_code: z.string().max(100) }),
          response: { 200: subscriptionInfo },
        },
      },
      async (request) =>
        changes.applyDiscount(requirePrincipal(request).workspaceId, request.body.discount_code),
    )

    app.post(
      '/validate-promocode',
      {
        config,
        schema: {
          tags,
          summary: 'Check a promo code',
          body: z.object({ promocode: z.string().max(100) }),
          response: { 200: promoValidation },
        },
      },
      async (request) => deps.validatePromocode(request.body.promocode),
    )

    app.get(
      '/v1/billing/subscription-info',
      {
        config,
        schema: {
          tags,
          summary: 'The subscription, its scheduled change and next invoice',
          response: { 200: subscriptionInfo },
        },
      },
      async (request) => changes.info(requirePrincipal(request).workspaceId),
    )
  }
}
