import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import type { OrderRow } from './orders.repository.js'
import type { ProductionsDeps } from './productions-deps.js'

// Paying an order with credits: reserved from the credit ledger, then in one transaction the
// order leaves payment pending and the reservation is charged. A second payment (a retry, two
// tabs) finds the order no longer pending and gives its reservation back, so an order is
// charged exactly once; a process that dies in between leaves a reservation the sweeper releases.

/** Why an unpaid order was cancelled; only such an order is revived by a late card payment. */
export const UNPAID_REASON = 'Payment was not received.'

export async function payWithCredits(deps: ProductionsDeps, principal: Principal, orderId: string) {
  const order = await deps.orders.order(principal.workspaceId, orderId)
  if (!order) throw new AppError('production_not_found')
  if (order.status !== 'payment_pending' || order.total_cents === null)
    throw new AppError('production_not_payable')
  // A card payment under way on the checkout page must not be doubled by credits.
  if (await openCheckout(deps, order)) throw new AppError('production_checkout_open')
  const tasks = await deps.orders.tasksOf(order.id)
  const credits = tasks.reduce((sum, t) => sum + (t.quote ? quoteCredits(t.quote) : 0), 0)
  const plan = await deps.plan(principal.workspaceId)
  const reservation = await deps.credits.reserve({
    principal,
    plan,
    requestId: `production-order:${order.id}`,
    kind: 'production',
    cost: credits,
    hash: null,
    recordingId: null,
  })
  const paid = await deps.credits.transaction(async (trx) => {
    const moved = await markPaid(
      deps,
      order.id,
      ['payment_pending'],
      { method: 'credits', ref: reservation.ledgerId, credits, actorId: principal.userId },
      trx,
    )
    if (!moved) {
      await deps.credits.release(trx, reservation)
      return false
    }
    if (!(await deps.credits.settle(trx, reservation, credits, null)))
      throw new AppError('production_not_payable')
    return true
  })
  if (!paid) throw new AppError('production_not_payable')
  return { order_id: order.id, status: 'in_progress', credits_charged: credits }
}

/** True while the order's checkout page is open (a card payment may still come). */
async function openCheckout(deps: ProductionsDeps, order: OrderRow): Promise<boolean> {
  if (!order.payment_ref?.startsWith('pur_')) return false
  const purchase = await deps.purchases.state(order.payment_ref)
  if (purchase?.status === 'complete') {
    // Paid, but not yet applied (its notice was lost): applied now.
    await applyCheckoutPaid(deps, order.id, purchase.purchase_id)
    return true
  }
  return purchase?.status === 'open'
}

/**
 * The order leaves payment pending (or, for a late card payment, its cancellation for want of
 * payment): its tasks go to the board, its files' machine transcripts are queued, and each task's
 * history says the payment was processed. false when the order was in none of `from`.
 */
export async function markPaid(
  deps: ProductionsDeps,
  orderId: string,
  from: readonly string[],
  payment: { method: 'credits' | 'checkout'; ref: string; credits: number | null; actorId: string | null },
  trx: Transaction<DB>,
): Promise<boolean> {
  const moved = await deps.orders.moveOrder(
    orderId,
    from,
    {
      status: 'in_progress',
      payment_method: payment.method,
      payment_ref: payment.ref,
      credits: payment.credits,
      paid_at: deps.now(),
      pay_by: null,
      cancel_reason: null,
    },
    trx,
  )
  if (!moved) return false
  for (const state of from) await deps.orders.moveTasksOf(orderId, state, 'unclaimed', trx)
  // A file's machine transcript, which the producer starts from, is made once it is paid for.
  for (const mediaId of await deps.machine.queueFor(orderId, trx))
    await deps.queue.send('productions.machine-transcript', { mediaId }, { trx })
  for (const task of await deps.orders.tasksOf(orderId, trx))
    await deps.orders.event(task.id, 'payment processed', payment.actorId, payment.method, trx)
  return true
}

/**
 * The order's checkout was paid: it goes to work, once. An order cancelled for want of payment
 * meanwhile is revived (the money came); one paid otherwise or cancelled for another reason is
 * left as it is and the payment is written in its history for the operator to refund.
 */
export async function applyCheckoutPaid(deps: ProductionsDeps, orderId: string, purchaseId: string) {
  const order = await deps.orders.orderById(orderId)
  if (!order) return false
  const revivable =
    order.status === 'payment_pending' ||
    (order.status === 'cancelled' && order.cancel_reason === UNPAID_REASON)
  return deps.orders.transaction(async (trx) => {
    if (revivable) {
      const from = order.status === 'cancelled' ? ['cancelled'] : ['payment_pending']
      const paid = { method: 'checkout' as const, ref: purchaseId, credits: null, actorId: order.user_id }
      if (await markPaid(deps, order.id, from, paid, trx)) return true
    }
    if (order.payment_ref === purchaseId && order.payment_method === 'checkout') return false
    for (const task of await deps.orders.tasksOf(order.id, trx))
      await deps.orders.event(task.id, 'payment not applied', null, purchaseId, trx)
    return false
  })
}

const quoteCredits = (quote: unknown): number =>
  ((typeof quote === 'string' ? JSON.parse(quote) : quote) as { credits: number }).credits

/**
 * Orders still unpaid when their payment window closes are cancelled (their tasks with them),
 * unless their checkout was paid and the notice of it lost: then the payment is applied.
 */
export async function cancelUnpaid(deps: ProductionsDeps): Promise<number> {
  const due = await deps.orders.unpaidBefore(deps.now())
  let cancelled = 0
  for (const order of due) {
    if (order.payment_ref?.startsWith('pur_')) {
      const purchase = await deps.purchases.state(order.payment_ref)
      if (purchase?.status === 'complete') {
        await applyCheckoutPaid(deps, order.id, purchase.purchase_id)
        continue
      }
    }
    const done = await deps.orders.transaction(async (trx) => {
      const moved = await deps.orders.moveOrder(
        order.id,
        ['payment_pending'],
        { status: 'cancelled', cancel_reason: UNPAID_REASON },
        trx,
      )
      if (moved) await deps.orders.moveTasksOf(order.id, 'payment_pending', 'cancelled', trx)
      return moved
    })
    if (done) cancelled++
  }
  return cancelled
}
