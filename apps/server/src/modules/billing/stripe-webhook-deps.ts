import type { Transaction } from 'kysely'
import type Stripe from 'stripe'
import type { DB } from '../../db/schema.js'
import type { Topic } from '../../platform/events.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { PaymentsRepository } from './payments.repository.js'
import type { PromoCodesRepository } from './promo-codes.repository.js'
import type { PurchaseSettled } from './purchases.js'
import type { PurchasesRepository } from './purchases.repository.js'
import type { SubscriptionsRepository } from './subscriptions.repository.js'

export interface StripeWebhookDeps {
  stripe: Stripe
  webhookSecret: string
  subscriptions: SubscriptionsRepository
  payments: PaymentsRepository
  promoCodes: PromoCodesRepository
  now: () => Date
  audit?: AuditLog | undefined
  /** Connected accounts' changes (Stripe Connect), for the payouts that live on them. */
  connectAccounts?: Topic<Stripe.Account> | undefined
  /** One-off purchases paid on Stripe Checkout, and where their outcome is told. */
  purchases?: { repository: PurchasesRepository; settled: Topic<PurchaseSettled> } | undefined
}

export const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null)
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null)

/** Plan changes the card provider reports are recorded in the workspace's audit log. */
export function audited(
  deps: StripeWebhookDeps,
  trx: Transaction<DB>,
  workspaceId: string,
  details: Record<string, unknown>,
) {
  return deps.audit?.recordSystem(
    trx,
    workspaceId,
    'stripe',
    'subscription_changed',
    { type: 'subscription', id: workspaceId },
    details,
  )
}

export async function rowForSubscription(
  deps: StripeWebhookDeps,
  trx: Transaction<DB>,
  subscription: Stripe.Subscription,
) {
  const { subscriptions } = deps
  const byId = await subscriptions.lockByProviderSubscription(trx, subscription.id)
  if (byId) return byId
  const workspaceId = subscription.metadata?.workspace_id
  return workspaceId ? subscriptions.lockForChange(trx, workspaceId) : undefined
}
