import {
  type BillingPeriod,
  type Currency,
  type PaidPurchasableTier,
  PLANS,
  periodPrice,
} from '@timbre/contract'
import type Stripe from 'stripe'
import { AppError } from '../../errors.js'
import type { UsageReport } from './payment-provider.js'
import { OVERAGE_METER_EVENT, overageLookupKey, planItemOf, priceLookupKey } from './stripe-deps.js'

/**
 * Our plans' prices and the overage meter in Stripe, found by lookup key or event name and
 * created the first time they are needed; the ids are kept for the life of the provider.
 */
export function createStripeCatalogue(stripe: Stripe) {
  const prices = new Map<string, string>()

  async function priceId(
    tier: PaidPurchasableTier,
    period: BillingPeriod,
    currency: Currency,
  ): Promise<string> {
    const key = priceLookupKey(tier, period, currency)
    const cached = prices.get(key)
    if (cached) return cached
    const found = await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 })
    let id = found.data[0]?.id
    if (!id) {
      const amount = periodPrice(tier, period, currency)
      if (amount === null) throw new AppError('checkout_failed')
      const created = await stripe.prices.create(
        {
          lookup_key: key,
          currency,
          unit_amount: amount,
          recurring: { interval: period === 'annual_period' ? 'year' : 'month' },
          product_data: {
            name: `${PLANS[tier].name} (${period === 'annual_period' ? 'annual' : 'monthly'})`,
          },
          metadata: { tier, billing_period: period },
        },
        { idempotencyKey: `price:${key}` },
      )
      id = created.id
    }
    prices.set(key, id)
    return id
  }

  /** The subscription's plan item (not the metered item usage is invoiced through). */
  async function itemOf(subscriptionId: string) {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId)
    const item = planItemOf(subscription)
    if (!item) throw new AppError('no_subscription')
    return { subscription, item }
  }

  let meter: Promise<string> | null = null
  /** The overage meter, found by its event name or created once. */
  function meterId(): Promise<string> {
    meter ??= (async () => {
      for await (const found of stripe.billing.meters.list({ status: 'active', limit: 100 }))
        if (found.event_name === OVERAGE_METER_EVENT) return found.id
      const created = await stripe.billing.meters.create(
        {
          display_name: 'Usage above the plan credits (cents)',
          event_name: OVERAGE_METER_EVENT,
          default_aggregation: { formula: 'sum' },
          customer_mapping: { type: 'by_id', event_payload_key: 'stripe_customer_id' },
          value_settings: { event_payload_key: 'value' },
        },
        { idempotencyKey: `meter:${OVERAGE_METER_EVENT}` },
      )
      return created.id
    })().catch((error) => {
      meter = null
      throw error
    })
    return meter
  }

  async function overagePriceId(period: BillingPeriod, currency: Currency): Promise<string> {
    const key = overageLookupKey(period, currency)
    const cached = prices.get(key)
    if (cached) return cached
    const found = await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 })
    let id = found.data[0]?.id
    if (!id) {
      const created = await stripe.prices.create(
        {
          lookup_key: key,
          currency,
          unit_amount: 1,
          recurring: {
            interval: period === 'annual_period' ? 'year' : 'month',
            usage_type: 'metered',
            meter: await meterId(),
          },
          product_data: { name: 'Usage above the plan credits' },
          metadata: { kind: 'overage', billing_period: period },
        },
        { idempotencyKey: `price:${key}` },
      )
      id = created.id
    }
    prices.set(key, id)
    return id
  }

  /** Adds the metered item to the subscription once (every item must share its interval). */
  async function ensureOverageItem(report: UsageReport): Promise<void> {
    const price = await overagePriceId(report.billingPeriod, report.currency)
    const subscription = await stripe.subscriptions.retrieve(report.subscriptionId)
    if (subscription.items.data.some((i) => i.price.id === price)) return
    await stripe.subscriptionItems.create(
      { subscription: report.subscriptionId, price, proration_behavior: 'none' },
      { idempotencyKey: `overage-item:${report.subscriptionId}:${price}` },
    )
  }
  return { priceId, itemOf, ensureOverageItem }
}

export type StripeCatalogue = ReturnType<typeof createStripeCatalogue>
