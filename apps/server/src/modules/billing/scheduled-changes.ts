import { DISCOUNT_CODES } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { SubscriptionRow } from './billing.tables.js'
import { createChangeLease } from './change-lease.js'
import { apply } from './plan-change.js'
import {
  CLEAR_PENDING,
  failed,
  hasPaidPeriod,
  type SubscriptionChangeDeps,
} from './subscription-change-rules.js'
import { subscriptionInfo } from './subscription-state.js'

export async function cancelDowngrade(deps: SubscriptionChangeDeps, workspaceId: string) {
  const { subscriptions, provider } = deps
  const info = (row: SubscriptionRow) => subscriptionInfo(row, deps.provider.testMode)
  const withChangeLease = createChangeLease(deps.subscriptions)
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
      await apply(deps, workspaceId, (trx) =>
        subscriptions.update(trx, workspaceId, { ...CLEAR_PENDING, provider_schedule_id: null }),
      ),
    )
  })
}

/** Cancels at the end of the paid period: the workspace then returns to free. */
export async function cancel(deps: SubscriptionChangeDeps, workspaceId: string) {
  const { subscriptions, provider } = deps
  const info = (row: SubscriptionRow) => subscriptionInfo(row, deps.provider.testMode)
  const withChangeLease = createChangeLease(deps.subscriptions)
  return withChangeLease(workspaceId, async (row) => {
    if (!hasPaidPeriod(row))
      throw new AppError('no_subscription', { message: 'There is no paid subscription to cancel.' })
    if (row.pending_change_kind === 'cancellation') return info(row)
    if (row.provider_schedule_id) await provider.releaseSchedule({ scheduleId: row.provider_schedule_id })
    await provider.setCancelAtPeriodEnd({ subscriptionId: row.provider_subscription_id, cancel: true })
    return info(
      await apply(deps, workspaceId, (trx) =>
        subscriptions.update(trx, workspaceId, {
          provider_schedule_id: null,
          pending_change_kind: 'cancellation',
          pending_next_tier: 'free',
          pending_billing_period: null,
        }),
      ),
    )
  })
}

/** Takes back a scheduled cancellation; the subscription simply continues. */
export async function renew(deps: SubscriptionChangeDeps, workspaceId: string) {
  const { subscriptions, provider } = deps
  const info = (row: SubscriptionRow) => subscriptionInfo(row, deps.provider.testMode)
  const withChangeLease = createChangeLease(deps.subscriptions)
  return withChangeLease(workspaceId, async (row) => {
    if (!hasPaidPeriod(row))
      throw new AppError('no_subscription', { message: 'There is no paid subscription to renew.' })
    if (row.pending_change_kind !== 'cancellation') return info(row)
    await provider.setCancelAtPeriodEnd({ subscriptionId: row.provider_subscription_id, cancel: false })
    return info(
      await apply(deps, workspaceId, (trx) => subscriptions.update(trx, workspaceId, CLEAR_PENDING)),
    )
  })
}

/** A retention discount on the next invoices of a paid subscription. */
export async function applyDiscount(deps: SubscriptionChangeDeps, workspaceId: string, code: string) {
  const { subscriptions } = deps
  const info = (row: SubscriptionRow) => subscriptionInfo(row, deps.provider.testMode)
  const discount = DISCOUNT_CODES[code.trim()]
  if (!discount) throw new AppError('invalid_discount_code', { param: 'discount_code' })
  return apply(deps, workspaceId, async (trx, row) => {
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
}
