import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { AccountBillingService } from './account-billing.service.js'
import { type promoValidation, subscriptionInfo } from './billing.schemas.js'
import { type BillingAccess, requireBillingAdmin } from './billing-access.js'
import type { CheckoutService } from './checkout.service.js'
import type { GrantsService } from './grants.service.js'
import type { PromoGuard, Redeemer } from './promo-codes.js'
import type { SubscriptionChangeService } from './subscription-change.service.js'

export const tags = ['billing']
// The account's own calls, at the paths the web client uses: signed in, never with an API key.
export const config = { auth: 'required', apiKeys: false } as const

/** The Fastify instance the billing routes register onto. */
export type BillingApp = Parameters<FastifyPluginAsyncZod>[0]

export interface BillingRoutesDeps {
  checkout: CheckoutService
  changes: SubscriptionChangeService
  account: AccountBillingService
  grants: GrantsService
  access: BillingAccess
  validatePromocode: (code: string, redeemer: Redeemer) => Promise<z.infer<typeof promoValidation>>
  promoGuard: PromoGuard
  originFor: (request: FastifyRequest) => string
  audit?: AuditLog | undefined
}

/** What every billing route shares: the admin check, the caller, the promo guard and the audit. */
export function billingRouteKit(deps: BillingRoutesDeps) {
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
  return { admin, plain, caller, withPromo, audited }
}

export type BillingRouteKit = ReturnType<typeof billingRouteKit>
