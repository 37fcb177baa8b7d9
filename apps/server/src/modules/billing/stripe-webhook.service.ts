import { randomUUID } from 'node:crypto'
import { type BillingPeriod, billingCurrency, type PaidPurchasableTier } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type Stripe from 'stripe'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { SubscriptionRow } from './billing.tables.js'
import { paidActivationPatch } from './checkout.service.js'
import { freePlanPatch, nextMonthlyBoundary, planCredits } from './credit-periods.js'
import type { PaymentsRepository } from './payments.repository.js'
import type { PromoCodesRepository } from './promo-codes.repository.js'
import { planItemOf, planOfLookupKey } from './stripe-provider.js'
import { billingPeriodOf } from './subscription-state.js'
import type { SubscriptionsRepository } from './subscriptions.repository.js'

interface Deps {
  stripe: Stripe
  webhookSecret: string
  subscriptions: SubscriptionsRepository
  payments: PaymentsRepository
  promoCodes: PromoCodesRepository
  now: () => Date
  audit?: AuditLog | undefined
}

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null)
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null)

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

/** The subscription an invoice belongs to (where the API version puts it). */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription
  return idOf(legacy) ?? idOf(invoice.parent?.subscription_details?.subscription ?? null)
}

/**
 * Stripe's signed webhook. The signature is checked against the raw body with the endpoint's
 * secret; each event is applied in one transaction together with its row in billing_events, so
 * a replayed (or concurrently redelivered) event changes nothing.
 */
