import { EMAIL_MAX_LENGTH } from '@timbre/contract'
import { z } from 'zod'

const location = z.object({ country: z.string(), region: z.string(), city: z.string() }).nullable()
const policy = z.enum(['strict', 'checkbox', 'implicit'])

export const signUpTerms = z
  .object({
    location,
    terms_policy: policy,
    marketing_checkbox_required: z.boolean(),
    bipa_applies: z.boolean(),
    ccpa_applies: z.boolean(),
  })
  .meta({ id: 'SignUpTerms' })

export const consentStatus = z
  .object({
    location,
    terms_policy: policy,
    marketing_checkbox_required: z.boolean(),
    bipa_applies: z.boolean(),
    accepted_bipa_terms: z.boolean(),
    bipa_terms_required: z.boolean(),
    ccpa_applies: z.boolean(),
    ccpa_opt_out: z.boolean(),
    global_privacy_control: z.boolean(),
    agrees_to_product_updates: z.boolean(),
    terms_update: z.object({ version: z.string(), published_at_unix: z.number() }).nullable(),
  })
  .meta({ id: 'ConsentStatus' })

export const trainingOptOut = z.object({
  training_opt_out: z.object({ value: z.boolean(), timestamp_unix: z.number().nullable() }),
  can_change: z.boolean(),
  message: z.string().optional(),
})

export const boolQuery = z.enum(['true', 'false']).transform((v) => v === 'true')
export const termsVersion = z.string().min(1).max(40)
export const newEmailBody = z.strictObject({
  new_email: z.email({ message: 'Enter a valid email address.' }).max(EMAIL_MAX_LENGTH),
})
export const emailQuery = z.strictObject({
  verification_code: z.string().trim().min(1).max(200),
  is_reverting: boolQuery.optional(),
})
export const emailResult = z.object({ status: z.literal('success'), email: z.string() })
export const alphaAccess = z.object({ has_alpha_access: z.boolean(), requested: z.boolean() })
export const publicName = z.object({
  public_user_name: z.string().nullable(),
  message: z.string().optional(),
})
