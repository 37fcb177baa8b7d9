import { randomUUID } from 'node:crypto'
import {
  type BillingPeriod,
  billingCurrency,
  isGrantTier,
  type PaidPurchasableTier,
  recommendedGrantUpgrade,
  siteLink,
} from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { CheckoutSessionRow, GrantOfferRow, SubscriptionRow } from './billing.tables.js'
import { createChangeLease } from './change-lease.js'
import { addMonths, planCredits } from './credit-periods.js'
import type { PaymentProvider } from './payment-provider.js'
import type { PaymentsRepository } from './payments.repository.js'
import { tierOf } from './plan-rules.js'
import { billingPeriodOf, subscriptionInfo } from './subscription-state.js'
import type { SubscriptionsRepository } from './subscriptions.repository.js'

interface Deps {
  subscriptions: SubscriptionsRepository
  payments: PaymentsRepository
  provider: PaymentProvider
  now: () => Date
}

/** An acceptance session stays open for a day, like a checkout session. */
const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000

const unix = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null)

/** A workspace that pays for a plan right now (a paid period that is not being cancelled). */
function isPaying(row: SubscriptionRow): boolean {
  return (
    row.current_period_end !== null && row.status !== 'free' && row.pending_change_kind !== 'cancellation'
  )
}

/**
 * Grants: an operator offers a grant tier with a code (table grant_offers); the workspace
 * accepts it on an acceptance page, or converts its paid subscription to it. A grant lasts its
 * months (twelve by default) with all its credits at once; at its end the workspace moves to the
 * subscription it chose for afterwards (paid by the card on file) or to free.
 */
