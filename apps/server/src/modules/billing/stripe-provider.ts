import { createRequire } from 'node:module'
import {
  type BillingPeriod,
  type Currency,
  type PaidPurchasableTier,
  PLANS,
  periodPrice,
  siteLink,
} from '@timbre/contract'
import type Stripe from 'stripe'
import { AppError } from '../../errors.js'
import type { PaymentProvider, UsageReport } from './payment-provider.js'

/** Where the Stripe client sends its calls; tests point it at a local server they start. */
export interface StripeConnection {
  secretKey: string
  host?: string
  port?: number
  protocol?: 'http' | 'https'
}

/**
 * Stripe's library, loaded when a Stripe account is configured: some 20 MB of memory that a
 * server on the local test-mode provider never needs.
 */
function stripeLibrary(): typeof Stripe {
  return createRequire(import.meta.url)('stripe') as typeof Stripe
}

export function createStripeClient(connection: StripeConnection): Stripe {
  const StripeClient = stripeLibrary()
  return new StripeClient(connection.secretKey, {
    ...(connection.host ? { host: connection.host } : {}),
    ...(connection.port ? { port: connection.port } : {}),
    ...(connection.protocol ? { protocol: connection.protocol } : {}),
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: 'Timbre' },
  })
}

/** The lookup key of a plan's price: one price per tier, period and currency. */
export function priceLookupKey(tier: PaidPurchasableTier, period: BillingPeriod, currency: Currency): string {
  return `timbre_${tier}_${period}_${currency}`
}

/** The plan a price's lookup key names (null for prices that are not ours). */
export function planOfLookupKey(
  key: string | null | undefined,
): { tier: PaidPurchasableTier; period: BillingPeriod; currency: Currency } | null {
  const match = /^timbre_(.+)_(monthly_period|annual_period)_(usd|eur)$/.exec(key ?? '')
  if (!match) return null
  const tier = match[1] as PaidPurchasableTier
  if (!(tier in PLANS) || periodPrice(tier, match[2] as BillingPeriod, 'usd') === null) return null
  return { tier, period: match[2] as BillingPeriod, currency: match[3] as Currency }
}

/**
 * Usage above the credits goes to one Billing Meter whose value is the amount in cents (our
 * rules price the characters; Stripe only invoices the sum), through a metered price of one cent
 * per unit per billing interval and currency.
 */
export const OVERAGE_METER_EVENT = 'timbre_overage_cents'

export function overageLookupKey(period: BillingPeriod, currency: Currency): string {
  return `timbre_overage_${period}_${currency}`
}

/** The item of a subscription that carries our plan's price. */
export function planItemOf(subscription: Stripe.Subscription): Stripe.SubscriptionItem | undefined {
  return (
    subscription.items.data.find((i) => planOfLookupKey(i.price.lookup_key) !== null) ??
    subscription.items.data.find((i) => i.price.recurring?.usage_type !== 'metered')
  )
}

/** A Stripe failure the customer can act on becomes our error; anything else is the provider's. */
function translate(error: unknown): never {
  if (error instanceof AppError) throw error
  if (error instanceof stripeLibrary().errors.StripeCardError) throw new AppError('card_declined')
  throw new AppError('payment_provider_failed', {
    message: `The payment provider refused the request: ${error instanceof Error ? error.message : String(error)}`,
  })
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    translate(error)
  }
}

/**
 * Stripe behind the payment-provider interface: Checkout for new subscriptions and card
 * changes, the customer portal, subscription updates with proration for upgrades, subscription
 * schedules for changes at the period end. Stripe renews and charges by itself; what happened
 * comes back through the signed webhook (stripe-webhook.service.ts).
 *
 * Prices are found by lookup key (timbre_<tier>_<period>_<currency>) and created from the plan
 * catalogue the first time they are needed, so an operator only sets the secret key. A promo
 * code or a first-month offer is a one-off Stripe coupon for the difference.
 */
export function createStripePaymentProvider(stripe: Stripe): PaymentProvider {
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

  return {
    name: 'stripe',
    testMode: false,
    hosted: true,

    checkoutUrl: (input) =>
      call(async () => {
        const price = await priceId(input.tier, input.billingPeriod, input.currency)
        const off = input.listPriceCents - input.amountDueCents
        const coupon =
          off > 0
            ? await stripe.coupons.create(
                {
                  amount_off: off,
                  currency: input.currency,
                  duration: input.discountMonths && input.discountMonths > 1 ? 'repeating' : 'once',
                  ...(input.discountMonths && input.discountMonths > 1
                    ? { duration_in_months: input.discountMonths }
                    : {}),
                  max_redemptions: 1,
                },
                { idempotencyKey: `coupon:${input.sessionId}` },
              )
            : null
        const metadata = {
          workspace_id: input.workspaceId,
          session_id: input.sessionId,
          tier: input.tier,
          billing_period: input.billingPeriod,
        }
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price, quantity: 1 }],
            client_reference_id: input.workspaceId,
            ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
            ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
            success_url: siteLink(input.origin, '/subscription?checkout=success'),
            cancel_url: siteLink(input.origin, '/pricing?checkout=cancelled'),
            metadata,
            subscription_data: { metadata },
          },
          { idempotencyKey: `checkout:${input.sessionId}` },
        )
        if (!session.url) throw new AppError('checkout_failed')
        return { url: session.url, providerSessionId: session.id }
      }),

    portalUrl: (input) =>
      call(async () => {
        if (!input.customerId) throw new AppError('no_subscription')
        const session = await stripe.billingPortal.sessions.create({
          customer: input.customerId,
          return_url: siteLink(input.origin, '/subscription'),
        })
        return session.url
      }),

    paymentMethodsUrl: (input) =>
      call(async () => {
        if (!input.customerId) throw new AppError('no_subscription')
        const session = await stripe.checkout.sessions.create({
          mode: 'setup',
          customer: input.customerId,
          currency: input.currency,
          success_url: siteLink(input.origin, '/subscription?payment_method=updated'),
          cancel_url: siteLink(input.origin, '/subscription'),
          metadata: { workspace_id: input.workspaceId },
        })
        if (!session.url) throw new AppError('payment_provider_failed')
        return session.url
      }),

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

    // Stripe charges renewals and usage itself; the billing job never asks it to.
    chargeCardOnFile: async () => {
      throw new AppError('payment_provider_failed', {
        message: 'Stripe charges its subscriptions itself; nothing is charged from here.',
      })
    },

    reportUsage: (report) =>
      call(async () => {
        await ensureOverageItem(report)
        // The identifier makes Stripe count a repeated event once; the idempotency key makes a
        // retried request return the first answer.
        const event = await stripe.billing.meterEvents.create(
          {
            event_name: OVERAGE_METER_EVENT,
            identifier: report.identifier,
            timestamp: Math.floor(report.at.getTime() / 1000),
            payload: { stripe_customer_id: report.customerId, value: String(report.amountCents) },
          },
          { idempotencyKey: `usage:${report.identifier}` },
        )
        return { reference: event.identifier }
      }),

    verifyCard: (input) =>
      call(async () => {
        if (!input.customerId) return { ok: false, brand: null, last4: null }
        const customer = await stripe.customers.retrieve(input.customerId, {
          expand: ['invoice_settings.default_payment_method'],
        })
        if (customer.deleted) return { ok: false, brand: null, last4: null }
        const method = customer.invoice_settings.default_payment_method
        if (!method || typeof method === 'string' || !method.card)
          return { ok: false, brand: null, last4: null }
        return { ok: true, brand: method.card.brand, last4: method.card.last4 }
      }),
  }
}
