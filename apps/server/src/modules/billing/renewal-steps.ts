import { billingCurrency, isGrantTier, periodPrice } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import type { SubscriptionRow } from './billing.tables.js'
import { paidActivationPatch } from './checkout.service.js'
import {
  creditResetPatch,
  cycleAnchor,
  freePlanPatch,
  nextMonthlyBoundary,
  PAST_DUE_GRACE_MS,
  paidPeriodEnd,
  renewedPeriodEnd,
  rollOver,
} from './credit-periods.js'
import { tierOf } from './plan-rules.js'
import { charge } from './renewal-charge.js'
import { isPaidPurchasable, type RenewalDeps } from './renewal-deps.js'
import { billingPeriodOf, discounted, unbilledOverage } from './subscription-state.js'
import { recordUsageIntent } from './usage-reporting.js'

// The steps at a subscription's boundaries, each in the transaction that holds its row locked.

/** The monthly credit reset at `boundary`; usage above the credits is invoiced first. */
export async function resetCredits(
  deps: RenewalDeps,
  trx: Transaction<DB>,
  row: SubscriptionRow,
  boundary: Date,
) {
  const { subscriptions, provider } = deps
  const tier = tierOf(row.tier)
  const carried = rollOver(row)
  const anchor = cycleAnchor(row)
  // A grant's credits last the whole grant; other plans renew monthly.
  const nextReset =
    isGrantTier(tier) && row.grant_ends_at ? row.grant_ends_at : nextMonthlyBoundary(anchor, boundary)
  let status = row.status
  const overage = unbilledOverage(row)
  const reported =
    overage.cents > 0 &&
    (await recordUsageIntent(deps, trx, row, {
      key: `usage:${boundary.toISOString()}`,
      cents: overage.cents,
      characters: overage.characters,
      periodStart: row.period_started_at,
      periodEnd: boundary,
    }))
  // A hosted provider invoices the usage reported to it; the local one is charged here.
  if (!reported && !provider.hosted && overage.cents > 0) {
    const result = await charge(deps, trx, row, {
      key: `usage:${boundary.toISOString()}`,
      kind: 'usage',
      amount: overage.cents,
      currency: billingCurrency(row.currency),
      tier,
      period: billingPeriodOf(row.billing_period),
      periodStart: row.period_started_at,
      periodEnd: boundary,
      characters: overage.characters,
      at: boundary,
    })
    if (result === 'open') status = 'past_due'
  }
  return subscriptions.update(trx, row.workspace_id, {
    ...creditResetPatch(tier, boundary, nextReset, carried),
    status,
  })
}

/** The end of a paid period we renew: scheduled changes first, then the next period's charge. */
export async function endPaidPeriod(
  deps: RenewalDeps,
  trx: Transaction<DB>,
  row: SubscriptionRow,
  boundary: Date,
) {
  const { subscriptions } = deps
  const pendingTier = row.pending_next_tier
  if (row.pending_change_kind === 'cancellation' || (row.pending_change_kind && pendingTier === 'free'))
    return subscriptions.update(trx, row.workspace_id, freePlanPatch(row, boundary))
  const tier = row.pending_change_kind === 'change' && pendingTier ? pendingTier : row.tier
  const period = billingPeriodOf(
    row.pending_change_kind === 'change'
      ? (row.pending_billing_period ?? row.billing_period)
      : row.billing_period,
  )
  if (!isPaidPurchasable(tier))
    return subscriptions.update(trx, row.workspace_id, freePlanPatch(row, boundary))
  const currency = billingCurrency(row.currency)
  const list = periodPrice(tier, period, currency) ?? 0
  const discountLeft = (row.discount_months_left ?? 0) > 0
  const amount = discountLeft
    ? discounted(list, { percentOff: row.discount_percent_off, amountOff: row.discount_amount_off })
    : list
  const end = renewedPeriodEnd(cycleAnchor(row), boundary, period)
  const result = await charge(deps, trx, row, {
    key: `renewal:${boundary.toISOString()}`,
    kind: 'renewal',
    amount,
    currency,
    tier,
    period,
    periodStart: boundary,
    periodEnd: end,
    at: boundary,
  })
  const common = {
    tier,
    billing_period: period,
    current_period_start: boundary,
    current_period_end: end,
    pending_change_kind: null,
    pending_next_tier: null,
    pending_billing_period: null,
    discount_months_left: discountLeft ? (row.discount_months_left ?? 1) - 1 : row.discount_months_left,
  }
  if (result === 'open') {
    // Past due: the new period is owed; its credits come when the invoice is paid.
    return subscriptions.update(trx, row.workspace_id, { ...common, status: 'past_due' })
  }
  const renewed = await subscriptions.update(trx, row.workspace_id, common)
  return resetCredits(deps, trx, { ...renewed, status: 'active' }, boundary)
}

