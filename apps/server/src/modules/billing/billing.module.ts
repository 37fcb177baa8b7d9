import type { Transaction } from 'kysely'
import type Stripe from 'stripe'
import type { StripeConfig } from '../../config.js'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { createTopic, type Topic } from '../../platform/events.js'
import type { SiteAddress } from '../../plugins/site-address.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { DomainModule } from '../domain-module.js'
import { createAccountBillingService } from './account-billing.service.js'
import { billingRoutes } from './billing.routes.js'
import type { SubscriptionRow } from './billing.tables.js'
import type { BillingAccess } from './billing-access.js'
import { createCheckoutService } from './checkout.service.js'
import { createGrantsService } from './grants.service.js'
import { invoicesRoutes } from './invoices.routes.js'
import { localCheckoutRoutes } from './local-checkout.routes.js'
import { operatorRoutes } from './operator.routes.js'
import { createOperatorOffersRepository } from './operator-offers.repository.js'
import { createOperatorOffersService, type OperatorOffersService } from './operator-offers.service.js'
import { createLocalPaymentProvider, type PaymentProvider } from './payment-provider.js'
import { createPaymentsRepository } from './payments.repository.js'
import { checkRequestSize, planOf, type WorkspacePlan } from './plan-rules.js'
import { plansRoutes } from './plans.routes.js'
import { createPromoGuard, validatePromo } from './promo-codes.js'
import { createPromoCodesRepository } from './promo-codes.repository.js'
import { localPurchaseRoutes } from './purchase.routes.js'
import {
  type OpenPurchase,
  openPurchase,
  type PurchaseSettled,
  type PurchasesDeps,
  purchaseState,
  type purchaseView,
} from './purchases.js'
import { createPurchasesRepository } from './purchases.repository.js'
import { createRenewalsService, type RenewalsService } from './renewals.service.js'
import { stripeRoutes } from './stripe.routes.js'
import { createStripeClient, createStripePaymentProvider } from './stripe-provider.js'
import { createStripeWebhookService } from './stripe-webhook.service.js'
import { createSubscriptionChangeService } from './subscription-change.service.js'
import { type PublicSubscriptionFields, publicSubscriptionFields } from './subscription-state.js'
import { createSubscriptionsRepository, type SubscriptionsRepository } from './subscriptions.repository.js'
import { createUsageReportsRepository } from './usage-reports.repository.js'

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
  /** The billing fields of the public subscription object: scheduled change, invoices, overage. */
  subscriptionBilling(row: SubscriptionRow): Promise<PublicSubscriptionFields>
  /** Sign-up: the free subscription of a new workspace, in the sign-up transaction. */
  insertFreeSubscription(
    trx: Transaction<DB>,
    input: { workspaceId: string; characterLimit: number; nextResetAt: Date },
  ): Promise<void>
  characterCount(workspaceId: string): Promise<number>
  /** The count's conditional updates, for the credits ledger's transactions. */
  subscriptions: SubscriptionCounter
  /** Credit resets and renewals due at `now` (what the scheduled job runs). */
  renewals: Pick<RenewalsService, 'runDue'>
  /** Issues a grant offer (as the operator would), redeemed through the grant acceptance flow. */
  issueGrantOffer: OperatorOffersService['createGrantOffer']
  /**
   * Stripe's `account.updated` deliveries (signature checked, each applied once): a connected
   * account's state changed at Stripe. Affiliates' payout accounts subscribe.
   */
  connectAccounts: Pick<Topic<Stripe.Account>, 'subscribe'>
  /**
   * One-off purchases paid on a checkout page (Productions orders): open one (or find the open
   * one) for a thing sold, read its state, and hear when one is paid or its page expires.
   */
  purchases: {
    open(input: OpenPurchase): Promise<ReturnType<typeof purchaseView>>
    state(purchaseId: string): Promise<ReturnType<typeof purchaseView> | null>
    settled: Pick<Topic<PurchaseSettled>, 'subscribe'>
  }
}

/** Every minute: a credit boundary is honoured within a minute of passing. */
const RENEWALS_CRON = '* * * * *'

/**
 * Subscriptions, the rules of the plans, checkout and plan changes, credits over time. The
 * payment provider is Stripe when a secret key is configured, else the built-in local one
 * (test mode), unless another is passed.
 */
