import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { AccountBillingService } from './account-billing.service.js'
import { billingPeriod, currency, localPortal, subscriptionInfo } from './billing.schemas.js'
import { type BillingAccess, requireBillingAdmin } from './billing-access.js'
import type { CheckoutService } from './checkout.service.js'

const tags = ['billing (local test mode)']
const config = { auth: 'required', apiKeys: false } as const
const params = z.object({ session_id: z.string().min(1).max(100) })

/**
 * The built-in provider's checkout, for the app's own checkout page: test mode, no real
 * money. 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.
 */
export function localCheckoutRoutes(deps: {
  checkout: CheckoutService
  account: AccountBillingService
  access: BillingAccess
  /** A paid checkout changes the plan: it is recorded in the audit log. */
  audit?: AuditLog | undefined
}): FastifyPluginAsyncZod {
  const { checkout, account } = deps
  const admin = { config, preHandler: requireBillingAdmin(deps.access) }
  return async (app) => {
    app.get(
      '/v1/billing/local/portal',
      {
        ...admin,
        schema: {
          tags,
          summary: "The local provider's portal: the subscription, the card on file, what is owed",
          response: { 200: localPortal },
        },
      },
      async (request) => account.localPortal(requirePrincipal(request).workspaceId),
    )

    app.post(
      '/v1/billing/local/portal/payment-method',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Replace the card on file with a test card; open invoices are paid with it',
          body: z.object({ card_number: z.string().max(40) }),
          response: { 200: localPortal },
        },
      },
      async (request) =>
        account.replaceLocalCard(requirePrincipal(request).workspaceId, request.body.card_number),
    )

    app.get(
      '/v1/billing/local/checkout/:session_id',
      {
        config,
        schema: {
          tags,
          summary: 'A checkout session of the local test-mode provider',
          params,
          response: {
            200: z.object({
              session_id: z.string(),
              status: z.enum(['open', 'complete', 'expired']),
              subscription_type: z.string(),
              billing_period: billingPeriod,
              currency,
              promocode: z.string().nullable(),
              list_price_cents: z.number(),
              amount_due_cents: z.number(),
              provider: z.string(),
              test_mode: z.boolean(),
            }),
          },
        },
      },
      async (request) => checkout.describe(requirePrincipal(request).workspaceId, request.params.session_id),
    )

    app.post(
      '/v1/billing/local/checkout/:session_id/pay',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Pay a checkout session with a test card (test mode)',
          params,
          body: z.object({ card_number: z.string().max(40) }),
          response: { 200: subscriptionInfo },
        },
      },
      async (request) => {
        const principal = requirePrincipal(request)
        const paid = await checkout.pay(
          principal.workspaceId,
          request.params.session_id,
          request.body.card_number,
        )
        await deps.audit?.record(
          undefined,
          principal,
          'subscription_changed',
          { type: 'subscription', id: principal.workspaceId },
          { action: 'checkout', tier: paid.tier },
        )
        return paid
      },
    )
  }
}
