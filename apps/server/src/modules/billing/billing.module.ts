import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB, SubscriptionRow } from '../../db/schema.js'
import type { SiteAddress } from '../../plugins/site-address.js'
import type { DomainModule } from '../domain-module.js'
import { billingRoutes } from './billing.routes.js'
import { createCheckoutService } from './checkout.service.js'
import { invoicesRoutes } from './invoices.routes.js'
import { localCheckoutRoutes } from './local-checkout.routes.js'
import { createLocalPaymentProvider, type PaymentProvider } from './payment-provider.js'
import { createPaymentsRepository } from './payments.repository.js'
import { checkRequestSize, planOf, type WorkspacePlan } from './plan-rules.js'
import { plansRoutes } from './plans.routes.js'
import { validatePromo } from './promo-codes.js'
import { createSubscriptionChangeService } from './subscription-change.service.js'
import { createSubscriptionsRepository, type SubscriptionsRepository } from './subscriptions.repository.js'

/** The workspace's character count, moved inside the credit ledger's own transactions. */
export type SubscriptionCounter = Pick<
  SubscriptionsRepository,
  'addCharacters' | 'subtractCharacters' | 'characterCount'
>

export interface BillingPorts {
  /** The workspace's plan: tier, limits, allowance above the limit, per-request maximum. */
  plan(workspaceId: string): Promise<WorkspacePlan>
  checkRequestSize(plan: WorkspacePlan, characters: number): void
  /** The subscription row (GET /v1/user/subscription). */
  subscription(workspaceId: string): Promise<SubscriptionRow>
  /** Sign-up: the free subscription of a new workspace, in the sign-up transaction. */
  insertFreeSubscription(
    trx: Transaction<DB>,
    input: { workspaceId: string; characterLimit: number; nextResetAt: Date },
  ): Promise<void>
  characterCount(workspaceId: string): Promise<number>
  /** The count's conditional updates, for the credits ledger's transactions. */
  subscriptions: SubscriptionCounter
}

/**
 * Subscriptions, the rules of the plans, checkout and plan changes. The payment provider is
 * the built-in local one (test mode) unless another is passed.
 */
export function createBillingModule(deps: {
  db: Database
  /** Builds the checkout page's address; only the routes need it. */
  site?: SiteAddress
  provider?: PaymentProvider
  now?: () => Date
}): DomainModule<BillingPorts> {
  const subscriptions = createSubscriptionsRepository(deps.db)
  const payments = createPaymentsRepository(deps.db)
  const provider = deps.provider ?? createLocalPaymentProvider()
  const now = deps.now ?? (() => new Date())
  const checkout = createCheckoutService({ subscriptions, payments, provider, now })
  const changes = createSubscriptionChangeService({ subscriptions, payments, provider, now })
  return {
    name: 'billing',
    routes: async (app) => {
      await app.register(plansRoutes({ testMode: provider.testMode }))
      await app.register(
        billingRoutes({
          checkout,
          changes,
          validatePromocode: (code) => validatePromo(payments, code, now()),
          originFor: (request) => deps.site?.originFor(request) ?? `${request.protocol}://${request.host}`,
        }),
      )
      await app.register(invoicesRoutes(payments))
      if (provider.name === 'local') await app.register(localCheckoutRoutes(checkout))
    },
    ports: {
      plan: async (workspaceId) => planOf(await subscriptions.find(workspaceId)),
      checkRequestSize,
      subscription: (workspaceId) => subscriptions.find(workspaceId),
      insertFreeSubscription: (trx, input) => subscriptions.insertFree(trx, input),
      characterCount: (workspaceId) => subscriptions.characterCount(workspaceId),
      subscriptions,
    },
  }
}

export { addOneMonth } from './billing-period.js'
export type { WorkspacePlan } from './plan-rules.js'
