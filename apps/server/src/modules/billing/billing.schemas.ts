import { BILLING_PERIODS, CURRENCIES, PAID_PURCHASABLE_TIERS } from '@timbre/contract'
import { z } from 'zod'

export const paidTier = z.enum(PAID_PURCHASABLE_TIERS)
export const billingPeriod = z.enum(BILLING_PERIODS)
export const currency = z.enum(CURRENCIES)
const idempotencyKey = z.string().trim().min(1).max(255)
const promocode = z.string().max(100).nullish()

export const checkoutBody = z.object({
  subscription_type: paidTier,
  billing_period: billingPeriod,
  currency: currency.optional(),
  promocode,
  no_default_promocode: z.boolean().optional(),
  idempotency_key: idempotencyKey.optional(),
})

export const changeBody = z.object({
  subscription_type: z.enum(['free', ...PAID_PURCHASABLE_TIERS]),
  billing_period: billingPeriod,
  // A subscription keeps the currency it was bought in; the field is accepted and ignored.
  currency: currency.optional(),
  promocode,
  idempotency_key: idempotencyKey.optional(),
})

export const subscriptionInfo = z
  .object({
    tier: z.string(),
    status: z.string(),
    billing_period: billingPeriod,
    currency,
    pending_change: z
      .object({
        kind: z.enum(['change', 'cancellation']),
        next_tier: z.string(),
        next_billing_period: billingPeriod.nullable(),
        timestamp_seconds: z.number(),
      })
      .nullable(),
    character_refresh_period: billingPeriod,
    has_open_invoices: z.boolean(),
    next_invoice: z
      .object({
        next_payment_attempt_unix: z.number(),
        discount_percent_off: z.number().nullable(),
        discount_amount_off: z.number().nullable(),
        amount_due_cents: z.number(),
      })
      .nullable(),
    next_character_count_reset_unix: z.number(),
    current_period_end_unix: z.number().nullable(),
    discount: z.object({ coupon_id: z.string() }).nullable(),
    payment_provider: z.string().nullable(),
    test_mode: z.boolean(),
  })
  .meta({ id: 'SubscriptionInfo' })

export const promoValidation = z.object({
  valid: z.boolean(),
  amount_off: z.number().nullable(),
  percent_off: z.number().nullable(),
  duration_in_months: z.number().nullable(),
})