export function createGrantsService(deps: Deps) {
  const { subscriptions, payments, provider } = deps
  const withChangeLease = createChangeLease(subscriptions)

  function usableOffer(offer: GrantOfferRow | undefined, workspaceId: string, now: Date): GrantOfferRow {
    if (!offer || (offer.expires_at && offer.expires_at.getTime() <= now.getTime()))
      throw new AppError('grant_offer_invalid', { param: 'grant_code' })
    if (offer.redeemed_workspace_id && offer.redeemed_workspace_id !== workspaceId)
      throw new AppError('grant_offer_redeemed')
    return offer
  }

  /** Starts the grant on the locked row; the paid subscription (if any) is remembered for afterwards. */
  async function startGrant(
    trx: Transaction<DB>,
    row: SubscriptionRow,
    offer: GrantOfferRow,
    now: Date,
    paid: { tier: string; period: string } | null,
  ) {
    const tier = tierOf(offer.tier)
    const ends = addMonths(now, offer.duration_months)
    const paidTier = paid?.tier ?? null
    await payments.redeemGrantOffer(trx, offer.code, row.workspace_id, now)
    return subscriptions.update(trx, row.workspace_id, {
      tier,
      status: 'active',
      character_count: 0,
      character_limit: planCredits(tier),
      rollover_newer: 0,
      rollover_older: 0,
      period_started_at: now,
      next_reset_at: ends,
      grant_ends_at: ends,
      billing_anchor_at: null,
      current_period_start: null,
      current_period_end: null,
      pending_change_kind: null,
      pending_next_tier: null,
      pending_billing_period: null,
      discount_coupon_id: null,
      discount_percent_off: null,
      discount_amount_off: null,
      discount_months_left: null,
      usage_based_billing: false,
      provider_schedule_id: null,
      post_grant_tier: paidTier ?? row.post_grant_tier,
      post_grant_billing_period: paid ? paid.period : row.post_grant_billing_period,
    })
  }

  /** The checks an acceptance must pass, on the rows as they are (repeated when it is applied). */
  function check(
    session: CheckoutSessionRow | undefined,
    offer: GrantOfferRow | undefined,
    row: SubscriptionRow,
    convert: boolean,
    now: Date,
  ) {
    if (session?.kind !== 'grant' || !session.grant_code) throw new AppError('checkout_session_not_found')
    if (session.status === 'complete') return null
    if (session.expires_at <= now) throw new AppError('checkout_session_expired')
    const usable = usableOffer(offer, row.workspace_id, now)
    if (isPaying(row) && !convert) throw new AppError('grant_needs_conversion')
    return usable
  }

  async function accept(workspaceId: string, sessionId: string, convert: boolean) {
    // The paid subscription stops renewing at the provider first, with no transaction open
    // (the call may be slow); the grant is then started in one short transaction. Should that
    // fail, the subscription is set to renew again, as it was.
    return withChangeLease(workspaceId, async (leasedRow) => {
      const session = await payments.findSession(workspaceId, sessionId)
      const offer = session?.grant_code ? await payments.findGrantOffer(session.grant_code) : undefined
      if (!check(session, offer, leasedRow, convert, deps.now()))
        return subscriptionInfo(leasedRow, provider.testMode)
      const stopped = isPaying(leasedRow)
      if (stopped) {
        if (leasedRow.provider_schedule_id)
          await provider.releaseSchedule({ scheduleId: leasedRow.provider_schedule_id })
        await provider.setCancelAtPeriodEnd({
          subscriptionId: leasedRow.provider_subscription_id,
          cancel: true,
        })
      }
      try {
        return await payments.transaction(async (trx) => {
          const locked = await payments.lockSession(trx, workspaceId, sessionId)
          const row = await subscriptions.lockForChange(trx, workspaceId)
          if (!row) throw new AppError('no_subscription')
          const now = deps.now()
          const lockedOffer = locked?.grant_code
            ? await payments.lockGrantOffer(trx, locked.grant_code)
            : undefined
          // The paid plan it had is the one stopped above (a webhook may have marked it since).
          const usable = check(locked, lockedOffer, stopped ? leasedRow : row, convert, now)
          if (!usable || !locked) return subscriptionInfo(row, provider.testMode)
          const paid = stopped ? { tier: leasedRow.tier, period: leasedRow.billing_period } : null
          const updated = await startGrant(trx, row, usable, now, paid)
          await payments.completeSession(trx, locked.id, now)
          return subscriptionInfo(updated, provider.testMode)
        })
      } catch (error) {
        if (stopped)
          await provider
            .setCancelAtPeriodEnd({ subscriptionId: leasedRow.provider_subscription_id, cancel: false })
            .catch(() => undefined)
        throw error
      }
    })
  }

  return {
    async createAcceptanceSession(
      caller: { workspaceId: string; userId: string },
      origin: string,
      grantCode: string,
    ) {
      const now = deps.now()
      const offer = usableOffer(await payments.findGrantOffer(grantCode.trim()), caller.workspaceId, now)
      const row = await subscriptions.find(caller.workspaceId)
      const session = await payments.openSession({
        id: `gs_${randomUUID().replaceAll('-', '')}`,
        workspace_id: caller.workspaceId,
        user_id: caller.userId,
        idempotency_key: null,
        provider: provider.name,
        kind: 'grant',
        grant_code: offer.code,
        tier: offer.tier,
        billing_period: 'monthly_period',
        currency: billingCurrency(row.currency),
        promocode: null,
        list_price_cents: 0,
        amount_due_cents: 0,
        created_at: now,
        expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS),
      })
      return {
        url: siteLink(origin, `/billing/grant/${encodeURIComponent(session.id)}`),
        session_id: session.id,
      }
    },

    /** The acceptance page: what the grant gives and whether this workspace must convert. */
    async describeSession(workspaceId: string, sessionId: string) {
      const session = await payments.findSession(workspaceId, sessionId)
      if (session?.kind !== 'grant' || !session.grant_code) throw new AppError('checkout_session_not_found')
      const offer = await payments.findGrantOffer(session.grant_code)
      const row = await subscriptions.find(workspaceId)
      const expired = session.status === 'open' && session.expires_at <= deps.now()
      return {
        session_id: session.id,
        status: expired ? ('expired' as const) : session.status,
        grant_tier: session.tier,
        character_limit: planCredits(tierOf(session.tier)),
        duration_months: offer?.duration_months ?? 12,
        requires_conversion: isPaying(row),
        current_tier: tierOf(row.tier),
      }
    },

    accept: (workspaceId: string, sessionId: string) => accept(workspaceId, sessionId, false),

    convertPayingWorkspace: (workspaceId: string, sessionId: string) => accept(workspaceId, sessionId, true),

    /** The subscription that follows the grant: a paid plan (needs a card on file) or free. */
    async setPostGrantSubscription(
      workspaceId: string,
      input: { subscription_type: PaidPurchasableTier | 'free'; billing_period: BillingPeriod },
    ) {
      return payments.transaction(async (trx) => {
        const row = await subscriptions.lockForChange(trx, workspaceId)
        if (!row || !isGrantTier(tierOf(row.tier))) throw new AppError('not_on_grant')
        const free = input.subscription_type === 'free'
        if (!free && !(await payments.findCard(workspaceId, trx))) throw new AppError('no_payment_method')
        await subscriptions.update(trx, workspaceId, {
          post_grant_tier: free ? null : input.subscription_type,
          post_grant_billing_period: free ? null : input.billing_period,
        })
        return settingsOf(
          await subscriptions.lockForChange(trx, workspaceId),
          Boolean(await payments.findCard(workspaceId, trx)),
        )
      })
    },

    async endSettings(workspaceId: string) {
      const row = await subscriptions.find(workspaceId)
      return settingsOf(row, Boolean(await payments.findCard(workspaceId)))
    },
  }
}

function settingsOf(row: SubscriptionRow | undefined, hasCard: boolean) {
  if (!row) throw new AppError('no_subscription')
  const tier = tierOf(row.tier)
  const postTier = row.post_grant_tier ? tierOf(row.post_grant_tier) : null
  const onGrant = isGrantTier(tier)
  return {
    is_on_grant: onGrant,
    grant_tier: onGrant ? tier : null,
    grant_end_unix: onGrant ? unix(row.grant_ends_at) : null,
    post_grant_subscription_type: postTier,
    post_grant_billing_period: postTier ? billingPeriodOf(row.post_grant_billing_period) : null,
    recommended_tier: recommendedGrantUpgrade(postTier),
    has_payment_method: hasCard,
  }
}

export type GrantsService = ReturnType<typeof createGrantsService>
