import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import type { ProductionsDeps } from './productions-deps.js'

// Paying an order with credits: reserved from the credit ledger, then in one transaction the
// order leaves payment pending and the reservation is charged. A second payment (a retry, two
// tabs) finds the order no longer pending and gives its reservation back, so an order is
// charged exactly once; a process that dies in between leaves a reservation the sweeper releases.

export async function payWithCredits(deps: ProductionsDeps, principal: Principal, orderId: string) {
  const order = await deps.orders.order(principal.workspaceId, orderId)
  if (!order) throw new AppError('production_not_found')
  if (order.status !== 'payment_pending' || order.total_cents === null)
    throw new AppError('production_not_payable')
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
  const at = deps.now()
  const paid = await deps.credits.transaction(async (trx) => {
    const moved = await deps.orders.moveOrder(
      order.id,
      ['payment_pending'],
      {
        status: 'in_progress',
        payment_method: 'credits',
        payment_ref: reservation.ledgerId,
        credits,
        paid_at: at,
        pay_by: null,
      },
      trx,
    )
    if (!moved) {
      await deps.credits.release(trx, reservation)
      return false
    }
    if (!(await deps.credits.settle(trx, reservation, credits, null)))
      throw new AppError('production_not_payable')
    await deps.orders.moveTasksOf(order.id, 'payment_pending', 'unclaimed', trx)
    // A file's machine transcript, which the producer starts from, is made once it is paid for.
    for (const mediaId of await deps.machine.queueFor(order.id, trx))
      await deps.queue.send('productions.machine-transcript', { mediaId }, { trx })
    for (const task of tasks)
      await deps.orders.event(task.id, 'payment processed', principal.userId, null, trx)
    return true
  })
  if (!paid) throw new AppError('production_not_payable')
  return { order_id: order.id, status: 'in_progress', credits_charged: credits }
}

const quoteCredits = (quote: unknown): number =>
  ((typeof quote === 'string' ? JSON.parse(quote) : quote) as { credits: number }).credits

/** Orders still unpaid when their payment window closes are cancelled (their tasks with them). */
export async function cancelUnpaid(deps: ProductionsDeps): Promise<number> {
  const due = await deps.orders.unpaidBefore(deps.now())
  let cancelled = 0
  for (const order of due) {
    const done = await deps.orders.transaction(async (trx) => {
      const moved = await deps.orders.moveOrder(
        order.id,
        ['payment_pending'],
        { status: 'cancelled', cancel_reason: 'Payment was not received.' },
        trx,
      )
      if (moved) await deps.orders.moveTasksOf(order.id, 'payment_pending', 'cancelled', trx)
      return moved
    })
    if (done) cancelled++
  }
  return cancelled
}
