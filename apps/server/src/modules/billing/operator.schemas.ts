import { GRANT_TIERS } from '@timbre/contract'
import { z } from 'zod'

// Codes travel in links (`/pricing?coupon=CODE`): letters, digits, dashes and underscores.
const code = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,64}$/, 'must be 3 to 64 letters, digits, dashes or underscores')

const expiresAtUnix = z
  .number()
  .int()
  .positive()
  .nullish()
  .describe('When the code stops working (Unix seconds); null or absent: never')

export const promoCodeBody = z
  .object({
    code: code.optional().describe('The code customers type; generated when absent'),
    amount_off: z
      .number()
      .int()
      .min(1)
      .max(10_000_000)
      .nullish()
      .describe('Cents off, in the invoice currency'),
    percent_off: z.number().int().min(1).max(100).nullish(),
    duration_in_months: z.number().int().min(1).max(36).default(1),
    expires_at_unix: expiresAtUnix,
    max_redemptions: z
      .number()
      .int()
      .min(1)
      .max(10_000_000)
      .nullish()
      .describe('How many times the code may be redeemed in all; null or absent: no cap'),
  })
  .refine((b) => (b.amount_off == null) !== (b.percent_off == null), {
    message: 'exactly one of amount_off and percent_off must be set',
    path: ['amount_off'],
  })

export const promoCode = z
  .object({
    code: z.string(),
    amount_off: z.number().nullable(),
    percent_off: z.number().nullable(),
    duration_in_months: z.number(),
    expires_at_unix: z.number().nullable(),
    created_at_unix: z.number(),
    max_redemptions: z.number().nullable(),
    /** Redemptions so far; each workspace and each person redeems a code once at most. */
    redemptions: z.number(),
  })
  .meta({ id: 'OperatorPromoCode' })

export const grantOfferBody = z.object({
  code: code.optional().describe('The grant code given to the workspace; generated when absent'),
  tier: z.enum(GRANT_TIERS),
  duration_months: z.number().int().min(1).max(36).default(12),
  expires_at_unix: expiresAtUnix,
})

export const grantOffer = z
  .object({
    code: z.string(),
    tier: z.string(),
    duration_months: z.number(),
    expires_at_unix: z.number().nullable(),
    redeemed_workspace_id: z.string().nullable(),
    redeemed_at_unix: z.number().nullable(),
    created_at_unix: z.number(),
  })
  .meta({ id: 'OperatorGrantOffer' })

export const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  after: z.string().max(64).optional().describe('The last code of the previous page'),
})

export const codeParams = z.object({ code: z.string().min(1).max(64) })

export const promoCodeList = z.object({
  promo_codes: z.array(promoCode),
  has_more: z.boolean(),
  last_code: z.string().nullable(),
})

export const grantOfferList = z.object({
  grant_offers: z.array(grantOffer),
  has_more: z.boolean(),
  last_code: z.string().nullable(),
})

export const deleted = z.object({ code: z.string(), deleted: z.boolean() })
