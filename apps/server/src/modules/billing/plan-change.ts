import { randomUUID } from 'node:crypto'
import { billingCurrency, type PaidPurchasableTier, PLANS, periodPrice, planAction } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { PaymentRow, SubscriptionRow } from './billing.tables.js'
import { createChangeLease } from './change-lease.js'
import { nextMonthlyBoundary, paidPeriodEnd } from './credit-periods.js'
import type { PaymentProvider } from './payment-provider.js'
import { type Promo, redeemPromo, resolvePromo } from './promo-codes.js'
import {
  type ChangeRequest,
  CLEAR_PENDING,
  failed,
  type SubscriptionChangeDeps,
  unusedCredit,
} from './subscription-change-rules.js'
import { billingPeriodOf, currentPlanOf, discounted, subscriptionInfo } from './subscription-state.js'

// A plan change: the intent recorded before the provider is asked, carried out under the change
// lease, finished after an interruption, with a promo code redeemed once.

/** Writes an outcome on the locked row, in a short transaction (no provider call inside). */
export function apply<T>(
  deps: SubscriptionChangeDeps,
  workspaceId: string,
  work: (trx: Transaction<DB>, row: SubscriptionRow) => Promise<T>,
) {
  const { subscriptions, payments } = deps
  return payments.transaction(async (trx) => {
    const row = await subscriptions.lockForChange(trx, workspaceId)
    if (!row) throw new AppError('no_subscription')
    return work(trx, row)
  })
}

/**
 * The upgrade's intent: the payment, written as processing under the request's idempotency
 * key before the provider is asked. The (workspace, key) index keeps it to one.
 */
export async function recordUpgradeIntent(
  deps: SubscriptionChangeDeps,
  row: SubscriptionRow,
  request: ChangeRequest,
  promo: Promo | null,
  key: string,
): Promise<PaymentRow> {
  const { payments, provider } = deps
  const now = deps.now()
  const tier = request.subscription_type as PaidPurchasableTier
  const currency = billingCurrency(row.currency)
  const price = periodPrice(tier, request.billing_period, currency) ?? 0
  const credit = unusedCredit(row, currentPlanOf(row).tier, now)
  const amount = Math.max(0, discounted(price, promo ?? { percentOff: null, amountOff: null }) - credit)
  return payments.transaction((trx) =>
    payments.insertPayment(trx, {
      id: `pay_${randomUUID().replaceAll('-', '')}`,
      workspace_id: row.workspace_id,
      idempotency_key: key,
      kind: 'upgrade',
      provider: provider.name,
      amount_cents: amount,
      currency,
      tier,
      billing_period: request.billing_period,
      provider_reference: null,
      created_at: now,
      status: 'processing',
      paid_at: null,
      period_start: now,
      period_end: paidPeriodEnd(now, request.billing_period),
    }),
  )
}

/**
 * Asks the provider for the upgrade an intent records, with the intent's key (asking again
 * after a crash returns the first answer, never a second charge), then applies it: the new
 * period starts now with the new plan's credits (and those carried over); what was used stays
 * counted. A refusal drops the intent: nothing was charged and nothing changes.
 */
export async function carryOut(
  deps: SubscriptionChangeDeps,
  row: SubscriptionRow,
  intent: PaymentRow,
  promo: Promo | null,
) {
  const { subscriptions, payments, provider } = deps
  const tier = intent.tier as PaidPurchasableTier
  const period = billingPeriodOf(intent.billing_period)
  let charge: Awaited<ReturnType<PaymentProvider['changeNow']>>
  try {
    charge = await provider.changeNow({
      subscriptionId: row.provider_subscription_id,
      tier,
      billingPeriod: period,
      currency: billingCurrency(intent.currency),
      amountCents: intent.amount_cents,
      card: await payments.findCard(row.workspace_id),
      idempotencyKey: `${row.workspace_id}:${intent.idempotency_key}`,
    })
  } catch (error) {
    await payments.dropProcessing(intent.id)
    throw error
  }
  // The schedule of a downgrade this upgrade replaces; a failure here leaves a schedule the
  // provider's next event reports, never a second charge.
  if (row.provider_schedule_id)
    await provider.releaseSchedule({ scheduleId: row.provider_schedule_id }).catch(() => undefined)
  return apply(deps, row.workspace_id, async (trx, current) => {
    if (
      !(await payments.completeProcessing(trx, intent.id, {
        ...charge,
        status: charge.settled ? 'paid' : 'pending',
        at: deps.now(),
      }))
    )
      return current
    const now = intent.created_at
    return subscriptions.update(trx, current.workspace_id, {
      tier,
      status: 'active',
      billing_period: period,
      character_limit: PLANS[tier].limits.characterLimit + current.rollover_older + current.rollover_newer,
      period_started_at: now,
      next_reset_at: nextMonthlyBoundary(now, now),
      current_period_start: now,
      billing_anchor_at: now,
      current_period_end: paidPeriodEnd(now, period),
      provider_schedule_id: null,
      ...CLEAR_PENDING,
      ...(promo
        ? {
            discount_coupon_id: promo.code,
            discount_percent_off: promo.percentOff,
            discount_amount_off: promo.amountOff,
            discount_months_left: Math.max(0, promo.durationInMonths - 1),
          }
        : {}),
      previously_subscribed_tiers: [...new Set([...current.previously_subscribed_tiers, tier])],
    })
  })
}