export function createBillingModule(deps: {
  db: Database
  /** Builds the checkout page's address; only the routes need it. */
  site?: SiteAddress
  provider?: PaymentProvider
  stripe?: StripeConfig | null
  /** The operator API's Bearer token; null or absent: no operator API. */
  operatorToken?: string | null
  /** Who may manage a workspace's billing (the workspace domain answers). */
  access?: BillingAccess
  now?: () => Date
  /** Plan changes are recorded in the audit log. */
  audit?: AuditLog
}): DomainModule<BillingPorts> {
  const subscriptions = createSubscriptionsRepository(deps.db)
  const payments = createPaymentsRepository(deps.db)
  const promoCodes = createPromoCodesRepository(deps.db)
  const stripeClient = deps.stripe
    ? createStripeClient({ secretKey: deps.stripe.secretKey, ...(deps.stripe.api ?? {}) })
    : null
  const provider =
    deps.provider ?? (stripeClient ? createStripePaymentProvider(stripeClient) : createLocalPaymentProvider())
  const now = deps.now ?? (() => new Date())
  // Until the workspace domain answers, a user manages the billing of their own workspace only
  // (every account has one personal workspace; the principal's workspace is always theirs).
  const access: BillingAccess = deps.access ?? { canManageBilling: async () => true }
  const checkout = createCheckoutService({ subscriptions, payments, promoCodes, provider, now })
  const changes = createSubscriptionChangeService({ subscriptions, payments, promoCodes, provider, now })
  const promoGuard = createPromoGuard({ codes: promoCodes, now })
  const renewals = createRenewalsService({
    subscriptions,
    payments,
    provider,
    usageReports: createUsageReportsRepository(deps.db),
  })
  const account = createAccountBillingService({ subscriptions, payments, provider, renewals, now })
  const grants = createGrantsService({ subscriptions, payments, provider, now })
  const connectAccounts = createTopic<Stripe.Account>()
  const purchasesDeps: PurchasesDeps = {
    purchases: createPurchasesRepository(deps.db),
    provider,
    now,
    settled: createTopic<PurchaseSettled>(),
  }
  const webhookSecret = deps.stripe?.webhookSecret
  const webhooks =
    stripeClient && webhookSecret
      ? createStripeWebhookService({
          stripe: stripeClient,
          webhookSecret,
          subscriptions,
          payments,
          promoCodes,
          now,
          audit: deps.audit,
          connectAccounts,
          purchases: { repository: purchasesDeps.purchases, settled: purchasesDeps.settled },
        })
      : null
  return {
    name: 'billing',
    routes: async (app) => {
      await app.register(plansRoutes({ testMode: provider.testMode }))
      await app.register(
        billingRoutes({
          checkout,
          changes,
          account,
          grants,
          access,
          promoGuard,
          validatePromocode: (code, redeemer) => validatePromo(payments, promoCodes, code, now(), redeemer),
          originFor: (request) => deps.site?.originFor(request) ?? `${request.protocol}://${request.host}`,
          audit: deps.audit,
        }),
      )
      await app.register(invoicesRoutes(payments, access))
      if (provider.name === 'local') {
        await app.register(localCheckoutRoutes({ checkout, account, access, audit: deps.audit }))
        await app.register(localPurchaseRoutes(purchasesDeps))
      }
      if (webhooks) await app.register(stripeRoutes(webhooks))
      if (deps.operatorToken) {
        const offers = createOperatorOffersService({ offers: createOperatorOffersRepository(deps.db), now })
        await app.register(operatorRoutes({ token: deps.operatorToken, offers }))
      }
    },
    jobs: async (queue) => {
      await queue.work('billing.renewals', async () => {
        await renewals.runDue(now())
        // Wrong promo codes older than the guessing window no longer count.
        await promoGuard.sweep()
      })
      await queue.schedule('billing.renewals', RENEWALS_CRON, {})
    },
    ports: {
      plan: async (workspaceId) => planOf(await subscriptions.find(workspaceId)),
      checkRequestSize,
      subscription: (workspaceId) => subscriptions.find(workspaceId),
      subscriptionBilling: async (row) =>
        publicSubscriptionFields(row, await payments.openInvoices(row.workspace_id)),
      insertFreeSubscription: (trx, input) => subscriptions.insertFree(trx, input),
      characterCount: (workspaceId) => subscriptions.characterCount(workspaceId),
      subscriptions,
      renewals: { runDue: (at) => renewals.runDue(at) },
      connectAccounts,
      purchases: {
        open: (input) => openPurchase(purchasesDeps, input),
        state: (purchaseId) => purchaseState(purchasesDeps, purchaseId),
        settled: purchasesDeps.settled,
      },
      issueGrantOffer: (input) =>
        createOperatorOffersService({
          offers: createOperatorOffersRepository(deps.db),
          now,
        }).createGrantOffer(input),
    },
  }
}

export type { SubscriptionRow } from './billing.tables.js'
export type { BillingAccess } from './billing-access.js'
export { addOneMonth } from './billing-period.js'
export { operatorTokenCheck } from './operator.routes.js'
export type { PaymentProvider } from './payment-provider.js'
export type { WorkspacePlan } from './plan-rules.js'
export type { PurchaseSettled } from './purchases.js'