/** A grant ends: the subscription chosen for afterwards, paid by the card on file, or free. */
export async function endGrant(
  deps: RenewalDeps,
  trx: Transaction<DB>,
  row: SubscriptionRow,
  boundary: Date,
) {
  const { subscriptions, provider } = deps
  const next = row.post_grant_tier
  if (!next || !isPaidPurchasable(next))
    return subscriptions.update(trx, row.workspace_id, freePlanPatch(row, boundary))
  const period = billingPeriodOf(row.post_grant_billing_period)
  const currency = billingCurrency(row.currency)
  const result = await charge(deps, trx, row, {
    key: `grant_end:${boundary.toISOString()}`,
    kind: 'grant_end',
    amount: periodPrice(next, period, currency) ?? 0,
    currency,
    tier: next,
    period,
    periodStart: boundary,
    periodEnd: paidPeriodEnd(boundary, period),
    at: boundary,
  })
  // A declined card cannot start a paid plan: the workspace goes to free and keeps its choice.
  if (result === 'open')
    return subscriptions.update(trx, row.workspace_id, {
      ...freePlanPatch(row, boundary),
      post_grant_tier: next,
      post_grant_billing_period: period,
    })
  return subscriptions.update(trx, row.workspace_id, {
    ...paidActivationPatch(row, {
      tier: next,
      period,
      currency,
      start: boundary,
      provider: provider.name,
      promo: undefined,
    }),
    post_grant_tier: null,
    post_grant_billing_period: null,
  })
}

/** One step: the earliest thing due at `now`, or null when nothing is. */
export async function step(
  deps: RenewalDeps,
  trx: Transaction<DB>,
  row: SubscriptionRow,
  now: Date,
): Promise<SubscriptionRow | null> {
  const { subscriptions, provider } = deps
  const t = now.getTime()
  if (row.grant_ends_at && isGrantTier(tierOf(row.tier))) {
    if (row.grant_ends_at.getTime() <= t) return endGrant(deps, trx, row, row.grant_ends_at)
    // A grant lasts its months or until its credits are used, whichever comes first.
    if (row.character_limit >= 0 && row.character_count >= row.character_limit)
      return endGrant(deps, trx, row, now)
  }
  const ownRenewal = !provider.hosted || row.payment_provider === 'local' || row.payment_provider === null
  if (row.status === 'past_due') {
    // A hosted provider runs its own retries and reports the end; ours gives a grace period.
    if (!ownRenewal || !row.current_period_start) return null
    const graceEnd = new Date(row.current_period_start.getTime() + PAST_DUE_GRACE_MS)
    if (graceEnd.getTime() <= t)
      return subscriptions.update(trx, row.workspace_id, freePlanPatch(row, graceEnd))
    return null
  }
  const periodEnd = row.current_period_end
  if (
    ownRenewal &&
    periodEnd &&
    periodEnd.getTime() <= t &&
    periodEnd.getTime() <= row.next_reset_at.getTime()
  )
    return endPaidPeriod(deps, trx, row, periodEnd)
  if (row.next_reset_at.getTime() <= t) return resetCredits(deps, trx, row, row.next_reset_at)
  if (ownRenewal && periodEnd && periodEnd.getTime() <= t) return endPaidPeriod(deps, trx, row, periodEnd)
  return null
}
