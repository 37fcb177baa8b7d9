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

import type { Updateable } from 'kysely'
import { AppError } from '../../errors.js'
import type {
  CheckoutSessionRow,
  PromoCodeRow,
  SubscriptionRow,
  SubscriptionsTable,
} from './billing.tables.js'
import { creditResetPatch, nextMonthlyBoundary, paidPeriodEnd } from './credit-periods.js'
import { chargeLocalCard, type PaymentProvider, readTestCard } from './payment-provider.js'
import type { PaymentsRepository } from './payments.repository.js'
import { type Redeemer, redeemPromo, resolvePromo } from './promo-codes.js'
import type { PromoCodesRepository } from './promo-codes.repository.js'
import { billingPeriodOf, currentPlanOf, discounted, subscriptionInfo } from './subscription-state.js'
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

/**
 * A paid subscription that starts at `start`: the plan, its paid period, fresh credits (what an
 * earlier paid plan carried over stays), the promo's discount on the invoices after the first,
 * and the provider that renews it.
 */
export function paidActivationPatch(
  row: SubscriptionRow,
  input: {
    tier: PaidPurchasableTier
    period: BillingPeriod
    currency: Currency
    start: Date
    provider: string
    promo: PromoCodeRow | undefined
    customerId?: string | null
    subscriptionId?: string | null
    periodEnd?: Date
  },
): Updateable<SubscriptionsTable> {
  const end = input.periodEnd ?? paidPeriodEnd(input.start, input.period)
  const carried = { older: 0, newer: 0 }
  return {
    ...creditResetPatch(input.tier, input.start, nextMonthlyBoundary(input.start, input.start), carried),
    tier: input.tier,
    status: 'active',
    billing_period: input.period,
    currency: input.currency,
    current_period_start: input.start,
    billing_anchor_at: input.start,
    current_period_end: end,
    pending_change_kind: null,
    pending_next_tier: null,
    pending_billing_period: null,
    discount_coupon_id: input.promo?.code ?? null,
    discount_percent_off: input.promo?.percent_off ?? null,
    discount_amount_off: input.promo?.amount_off ?? null,
    discount_months_left: input.promo ? Math.max(0, input.promo.duration_in_months - 1) : null,
    previously_subscribed_tiers: [...new Set([...row.previously_subscribed_tiers, input.tier])],
    payment_provider: input.provider,
    grant_ends_at: null,
    ...(input.customerId !== undefined ? { provider_customer_id: input.customerId } : {}),
    ...(input.subscriptionId !== undefined ? { provider_subscription_id: input.subscriptionId } : {}),
  }
}

interface Deps {
  subscriptions: SubscriptionsRepository
  payments: PaymentsRepository
  promoCodes: PromoCodesRepository
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
  async function amountDue(
    row: SubscriptionRow,
    request: CheckoutRequest,
    currency: Currency,
    redeemer: Redeemer,
  ) {
    const list = periodPrice(request.subscription_type, request.billing_period, currency) ?? 0
    if (request.promocode) {
      const promo = await resolvePromo(payments, deps.promoCodes, request.promocode, deps.now(), redeemer)
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
    async create(
      principal: { workspaceId: string; userId: string; email: string },
      origin: string,
      request: CheckoutRequest,
    ) {
      const { workspaceId, userId } = principal
      const row = await subscriptions.find(workspaceId)
      assertCanCreate(row, request.subscription_type, request.billing_period)
      const currency = request.currency ?? billingCurrency(row.currency)
      const { list, due, promocode } = await amountDue(row, request, currency, { workspaceId, userId })
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
      const promo = session.promocode ? await payments.findPromo(session.promocode) : undefined
      const page = await provider.checkoutUrl({
        origin,
        sessionId: session.id,
        workspaceId,
        email: principal.email,
        customerId: row.provider_customer_id,
        tier: request.subscription_type,
        billingPeriod: request.billing_period,
        currency,
        listPriceCents: list,
        amountDueCents: session.amount_due_cents,
        discountMonths: promo ? promo.duration_in_months : null,
      })
      if (page.providerSessionId) await payments.setSessionProviderId(session.id, page.providerSessionId)
      return { url: page.url }
    },

    async describe(workspaceId: string, sessionId: string) {
      const session = await payments.findSession(workspaceId, sessionId)
      // A grant's acceptance session is not a checkout: it is accepted, never paid.
      if (session?.kind !== 'subscription') throw new AppError('checkout_session_not_found')
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
        // A grant's acceptance session is not a checkout: it is accepted, never paid.
        if (session?.kind !== 'subscription') throw new AppError('checkout_session_not_found')
        const locked = await subscriptions.lockForChange(trx, workspaceId)
        if (!locked) throw new AppError('checkout_session_not_found')
        if (session.status === 'complete') return subscriptionInfo(locked, provider.testMode)
        const now = deps.now()
        if (session.status !== 'open' || session.expires_at <= now)
          throw new AppError('checkout_session_expired')
        const tier = session.tier as PaidPurchasableTier
        const period = session.billing_period as BillingPeriod
        assertCanCreate(locked, tier, period)
        if (provider.hosted) throw new AppError('checkout_session_not_found')
        const currency = billingCurrency(session.currency)
        const key = `checkout:${session.id}`
        const card = readTestCard(cardNumber)
        const charge = chargeLocalCard(card, key)
        await payments.saveCard(
          {
            workspaceId,
            provider: provider.name,
            brand: card.brand,
            last4: card.last4,
            declines: card.declines,
            reference: null,
            at: now,
          },
          trx,
        )
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
          paid_at: now,
          period_start: now,
          period_end: paidPeriodEnd(now, period),
        })
        await payments.completeSession(trx, session.id, now)
        // Redeemed with the payment: a code used up meanwhile refuses it, and nothing is written.
        if (session.promocode)
          await redeemPromo(deps.promoCodes, trx, {
            code: session.promocode,
            workspaceId,
            userId: session.user_id,
            at: now,
          })
        const promo = session.promocode ? await payments.findPromo(session.promocode, trx) : undefined
        const updated = await subscriptions.update(
          trx,
          workspaceId,
          paidActivationPatch(locked, { tier, period, currency, start: now, provider: provider.name, promo }),
        )
        return subscriptionInfo(updated, provider.testMode)
      })
    },
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>
