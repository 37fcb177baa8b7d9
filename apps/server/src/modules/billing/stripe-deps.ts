import { createRequire } from 'node:module'
import {
  type BillingPeriod,
  type Currency,
  type PaidPurchasableTier,
  PLANS,
  periodPrice,
} from '@timbre/contract'
import type Stripe from 'stripe'
import { AppError } from '../../errors.js'

// Shared by the Stripe provider's parts and its webhook: the client, the price lookup keys and
// how Stripe's failures become ours.

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

/** Runs a Stripe call, its failures translated. */
export async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    translate(error)
  }
}
