import { randomUUID } from 'node:crypto'
import {
  type BillingPeriod,
  billingCurrency,
  DISCOUNT_CODES,
  type PaidPurchasableTier,
  PLANS,
  periodPrice,
  planAction,
  type Tier,
} from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { PaymentRow, SubscriptionRow } from './billing.tables.js'
import { createChangeLease } from './change-lease.js'
import { nextMonthlyBoundary, paidPeriodEnd } from './credit-periods.js'
import type { PaymentProvider } from './payment-provider.js'
import type { PaymentsRepository } from './payments.repository.js'
import { type Promo, redeemPromo, resolvePromo } from './promo-codes.js'
import type { PromoCodesRepository } from './promo-codes.repository.js'
import { billingPeriodOf, currentPlanOf, discounted, subscriptionInfo } from './subscription-state.js'
import type { SubscriptionsRepository } from './subscriptions.repository.js'

export interface ChangeRequest {
  subscription_type: PaidPurchasableTier | 'free'
  billing_period: BillingPeriod
  promocode?: string | null | undefined
  idempotency_key?: string | undefined
}

interface Deps {
  subscriptions: SubscriptionsRepository
  payments: PaymentsRepository
  promoCodes: PromoCodesRepository
  provider: PaymentProvider
  now: () => Date
}

const CLEAR_PENDING = {
  pending_change_kind: null,
  pending_next_tier: null,
  pending_billing_period: null,
} as const

const failed = (verb: string, reason: string) =>
  new AppError('subscription_change_failed', { message: `Failed to ${verb} subscription: ${reason}` })

/** A paid subscription is one with a paid period (not free, trial or a grant). */
function hasPaidPeriod(row: SubscriptionRow): boolean {
  return row.current_period_end !== null && row.status !== 'free'
}

/**
 * The unused part of the current period, credited against an upgrade: the period's list
 * price times the share of the period still ahead.
 */
export function unusedCredit(row: SubscriptionRow, tier: Tier, now: Date): number {
  const start = row.current_period_start?.getTime()
  const end = row.current_period_end?.getTime()
  const price = periodPrice(tier, billingPeriodOf(row.billing_period), billingCurrency(row.currency))
  if (start === undefined || end === undefined || price === null || end <= start) return 0
  const share = Math.min(1, Math.max(0, (end - now.getTime()) / (end - start)))
  return Math.round(price * share)
}

