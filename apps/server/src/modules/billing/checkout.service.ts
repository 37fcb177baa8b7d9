import { randomUUID } from 'node:crypto'
import {
  type BillingPeriod,
  billingCurrency,
  type Currency,
  type PaidPurchasableTier,
  PLANS,
  periodPrice,
  planAction,
} from '@timbre/contract'
import type { CheckoutSessionRow, SubscriptionRow } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { PaymentProvider } from './payment-provider.js'
import type { PaymentsRepository } from './payments.repository.js'
import { resolvePromo } from './promo-codes.js'
import {
  billingPeriodOf,
  currentPlanOf,
  discounted,
  periodEnd,
  subscriptionInfo,
} from './subscription-state.js'
import type { SubscriptionsRepository } from './subscriptions.repository.js'

/** A checkout session stays payable for a day. */
const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000

export interface CheckoutRequest {
  subscription_type: PaidPurchasableTier
  billing_period: BillingPeriod
  currency?: Currency | undefined
  promocode?: string | null | undefined
  no_default_promocode?: boolean | undefined
  idempotency_key?: string | undefined
}

interface Deps {
  subscriptions: SubscriptionsRepository
  payments: PaymentsRepository
  provider: PaymentProvider
  now: () => Date
}

export function createCheckoutService(deps: Deps) {
  const { subscriptions, payments, provider } = deps

  /** Only a workspace without a paid plan (free, trial, a grant) starts one through checkout. */
  function assertCanCreate(row: SubscriptionRow, tier: PaidPurchasableTier, period: BillingPeriod): void {
    const action = planAction(currentPlanOf(row), { tier, billingPeriod: period })
    if (action.action !== 'create')
      throw new AppError('checkout_failed', {
        message:
          'Failed to create checkout session: this workspace already has a subscription. Change it instead of starting a new one.',
      })
  }

  /** The first invoice: a promo code, else the first-month offer for a first subscription. */
  async function amountDue(row: SubscriptionRow, request: CheckoutRequest, currency: Currency) {
    const list = periodPrice(request.subscription_type, request.billing_period, currency) ?? 0
    if (request.promocode) {
      const promo = await resolvePromo(payments, request.promocode, deps.now())
      return { list, due: discounted(list, promo), promocode: promo.code }
    }
    const firstMonth = PLANS[request.subscription_type].prices?.firstMonth
    const offered =
      !request.no_default_promocode &&
      request.billing_period === 'monthly_period' &&
      firstMonth &&
      row.previously_subscribed_tiers.length === 0
    return { list, due: offered ? firstMonth[currency] : list, promocode: null }
  }

  function sameRequest(session: CheckoutSessionRow, request: CheckoutRequest, currency: Currency): boolean {
    return (
      session.tier === request.subscription_type &&
      session.billing_period === request.billing_period &&
      session.currency === currency &&
      (session.promocode ?? null) === (request.promocode?.trim() || null)
    )
  }

  return {
    async create(workspaceId: string, userId: string, origin: string, request: CheckoutRequest) {
      const row = await subscriptions.find(workspaceId)
      assertCanCreate(row, request.subscription_type, request.billing_period)
      const currency = request.currency ?? billingCurrency(row.currency)
      const { list, due, promocode } = await amountDue(row, request, currency)
      const now = deps.now()
      const session = await payments.openSession({
        id: `cs_${randomUUID().replaceAll('-', '')}`,
        workspace_id: workspaceId,
        user_id: userId,
        idempotency_key: request.idempotency_key ?? null,
        provider: provider.name,
        tier: request.subscription_type,
        billing_period: request.billing_period,
        currency,
        promocode,
        list_price_cents: list,
        amount_due_cents: due,
        created_at: now,
        expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS),
      })
      if (!sameRequest(session, request, currency)) throw new AppError('idempotency_key_reused')
      return { url: provider.checkoutUrl(origin, session.id) }
    },

    async describe(workspaceId: string, sessionId: string) {
      const session = await payments.findSession(workspaceId, sessionId)
      if (!session) throw new AppError('checkout_session_not_found')
      return {
        session_id: session.id,
        status:
          session.status === 'open' && session.expires_at <= deps.now()
            ? ('expired' as const)
            : session.status,
        subscription_type: session.tier,
        billing_period: billingPeriodOf(session.billing_period),
        currency: billingCurrency(session.currency),
        promocode: session.promocode,
        list_price_cents: session.list_price_cents,
        amount_due_cents: session.amount_due_cents,
        provider: session.provider,
        test_mode: provider.testMode,
      }
    },

    /**
     * Pays a session: the charge, the payment row, the session's completion and the new
     * subscription are one transaction. Paying a completed session again changes nothing.
     */
    async pay(workspaceId: string, sessionId: string, cardNumber: string) {
      return payments.transaction(async (trx) => {
        const session = await payments.lockSession(trx, workspaceId, sessionId)
        if (!session) throw new AppError('checkout_session_not_found')
        const locked = await subscriptions.lockForChange(trx, workspaceId)
        if (!locked) throw new AppError('checkout_session_not_found')
        if (session.status === 'complete') return subscriptionInfo(locked, provider.testMode)
        const now = deps.now()
        if (session.status !== 'open' || session.expires_at <= now)
          throw new AppError('checkout_session_expired')
        const tier = session.tier as PaidPurchasableTier
        const period = session.billing_period as BillingPeriod
        assertCanCreate(locked, tier, period)
        const currency = billingCurrency(session.currency)
        const key = `checkout:${session.id}`
        const charge = provider.chargeCard({
          amountCents: session.amount_due_cents,
          currency,
          idempotencyKey: key,
          cardNumber,
        })
        await payments.insertPayment(trx, {
          id: `pay_${randomUUID().replaceAll('-', '')}`,
          workspace_id: workspaceId,
          idempotency_key: key,
          kind: 'checkout',
          provider: provider.name,
          amount_cents: session.amount_due_cents,
          currency,
          tier,
          billing_period: period,
          provider_reference: charge.reference,
          created_at: now,
        })
        await payments.completeSession(trx, session.id, now)
        const promo = session.promocode ? await payments.findPromo(session.promocode, trx) : undefined
        const updated = await subscriptions.update(trx, workspaceId, {
          tier,
          status: 'active',
          billing_period: period,
          currency,
          character_limit: PLANS[tier].limits.characterLimit,
          character_count: 0,
          period_started_at: now,
          next_reset_at: periodEnd(now, 'monthly_period'),
          current_period_start: now,
          current_period_end: periodEnd(now, period),
          pending_change_kind: null,
          pending_next_tier: null,
          pending_billing_period: null,
          discount_coupon_id: promo?.code ?? null,
          discount_percent_off: promo?.percent_off ?? null,
          discount_amount_off: promo?.amount_off ?? null,
          discount_months_left: promo ? Math.max(0, promo.duration_in_months - 1) : null,
          previously_subscribed_tiers: [...new Set([...locked.previously_subscribed_tiers, tier])],
          payment_provider: provider.name,
        })
        return subscriptionInfo(updated, provider.testMode)
      })
    },
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>
