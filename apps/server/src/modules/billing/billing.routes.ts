import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.js'
import { requirePrincipal } from '../../plugins/auth.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { AccountBillingService } from './account-billing.service.js'
import {
  cardCheck,
  changeBody,
  checkoutBody,
  grantCodeBody,
  grantSession,
  grantSessionBody,
  grantSettings,
  postGrantBody,
  promoValidation,
  subscriptionInfo,
  upgradeBody,
  urlResponse,
  usageBasedBillingBody,
} from './billing.schemas.js'
import { type BillingAccess, requireBillingAdmin } from './billing-access.js'
import type { CheckoutService } from './checkout.service.js'
import type { GrantsService } from './grants.service.js'
import type { PromoGuard, Redeemer } from './promo-codes.js'
import type { SubscriptionChangeService } from './subscription-change.service.js'

const tags = ['billing']
// The account's own calls, at the paths the web client uses: signed in, never with an API key.
const config = { auth: 'required', apiKeys: false } as const

export function billingRoutes(deps: {
  checkout: CheckoutService
  changes: SubscriptionChangeService
  account: AccountBillingService
  grants: GrantsService
  access: BillingAccess
  validatePromocode: (code: string, redeemer: Redeemer) => Promise<z.infer<typeof promoValidation>>
  promoGuard: PromoGuard
  originFor: (request: FastifyRequest) => string
  audit?: AuditLog | undefined
}): FastifyPluginAsyncZod {
  const { checkout, changes, account, grants } = deps
  // Every call that spends, changes or shows the workspace's billing needs a billing admin.
  const admin = { config, preHandler: requireBillingAdmin(deps.access) }
  const plain = (summary: string) => ({
    ...admin,
    schema: { tags, summary, response: { 200: subscriptionInfo } },
  })
  const caller = (request: FastifyRequest) => requirePrincipal(request)
  /** A call that reads a promo code: wrong codes count against the caller and the address. */
  const withPromo = <T>(request: FastifyRequest, code: string | null | undefined, work: () => Promise<T>) =>
    deps.promoGuard.guard({ userId: caller(request).userId, address: request.ip }, code, work)
  /** A plan change that went through, in the workspace's audit log. */
  const audited = async <T>(request: FastifyRequest, action: string, result: T, details: object = {}) => {
    const principal = caller(request)
    const target = { type: 'subscription', id: principal.workspaceId }
    await deps.audit?.record(undefined, principal, 'subscription_changed', target, { action, ...details })
    return result
  }
  return async (app) => {
    app.post(
      '/create-checkout-session',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Start a paid subscription: the page where it is paid',
          body: checkoutBody,
          response: { 200: urlResponse },
        },
      },
      async (request) =>
        withPromo(request, request.body.promocode, () =>
          checkout.create(caller(request), deps.originFor(request), request.body),
        ),
    )

    app.post(
      '/change-subscription',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Upgrade now (prorated) or schedule a downgrade for the end of the period',
          body: changeBody,
          response: { 200: subscriptionInfo },
        },
      },
      async (request) => {
        const { workspaceId, userId } = caller(request)
        const changed = await withPromo(request, request.body.promocode, () =>
          changes.change(workspaceId, userId, request.body),
        )
        return audited(request, 'change', changed, { tier: request.body.subscription_type })
      },
    )

    app.post(
      '/v1/billing/upgrade-subscription',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Upgrade now, charged once per idempotency key (the promo upgrade dialog)',
          body: upgradeBody,
          response: { 200: subscriptionInfo },
        },
      },
      async (request) => {
        const { workspaceId, userId } = caller(request)
        const upgraded = await withPromo(request, request.body.promocode, () =>
          changes.upgradeOnly(workspaceId, userId, request.body),
        )
        return audited(request, 'upgrade', upgraded, { tier: request.body.subscription_type })
      },
    )

    app.post('/cancel-downgrade', plain('Cancel the scheduled downgrade'), async (request) =>
      audited(request, 'cancel_downgrade', await changes.cancelDowngrade(caller(request).workspaceId)),
    )
    app.post('/cancel-subscription', plain('Cancel at the end of the paid period'), async (request) =>
      audited(request, 'cancel', await changes.cancel(caller(request).workspaceId)),
    )
    app.post('/renew-subscription', plain('Take back a scheduled cancellation'), async (request) =>
      audited(request, 'renew', await changes.renew(caller(request).workspaceId)),
    )

    app.post(
      '/apply-discount',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Apply a discount code to the subscription',
          body: z.object({ discount_code: z.string().max(100) }),
          response: { 200: subscriptionInfo },
        },
      },
      async (request) => changes.applyDiscount(caller(request).workspaceId, request.body.discount_code),
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
      async (request) => {
        const { workspaceId, userId } = caller(request)
        // An empty code is simply not valid, and costs no attempt.
        return withPromo(request, request.body.promocode, () =>
          deps.validatePromocode(request.body.promocode, { workspaceId, userId }),
        ).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'invalid_promocode')
            return { valid: false, amount_off: null, percent_off: null, duration_in_months: null }
          throw error
        })
      },
    )

    app.get(
      '/v1/billing/subscription-info',
      {
        ...admin,
        schema: {
          tags,
          summary: 'The subscription, its scheduled change and next invoice',
          response: { 200: subscriptionInfo },
        },
      },
      async (request) => changes.info(caller(request).workspaceId),
    )

    app.post(
      '/create-portal-session',
      {
        ...admin,
        schema: { tags, summary: "The payment provider's customer portal", response: { 200: urlResponse } },
      },
      async (request) => account.portalUrl(caller(request), deps.originFor(request)),
    )

    app.post(
      '/create-update-payment-methods-session',
      {
        ...admin,
        schema: {
          tags,
          summary: 'The page where the card on file is replaced',
          response: { 200: urlResponse },
        },
      },
      async (request) => account.paymentMethodsUrl(caller(request), deps.originFor(request)),
    )

    app.post(
      '/verify-card',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Check that the card on file can pay (usage-based billing needs it)',
          response: { 200: cardCheck },
        },
      },
      async (request) => account.verifyCard(caller(request).workspaceId),
    )

    app.post(
      '/v1/billing/usage-based-billing',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Turn usage-based billing (characters above the credits) on or off',
          body: usageBasedBillingBody,
          response: { 200: subscriptionInfo },
        },
      },
      async (request) => account.setUsageBasedBilling(caller(request).workspaceId, request.body),
    )

    app.post(
      '/create-grant-acceptance-session',
      {
        ...admin,
        schema: {
          tags,
          summary: 'The page where a grant offer is accepted',
          body: grantCodeBody,
          response: { 200: z.object({ url: z.string(), session_id: z.string() }) },
        },
      },
      async (request) =>
        grants.createAcceptanceSession(caller(request), deps.originFor(request), request.body.grant_code),
    )

    app.post(
      '/convert-paying-workspace-to-grant',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Move a paying workspace onto an accepted grant; its paid plan follows the grant',
          body: grantSessionBody,
          response: { 200: subscriptionInfo },
        },
      },
      async (request) => grants.convertPayingWorkspace(caller(request).workspaceId, request.body.session_id),
    )

    app.post(
      '/set-post-grant-subscription',
      {
        ...admin,
        schema: {
          tags,
          summary: 'The subscription that follows the grant',
          body: postGrantBody,
          response: { 200: grantSettings },
        },
      },
      async (request) => grants.setPostGrantSubscription(caller(request).workspaceId, request.body),
    )

    const sessionParams = z.object({ session_id: z.string().min(1).max(100) })
    app.get(
      '/v1/billing/grant-sessions/:session_id',
      {
        config,
        schema: {
          tags,
          summary: 'A grant acceptance session',
          params: sessionParams,
          response: { 200: grantSession },
        },
      },
      async (request) => grants.describeSession(caller(request).workspaceId, request.params.session_id),
    )
    app.post(
      '/v1/billing/grant-sessions/:session_id/accept',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Accept the grant (a paying workspace converts instead)',
          params: sessionParams,
          response: { 200: subscriptionInfo },
        },
      },
      async (request) => grants.accept(caller(request).workspaceId, request.params.session_id),
    )

    app.get(
      '/grant-end-subscription-settings',
      {
        config,
        schema: { tags, summary: 'What happens when the grant ends', response: { 200: grantSettings } },
      },
      async (request) => grants.endSettings(caller(request).workspaceId),
    )
  }
}