export function createSubscriptionChangeService(deps: Deps) {
  const { subscriptions, payments, provider } = deps
  const info = (row: SubscriptionRow) => subscriptionInfo(row, provider.testMode)
  const withChangeLease = createChangeLease(subscriptions)

  /** Writes an outcome on the locked row, in a short transaction (no provider call inside). */
  function apply<T>(workspaceId: string, work: (trx: Transaction<DB>, row: SubscriptionRow) => Promise<T>) {
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
  async function recordUpgradeIntent(
    row: SubscriptionRow,
    request: ChangeRequest,
    promo: Promo | null,
    key: string,
  ): Promise<PaymentRow> {
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
  async function carryOut(row: SubscriptionRow, intent: PaymentRow, promo: Promo | null) {
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
    return apply(row.workspace_id, async (trx, current) => {
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
  async function finishInterrupted(row: SubscriptionRow): Promise<SubscriptionRow> {
    let current = row
    for (const intent of await payments.processingUpgrades(payments.db, row.workspace_id)) {
      try {
        current = await carryOut(current, intent, null)
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
  async function withRedemption<T>(
    workspaceId: string,
    userId: string,
    promo: Promo | null,
    work: () => Promise<T>,
  ) {
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

  async function change(workspaceId: string, userId: string, request: ChangeRequest, onlyUpgrade: boolean) {
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
      const row = await finishInterrupted(leasedRow)
      if (earlier) return info(row)
      const target = { tier: request.subscription_type, billingPeriod: request.billing_period }
      const action = planAction(currentPlanOf(row), target)
      if (onlyUpgrade && action.action !== 'upgrade')
        throw failed('upgrade', 'the chosen plan is not an upgrade of the current one.')
      switch (action.action) {
        case 'upgrade': {
          const key = request.idempotency_key ?? `upgrade:${randomUUID()}`
          return withRedemption(workspaceId, userId, promo, async () => {
            const intent = await recordUpgradeIntent(row, request, promo, key)
            return info(await carryOut(row, intent, promo))
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
            await apply(workspaceId, (trx) =>
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

  return {
    async info(workspaceId: string) {
      return info(await subscriptions.find(workspaceId))
    },

    change: (workspaceId: string, userId: string, request: ChangeRequest) =>
      change(workspaceId, userId, request, false),

    /** Only an upgrade: anything else this plan card would do is refused, nothing is charged. */
    upgradeOnly(workspaceId: string, userId: string, request: ChangeRequest & { idempotency_key: string }) {
      return change(workspaceId, userId, request, true)
    },

    async cancelDowngrade(workspaceId: string) {
      return withChangeLease(workspaceId, async (row) => {
        if (row.pending_change_kind === 'cancellation')
          throw failed(
            'cancel downgrade',
            'the subscription is being cancelled, not downgraded; renew it instead.',
          )
        if (row.pending_change_kind !== 'change') return info(row)
        if (row.provider_schedule_id) await provider.releaseSchedule({ scheduleId: row.provider_schedule_id })
        if (row.pending_next_tier === 'free')
          await provider.setCancelAtPeriodEnd({ subscriptionId: row.provider_subscription_id, cancel: false })
        return info(
          await apply(workspaceId, (trx) =>
            subscriptions.update(trx, workspaceId, { ...CLEAR_PENDING, provider_schedule_id: null }),
          ),
        )
      })
    },

    /** Cancels at the end of the paid period: the workspace then returns to free. */
    async cancel(workspaceId: string) {
      return withChangeLease(workspaceId, async (row) => {
        if (!hasPaidPeriod(row))
          throw new AppError('no_subscription', { message: 'There is no paid subscription to cancel.' })
        if (row.pending_change_kind === 'cancellation') return info(row)
        if (row.provider_schedule_id) await provider.releaseSchedule({ scheduleId: row.provider_schedule_id })
        await provider.setCancelAtPeriodEnd({ subscriptionId: row.provider_subscription_id, cancel: true })
        return info(
          await apply(workspaceId, (trx) =>
            subscriptions.update(trx, workspaceId, {
              provider_schedule_id: null,
              pending_change_kind: 'cancellation',
              pending_next_tier: 'free',
              pending_billing_period: null,
            }),
          ),
        )
      })
    },

    /** Takes back a scheduled cancellation; the subscription simply continues. */
    async renew(workspaceId: string) {
      return withChangeLease(workspaceId, async (row) => {
        if (!hasPaidPeriod(row))
          throw new AppError('no_subscription', { message: 'There is no paid subscription to renew.' })
        if (row.pending_change_kind !== 'cancellation') return info(row)
        await provider.setCancelAtPeriodEnd({ subscriptionId: row.provider_subscription_id, cancel: false })
        return info(await apply(workspaceId, (trx) => subscriptions.update(trx, workspaceId, CLEAR_PENDING)))
      })
    },

    /** A retention discount on the next invoices of a paid subscription. */
    async applyDiscount(workspaceId: string, code: string) {
      const discount = DISCOUNT_CODES[code.trim()]
      if (!discount) throw new AppError('invalid_discount_code', { param: 'discount_code' })
      return apply(workspaceId, async (trx, row) => {
        if (!hasPaidPeriod(row))
          throw new AppError('no_subscription', {
            message: 'A discount applies only to a paid subscription.',
          })
        if (row.discount_coupon_id === code.trim()) return info(row)
        return info(
          await subscriptions.update(trx, workspaceId, {
            discount_coupon_id: code.trim(),
            discount_percent_off: discount.percentOff,
            discount_amount_off: null,
            discount_months_left: discount.durationInMonths,
          }),
        )
      })
    },
  }
}

export type SubscriptionChangeService = ReturnType<typeof createSubscriptionChangeService>
