import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { CheckoutSessionRow, GrantOfferRow, SubscriptionRow } from './billing.tables.js'
import { createChangeLease } from './change-lease.js'
import { addMonths, planCredits } from './credit-periods.js'
import { type GrantsDeps, isPaying, usableOffer } from './grants-deps.js'
import { tierOf } from './plan-rules.js'
import { subscriptionInfo } from './subscription-state.js'

/**
 * Accepting a grant (or converting a paying workspace to it): checked on the rows as they are,
 * then again under lock when the grant starts.
 */
export function createGrantAcceptance(deps: GrantsDeps) {
  const { subscriptions, payments, provider } = deps
  const withChangeLease = createChangeLease(subscriptions)

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

  return accept
}