/**
 * An upgrade whose process died between asking the provider and applying the answer is
 * finished before anything else changes: asked again with its own key, then applied.
 */
export async function finishInterrupted(
  deps: SubscriptionChangeDeps,
  row: SubscriptionRow,
): Promise<SubscriptionRow> {
  const { subscriptions, payments } = deps
  let current = row
  for (const intent of await payments.processingUpgrades(payments.db, row.workspace_id)) {
    try {
      current = await carryOut(deps, current, intent, null)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      current = await subscriptions.find(row.workspace_id)
    }
  }
  return current
}

/**
 * Runs an upgrade with its promo code redeemed first (the cap and the once-per-account rule
 * checked before any charge); an upgrade that does not go through gives the redemption back.
 */
export async function withRedemption<T>(
  deps: SubscriptionChangeDeps,
  workspaceId: string,
  userId: string,
  promo: Promo | null,
  work: () => Promise<T>,
) {
  const { payments } = deps
  if (!promo) return work()
  await payments.transaction((trx) =>
    redeemPromo(deps.promoCodes, trx, { code: promo.code, workspaceId, userId, at: deps.now() }),
  )
  try {
    return await work()
  } catch (error) {
    await deps.promoCodes.releaseRedemption(promo.code, workspaceId)
    throw error
  }
}

export async function change(
  deps: SubscriptionChangeDeps,
  workspaceId: string,
  userId: string,
  request: ChangeRequest,
  onlyUpgrade: boolean,
) {
  const { subscriptions, payments, provider } = deps
  const info = (row: SubscriptionRow) => subscriptionInfo(row, deps.provider.testMode)
  const withChangeLease = createChangeLease(deps.subscriptions)
  const promo = request.promocode
    ? await resolvePromo(payments, deps.promoCodes, request.promocode, deps.now(), { workspaceId, userId })
    : null
  return withChangeLease(workspaceId, async (leasedRow) => {
    // A retry of an upgrade that went through finds its payment and changes nothing; one
    // that was interrupted is finished with the key it was asked with.
    const earlier = request.idempotency_key
      ? await payments.findPayment(payments.db, workspaceId, request.idempotency_key)
      : undefined
    if (earlier) {
      const same =
        earlier.tier === request.subscription_type && earlier.billing_period === request.billing_period
      if (!same) throw new AppError('idempotency_key_reused')
      if (earlier.status !== 'processing') return info(leasedRow)
    }
    const row = await finishInterrupted(deps, leasedRow)
    if (earlier) return info(row)
    const target = { tier: request.subscription_type, billingPeriod: request.billing_period }
    const action = planAction(currentPlanOf(row), target)
    if (onlyUpgrade && action.action !== 'upgrade')
      throw failed('upgrade', 'the chosen plan is not an upgrade of the current one.')
    switch (action.action) {
      case 'upgrade': {
        const key = request.idempotency_key ?? `upgrade:${randomUUID()}`
        return withRedemption(deps, workspaceId, userId, promo, async () => {
          const intent = await recordUpgradeIntent(deps, row, request, promo, key)
          return info(await carryOut(deps, row, intent, promo))
        })
      }
      case 'downgrade': {
        // Takes effect at the end of the paid period; replaces any other scheduled change.
        const toFree = request.subscription_type === 'free'
        if (toFree && row.provider_schedule_id)
          await provider.releaseSchedule({ scheduleId: row.provider_schedule_id })
        let scheduleId: string | null = null
        if (toFree)
          await provider.setCancelAtPeriodEnd({
            subscriptionId: row.provider_subscription_id,
            cancel: true,
          })
        else
          scheduleId = (
            await provider.scheduleChange({
              subscriptionId: row.provider_subscription_id,
              scheduleId: row.provider_schedule_id,
              tier: request.subscription_type as PaidPurchasableTier,
              billingPeriod: request.billing_period,
              currency: billingCurrency(row.currency),
            })
          ).scheduleId
        return info(
          await apply(deps, workspaceId, (trx) =>
            subscriptions.update(trx, workspaceId, {
              pending_change_kind: 'change',
              pending_next_tier: request.subscription_type,
              pending_billing_period: toFree ? null : request.billing_period,
              provider_schedule_id: scheduleId,
            }),
          ),
        )
      }
      case 'cancel_downgrade':
        // This downgrade is already scheduled: asking again changes nothing.
        return info(row)
      case 'create':
        throw failed('change', 'this workspace has no paid subscription; start one through checkout.')
      default:
        throw failed('change', 'the workspace is already on this plan and billing period.')
    }
  })
}
