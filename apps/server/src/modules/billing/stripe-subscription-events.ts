import type { Transaction } from 'kysely'
import type Stripe from 'stripe'
import type { DB } from '../../db/schema.js'
import { freePlanPatch, planCredits } from './credit-periods.js'
import { planItemOf, planOfLookupKey } from './stripe-provider.js'
import { audited, fromUnix, idOf, rowForSubscription, type StripeWebhookDeps } from './stripe-webhook-deps.js'

/** Stripe's subscription statuses in ours (a canceled subscription is the free plan). */
function statusOf(status: Stripe.Subscription.Status): 'active' | 'past_due' | 'incomplete' | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active'
    case 'past_due':
    case 'unpaid':
      return 'past_due'
    case 'incomplete':
    case 'paused':
      return 'incomplete'
    default:
      return null
  }
}

export async function subscriptionUpdated(
  deps: StripeWebhookDeps,
  trx: Transaction<DB>,
  subscription: Stripe.Subscription,
) {
  const { subscriptions } = deps
  const row = await rowForSubscription(deps, trx, subscription)
  if (!row) return
  const status = statusOf(subscription.status)
  if (!status) {
    await subscriptions.update(trx, row.workspace_id, freePlanPatch(row, deps.now()))
    await audited(deps, trx, row.workspace_id, { action: 'ended', from_tier: row.tier, tier: 'free' })
    return
  }
  const item = planItemOf(subscription)
  const plan = planOfLookupKey(item?.price.lookup_key)
  const start = fromUnix(item?.current_period_start) ?? row.current_period_start
  const end = fromUnix(item?.current_period_end) ?? row.current_period_end
  const tierChanged = plan !== null && plan.tier !== row.tier
  const cancelling = subscription.cancel_at_period_end || subscription.cancel_at !== null
  await subscriptions.update(trx, row.workspace_id, {
    status,
    provider_subscription_id: subscription.id,
    provider_customer_id: idOf(subscription.customer),
    current_period_start: start,
    current_period_end: end,
    ...(plan ? { tier: plan.tier, billing_period: plan.period } : {}),
    // A plan change keeps what was used and what was carried over.
    ...(tierChanged && plan
      ? { character_limit: planCredits(plan.tier) + row.rollover_older + row.rollover_newer }
      : {}),
    ...(cancelling
      ? { pending_change_kind: 'cancellation', pending_next_tier: 'free', pending_billing_period: null }
      : row.pending_change_kind === 'cancellation' || tierChanged
        ? { pending_change_kind: null, pending_next_tier: null, pending_billing_period: null }
        : {}),
    ...(tierChanged ? { provider_schedule_id: idOf(subscription.schedule ?? null) } : {}),
  })
  if (tierChanged && plan)
    await audited(deps, trx, row.workspace_id, {
      action: 'change',
      from_tier: row.tier,
      tier: plan.tier,
      billing_period: plan.period,
    })
}

export async function subscriptionDeleted(
  deps: StripeWebhookDeps,
  trx: Transaction<DB>,
  subscription: Stripe.Subscription,
) {
  const { subscriptions } = deps
  const row = await rowForSubscription(deps, trx, subscription)
  if (!row || row.provider_subscription_id !== subscription.id) return
  await subscriptions.update(trx, row.workspace_id, freePlanPatch(row, deps.now()))
  await audited(deps, trx, row.workspace_id, { action: 'ended', from_tier: row.tier, tier: 'free' })
}
