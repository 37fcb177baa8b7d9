import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { bindUseCases } from '../../platform/use-cases.js'
import { requirePrincipal } from '../../plugins/auth.js'
import { describePurchase, type PurchasesDeps, payLocalPurchase } from './purchases.js'

const tags = ['billing (local test mode)']
const config = { auth: 'required', apiKeys: false } as const
const params = z.object({ purchase_id: z.string().min(1).max(100) })
const purchase = z.object({
  purchase_id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  description: z.string(),
  amount_cents: z.number(),
  currency: z.string(),
  provider: z.string(),
  return_path: z.string(),
  url: z.string().nullable(),
  test_mode: z.boolean(),
})

/**
 * The built-in provider's page for one-off purchases (a Productions order), for the app's own
 * checkout page: test mode, no real money; 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.
 */
export function localPurchaseRoutes(deps: PurchasesDeps): FastifyPluginAsyncZod {
  const purchases = bindUseCases(deps, { describePurchase, payLocalPurchase })
  return async (app) => {
    app.get(
      '/v1/billing/local/purchases/:purchase_id',
      {
        config,
        schema: {
          tags,
          summary: 'A one-off purchase of the local test-mode provider',
          params,
          response: { 200: purchase },
        },
      },
      async (request) =>
        purchases.describePurchase(requirePrincipal(request).workspaceId, request.params.purchase_id),
    )
    app.post(
      '/v1/billing/local/purchases/:purchase_id/pay',
      {
        config,
        schema: {
          tags,
          summary: 'Pay a one-off purchase with a test card (test mode)',
          params,
          body: z.object({ card_number: z.string().max(40) }),
          response: { 200: purchase },
        },
      },
      async (request) =>
        purchases.payLocalPurchase(
          requirePrincipal(request).workspaceId,
          request.params.purchase_id,
          request.body.card_number,
        ),
    )
  }
}
