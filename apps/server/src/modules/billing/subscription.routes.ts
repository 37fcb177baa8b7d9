import { z } from 'zod'
import { AppError } from '../../errors.js'
import {
  changeBody,
  checkoutBody,
  promoValidation,
  subscriptionInfo,
  upgradeBody,
  urlResponse,
} from './billing.schemas.js'
import {
  type BillingApp,
  type BillingRouteKit,
  type BillingRoutesDeps,
  config,
  tags,
} from './billing-routes-deps.js'

/** Starting, changing, cancelling and renewing the subscription, and the promo codes they take. */
export function subscriptionRoutes(app: BillingApp, deps: BillingRoutesDeps, kit: BillingRouteKit): void {
  const { checkout, changes } = deps
  const { admin, plain, caller, withPromo, audited } = kit
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
}
