import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { StripeWebhookService } from './stripe-webhook.service.js'

/**
 * Stripe's webhook endpoint: no session, the signature is the authentication. The body is kept
 * as the exact bytes Stripe signed (parsed JSON would not verify).
 */
export function stripeRoutes(webhooks: StripeWebhookService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers()
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    )
    app.post(
      '/v1/billing/stripe/webhook',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['billing'],
          summary: "Stripe's signed events (subscriptions, invoices, checkout)",
          headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
          response: { 200: z.object({ received: z.boolean(), applied: z.boolean(), type: z.string() }) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('')
        return webhooks.receive(raw, request.headers['stripe-signature'])
      },
    )
  }
}
