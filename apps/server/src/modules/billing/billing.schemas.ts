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

/** An upgrade (the promo dialog's call): always with a key, so a retry never charges twice. */
export const upgradeBody = z.object({
  subscription_type: paidTier,
  billing_period: billingPeriod,
  idempotency_key: idempotencyKey,
  promocode,
})

export const urlResponse = z.object({ url: z.string() })

export const cardCheck = z.object({
  verified: z.boolean(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
})

export const usageBasedBillingBody = z.object({
  enabled: z.boolean(),
  max_character_limit_extension: z.number().int().min(0).max(1_000_000_000).nullish(),
})

export const grantCodeBody = z.object({ grant_code: z.string().trim().min(1).max(100) })
export const grantSessionBody = z.object({ session_id: z.string().min(1).max(100) })

export const postGrantBody = z.object({
  subscription_type: z.enum(['free', ...PAID_PURCHASABLE_TIERS]),
  billing_period: billingPeriod.default('monthly_period'),
})

export const grantSettings = z
  .object({
    is_on_grant: z.boolean(),
    grant_tier: z.string().nullable(),
    grant_end_unix: z.number().nullable(),
    post_grant_subscription_type: z.string().nullable(),
    post_grant_billing_period: billingPeriod.nullable(),
    recommended_tier: z.string(),
    has_payment_method: z.boolean(),
  })
  .meta({ id: 'GrantEndSubscriptionSettings' })

export const grantSession = z.object({
  session_id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  grant_tier: z.string(),
  character_limit: z.number(),
  duration_months: z.number(),
  requires_conversion: z.boolean(),
  current_tier: z.string(),
})

export const localPortal = z
  .object({
    subscription: subscriptionInfo,
    payment_method: z
      .object({ brand: z.string(), last4: z.string(), verified: z.boolean(), updated_at_unix: z.number() })
      .nullable(),
    open_invoices: z.array(
      z.object({
        id: z.string(),
        kind: z.string(),
        amount_cents: z.number(),
        currency,
        created_at_unix: z.number(),
      }),
    ),
    usage_based_billing: z.boolean(),
    test_mode: z.boolean(),
  })
  .meta({ id: 'LocalBillingPortal' })
