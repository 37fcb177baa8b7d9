import type Stripe from 'stripe'
import { AppError } from '../../errors.js'
import type { PaymentProvider } from './payment-provider.js'
import type { StripeCatalogue } from './stripe-catalogue.js'
import { call } from './stripe-deps.js'

/**
 * Plan changes on the Stripe subscription: upgrades now with proration, other changes through
 * a subscription schedule at the period end.
 */
export function stripeSubscriptionCalls(
  stripe: Stripe,
  { priceId, itemOf }: StripeCatalogue,
): Pick<PaymentProvider, 'changeNow' | 'scheduleChange' | 'releaseSchedule' | 'setCancelAtPeriodEnd'> {
  return {
    changeNow: (input) =>
      call(async () => {
        if (!input.subscriptionId) throw new AppError('no_subscription')
        const { item } = await itemOf(input.subscriptionId)
        const price = await priceId(input.tier, input.billingPeriod, input.currency)
        // Prorated and invoiced at once; a declined card fails the update, nothing changes.
        const updated = await stripe.subscriptions.update(
          input.subscriptionId,
          {
            items: [{ id: item.id, price }],
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
            metadata: { tier: input.tier, billing_period: input.billingPeriod },
          },
          { idempotencyKey: `upgrade:${input.idempotencyKey}` },
        )
        return { reference: updated.id, settled: false }
      }),

    scheduleChange: (input) =>
      call(async () => {
        if (!input.subscriptionId) throw new AppError('no_subscription')
        if (!input.tier) {
          await stripe.subscriptions.update(input.subscriptionId, { cancel_at_period_end: true })
          return { scheduleId: input.scheduleId }
        }
        const schedule = input.scheduleId
          ? await stripe.subscriptionSchedules.retrieve(input.scheduleId)
          : await stripe.subscriptionSchedules.create({ from_subscription: input.subscriptionId })
        const current = schedule.phases[0]
        if (!current) throw new AppError('no_subscription')
        const price = await priceId(input.tier, input.billingPeriod, input.currency)
        // The current phase runs to the period end; the next plan starts there and then renews.
        await stripe.subscriptionSchedules.update(schedule.id, {
          end_behavior: 'release',
          phases: [
            {
              items: current.items.map((i) => ({
                price: typeof i.price === 'string' ? i.price : i.price.id,
                quantity: i.quantity ?? 1,
              })),
              start_date: current.start_date,
              end_date: current.end_date,
            },
            {
              items: [{ price, quantity: 1 }],
              duration: {
                interval: input.billingPeriod === 'annual_period' ? 'year' : 'month',
                interval_count: 1,
              },
            },
          ],
        })
        return { scheduleId: schedule.id }
      }),

    releaseSchedule: (input) =>
      call(async () => {
        if (input.scheduleId) await stripe.subscriptionSchedules.release(input.scheduleId)
      }),

    setCancelAtPeriodEnd: (input) =>
      call(async () => {
        if (!input.subscriptionId) return
        await stripe.subscriptions.update(input.subscriptionId, { cancel_at_period_end: input.cancel })
      }),
  }
}
