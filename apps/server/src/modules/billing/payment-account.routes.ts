import { cardCheck, subscriptionInfo, urlResponse, usageBasedBillingBody } from './billing.schemas.js'
import { type BillingApp, type BillingRouteKit, type BillingRoutesDeps, tags } from './billing-routes-deps.js'

/** The payment provider's portal, the card on file and usage-based billing. */
export function paymentAccountRoutes(app: BillingApp, deps: BillingRoutesDeps, kit: BillingRouteKit): void {
  const { account } = deps
  const { admin, caller } = kit
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
}
