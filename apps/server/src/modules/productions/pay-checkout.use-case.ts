import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import type { ProductionsDeps } from './productions-deps.js'

// Paying an order by card on the checkout page (the built-in test page, or Stripe Checkout). The
// page is opened for the order's total and kept on the order; the order goes to work when the
// payment is recorded (billing tells, or the deadline sweep finds it), and an order whose page was
// never paid is cancelled when its payment window closes.

/** What a checkout purchase of an order is called in billing. */
export const ORDER_PRODUCT = 'production_order'

export async function payWithCheckout(
  deps: ProductionsDeps,
  principal: Principal,
  input: { orderId: string; origin: string },
) {
  const order = await deps.orders.order(principal.workspaceId, input.orderId)
  if (!order) throw new AppError('production_not_found')
  if (order.status !== 'payment_pending' || !order.total_cents || !order.pay_by)
    throw new AppError('production_not_payable')
  const [task] = await deps.orders.tasksOf(order.id)
  const purchase = await deps.purchases.open({
    workspaceId: principal.workspaceId,
    userId: principal.userId,
    email: principal.email,
    origin: input.origin,
    product: ORDER_PRODUCT,
    reference: order.id,
    description: `Production: ${order.name}`.slice(0, 200),
    amountCents: order.total_cents,
    currency: 'usd',
    returnPath: task ? `/app/productions/${encodeURIComponent(task.id)}` : '/app/productions',
    expiresAt: new Date(order.pay_by),
  })
  if (order.payment_ref !== purchase.purchase_id)
    await deps.orders.moveOrder(order.id, ['payment_pending'], { payment_ref: purchase.purchase_id })
  return {
    order_id: order.id,
    purchase_id: purchase.purchase_id,
    url: purchase.url ?? '',
    amount_cents: purchase.amount_cents,
    currency: purchase.currency,
  }
}
