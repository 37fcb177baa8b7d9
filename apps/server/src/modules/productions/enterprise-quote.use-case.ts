import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { payWithCredits } from './pay-order.use-case.js'
import type { ProductionsDeps } from './productions-deps.js'

// An enterprise workspace (and a trial, which is an enterprise evaluation) is quoted in credits
// (the enterprise cost estimate) and decides on each ordered production's quote: accepting
// charges the credits once and puts the order to work, declining cancels the order. Either
// decision is final, and only an order still waiting for payment can take one.

const ENTERPRISE_TIERS: readonly string[] = ['enterprise', 'trial']
/** Why an order whose quote was declined was cancelled. */
export const DECLINED_REASON = 'The quote was declined.'

export async function decideEnterpriseQuote(
  deps: ProductionsDeps,
  principal: Principal,
  input: { taskId: string; decision: 'accept' | 'decline' },
) {
  const task = await deps.orders.task(principal.workspaceId, input.taskId)
  const order = task ? await deps.orders.orderById(task.order_id) : undefined
  if (!task || !order || order.status === 'open')
    throw new AppError('production_not_found', { param: 'descriptionId' })
  const plan = await deps.plan(principal.workspaceId)
  if (!ENTERPRISE_TIERS.includes(plan.tier)) throw new AppError('production_not_enterprise')
  if (order.status !== 'payment_pending') throw new AppError('production_quote_decided')
  if (input.decision === 'accept') {
    const paid = await payWithCredits(deps, principal, order.id)
    await deps.orders.event(task.id, 'enterprise quote accepted', principal.userId, null)
    return {
      description_id: task.id,
      decision: input.decision,
      status: paid.status,
      credits_charged: paid.credits_charged,
    }
  }
  const declined = await deps.orders.transaction(async (trx) => {
    const moved = await deps.orders.moveOrder(
      order.id,
      ['payment_pending'],
      { status: 'cancelled', cancel_reason: DECLINED_REASON, pay_by: null },
      trx,
    )
    if (!moved) return false
    await deps.orders.moveTasksOf(order.id, 'payment_pending', 'cancelled', trx)
    for (const each of await deps.orders.tasksOf(order.id, trx))
      await deps.orders.event(each.id, 'enterprise quote declined', principal.userId, null, trx)
    return true
  })
  if (!declined) throw new AppError('production_quote_decided')
  return { description_id: task.id, decision: input.decision, status: 'cancelled', credits_charged: 0 }
}
