import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { SiteAddress } from '../../plugins/site-address.js'
import { principalIn } from './access.js'
import { customer, tags, taskParams, workspaceParams } from './productions.schemas.js'
import type { CustomerService } from './productions.service.js'

const base = '/v1/productions/workspace/:workspaceId'

/** Paying an order: credits, the card checkout page, or an enterprise quote decision. */
export function orderPaymentRoutes(service: CustomerService, site: SiteAddress): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `${base}/orders/:orderId/pay`,
      {
        config: customer,
        schema: {
          tags,
          summary:
            "Pay an order waiting for payment: with the workspace's credits (charged once), or by card on the checkout page it answers",
          params: workspaceParams.extend({ orderId: z.string().min(1).max(64) }),
          body: z.strictObject({ method: z.enum(['credits', 'checkout']) }),
          response: {
            200: z.union([
              z.object({ order_id: z.string(), status: z.string(), credits_charged: z.number() }),
              z.object({
                order_id: z.string(),
                purchase_id: z.string(),
                url: z.string(),
                amount_cents: z.number(),
                currency: z.string(),
              }),
            ]),
          },
        },
      },
      async (request) => {
        const principal = principalIn(request)
        if (request.body.method === 'credits')
          return service.payWithCredits(principal, request.params.orderId)
        return service.payWithCheckout(principal, {
          orderId: request.params.orderId,
          origin: site.originFor(request),
        })
      },
    )

    app.post(
      `${base}/tasks/:descriptionId/enterprise-quote-decision`,
      {
        config: customer,
        schema: {
          tags,
          summary:
            "Enterprise workspaces: accept the production's quote (its credits are charged once) or decline it (the order is cancelled)",
          params: taskParams,
          body: z.strictObject({ decision: z.enum(['accept', 'decline']) }),
          response: {
            200: z.object({
              description_id: z.string(),
              decision: z.enum(['accept', 'decline']),
              status: z.string(),
              credits_charged: z.number(),
            }),
          },
        },
      },
      async (request) =>
        service.decideEnterpriseQuote(principalIn(request), {
          taskId: request.params.descriptionId,
          decision: request.body.decision,
        }),
    )
  }
}