export function createStripeWebhookService(deps: Deps) {
  const { stripe, subscriptions, payments, promoCodes } = deps
  /** Plan changes the card provider reports are recorded in the workspace's audit log. */
  const audited = (trx: Transaction<DB>, workspaceId: string, details: Record<string, unknown>) =>
    deps.audit?.recordSystem(
      trx,
      workspaceId,
      'stripe',
      'subscription_changed',
      { type: 'subscription', id: workspaceId },
      details,
    )

  async function rowForSubscription(trx: Transaction<DB>, subscription: Stripe.Subscription) {
    const byId = await subscriptions.lockByProviderSubscription(trx, subscription.id)
    if (byId) return byId
    const workspaceId = subscription.metadata?.workspace_id
    return workspaceId ? subscriptions.lockForChange(trx, workspaceId) : undefined
  }

  async function checkoutCompleted(trx: Transaction<DB>, session: Stripe.Checkout.Session) {
    if (session.mode !== 'subscription') return
    const ours = session.metadata?.session_id
    if (!ours) return
    const checkout = await payments.lockSessionById(trx, ours)
    if (!checkout || checkout.status === 'complete') return
    const row = await subscriptions.lockForChange(trx, checkout.workspace_id)
    if (!row) return
    const now = deps.now()
    const tier = checkout.tier as PaidPurchasableTier
    const period = billingPeriodOf(checkout.billing_period) as BillingPeriod
    const currency = billingCurrency(checkout.currency)
    await payments.insertPaymentOnce(trx, {
      id: `pay_${randomUUID().replaceAll('-', '')}`,
      workspace_id: row.workspace_id,
      idempotency_key: `stripe:checkout:${session.id}`,
      kind: 'checkout',
      provider: 'stripe',
      amount_cents: session.amount_total ?? checkout.amount_due_cents,
      currency,
      tier,
      billing_period: period,
      provider_reference: idOf(session.invoice ?? null) ?? session.id,
      created_at: now,
      paid_at: now,
    })
    await payments.completeSession(trx, checkout.id, now)
    // Stripe has charged already: the redemption is recorded (the cap was checked when the
    // session was made), never refused here.
    if (checkout.promocode) {
      await promoCodes.takeRedemption(trx, checkout.promocode)
      await promoCodes.recordRedemption(trx, {
        code: checkout.promocode,
        workspaceId: row.workspace_id,
        userId: checkout.user_id,
        at: now,
      })
    }
    const promo = checkout.promocode ? await payments.findPromo(checkout.promocode, trx) : undefined
    await subscriptions.update(
      trx,
      row.workspace_id,
      paidActivationPatch(row, {
        tier,
        period,
        currency,
        start: now,
        provider: 'stripe',
        promo,
        customerId: idOf(session.customer ?? null),
        subscriptionId: idOf(session.subscription ?? null),
      }),
    )
    await audited(trx, row.workspace_id, {
      action: 'checkout',
      from_tier: row.tier,
      tier,
      billing_period: period,
    })
  }

  async function subscriptionUpdated(trx: Transaction<DB>, subscription: Stripe.Subscription) {
    const row = await rowForSubscription(trx, subscription)
    if (!row) return
    const status = statusOf(subscription.status)
    if (!status) {
      await subscriptions.update(trx, row.workspace_id, freePlanPatch(row, deps.now()))
      await audited(trx, row.workspace_id, { action: 'ended', from_tier: row.tier, tier: 'free' })
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
      await audited(trx, row.workspace_id, {
        action: 'change',
        from_tier: row.tier,
        tier: plan.tier,
        billing_period: plan.period,
      })
  }

  async function subscriptionDeleted(trx: Transaction<DB>, subscription: Stripe.Subscription) {
    const row = await rowForSubscription(trx, subscription)
    if (!row || row.provider_subscription_id !== subscription.id) return
    await subscriptions.update(trx, row.workspace_id, freePlanPatch(row, deps.now()))
    await audited(trx, row.workspace_id, { action: 'ended', from_tier: row.tier, tier: 'free' })
  }

  async function invoiceEvent(trx: Transaction<DB>, invoice: Stripe.Invoice, paid: boolean) {
    const subscriptionId = invoiceSubscriptionId(invoice)
    if (!subscriptionId) return
    const row = await subscriptions.lockByProviderSubscription(trx, subscriptionId)
    if (!row) return
    const now = deps.now()
    const key = `stripe:invoice:${invoice.id}`
    const existing = await payments.findPayment(trx, row.workspace_id, key)
    if (paid && invoice.billing_reason === 'subscription_update') {
      // The upgrade recorded its payment as pending; the invoice confirms it.
      const pending = await payments.latestPending(trx, row.workspace_id, 'upgrade')
      if (pending) await payments.markPaid(trx, pending.id, invoice.id ?? key, now)
    } else if (existing) {
      if (paid) await payments.markPaid(trx, existing.id, invoice.id ?? key, now)
    } else if (invoice.billing_reason !== 'subscription_create') {
      // The first invoice is recorded by the completed checkout.
      await payments.insertPaymentOnce(trx, {
        id: `pay_${randomUUID().replaceAll('-', '')}`,
        workspace_id: row.workspace_id,
        idempotency_key: key,
        kind: 'renewal',
        provider: 'stripe',
        amount_cents: paid ? invoice.amount_paid : invoice.amount_due,
        currency: billingCurrency(invoice.currency),
        tier: row.tier,
        billing_period: row.billing_period,
        provider_reference: invoice.id ?? null,
        created_at: now,
        status: paid ? 'paid' : 'open',
        paid_at: paid ? now : null,
        period_start: fromUnix(invoice.period_start),
        period_end: fromUnix(invoice.period_end),
      })
    }
    if (paid) {
      const owed = await payments.openInvoices(row.workspace_id, trx)
      if (row.status === 'past_due' && owed.length === 0) await recover(trx, row, now)
    } else {
      await subscriptions.update(trx, row.workspace_id, { status: 'past_due' })
    }
  }

  /** Paid again: active, with the next credit reset counted from the paid period's start. */
  async function recover(trx: Transaction<DB>, row: SubscriptionRow, now: Date) {
    const anchor = row.current_period_start ?? now
    await subscriptions.update(trx, row.workspace_id, {
      status: 'active',
      next_reset_at: row.next_reset_at > now ? row.next_reset_at : nextMonthlyBoundary(anchor, now),
    })
  }

  async function apply(trx: Transaction<DB>, event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
        return checkoutCompleted(trx, event.data.object)
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        return subscriptionUpdated(trx, event.data.object)
      case 'customer.subscription.deleted':
        return subscriptionDeleted(trx, event.data.object)
      case 'invoice.paid':
        return invoiceEvent(trx, event.data.object, true)
      case 'invoice.payment_failed':
        return invoiceEvent(trx, event.data.object, false)
      default:
        return
    }
  }

  return {
    /** Verifies and applies one delivery; `applied` is false for a replay or an unknown type. */
    async receive(rawBody: Buffer, signature: string | undefined) {
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', deps.webhookSecret)
      } catch {
        throw new AppError('invalid_webhook_signature')
      }
      const applied = await payments.transaction(async (trx) => {
        if (!(await payments.claimEvent(trx, 'stripe', event.id, event.type))) return false
        await apply(trx, event)
        return true
      })
      return { received: true, applied, type: event.type }
    },
  }
}

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>
