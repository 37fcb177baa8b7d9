import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type BillingRoutesDeps, billingRouteKit } from './billing-routes-deps.js'
import { grantRoutes } from './grant.routes.js'
import { paymentAccountRoutes } from './payment-account.routes.js'
import { subscriptionRoutes } from './subscription.routes.js'

export type { BillingRoutesDeps } from './billing-routes-deps.js'

/** The billing routes, one file per resource group, registered onto the same instance. */
export function billingRoutes(deps: BillingRoutesDeps): FastifyPluginAsyncZod {
  const kit = billingRouteKit(deps)
  return async (app) => {
    subscriptionRoutes(app, deps, kit)
    paymentAccountRoutes(app, deps, kit)
    grantRoutes(app, deps, kit)
  }
}
