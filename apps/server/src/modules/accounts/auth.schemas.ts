import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@timbre/contract'
import { z } from 'zod'

export const email = z.email({ message: 'Enter a valid email address.' }).max(EMAIL_MAX_LENGTH)
const password = z.string().min(1, 'Password is required.').max(PASSWORD_MAX_LENGTH)
const continueUrl = z.string().max(2048).optional()
const lang = z.string().max(16).optional()
const code = z.string().min(1).max(200)

export const signUpBody = z.strictObject({
  email,
  password,
  first_name: z.string().max(100).optional(),
  invite_code: z.string().max(200).optional(),
  account_metadata: z
    .strictObject({
      agrees_to_product_updates: z.boolean().optional(),
      accepted_bipa_terms: z.boolean().optional(),
      // The terms checkbox, where the visitor's location shows one.
      accepted_terms: z.boolean().optional(),
    })
    .optional(),
  continue_url: continueUrl,
  lang,
  locale: z.string().max(16).optional(),
})

export const signInBody = z.strictObject({ email: z.string().max(EMAIL_MAX_LENGTH), password })
export const refreshBody = z.strictObject({ refresh_token: z.string().max(200).optional() })
export const emailLinkBody = z.strictObject({ email, continue_url: continueUrl, lang })
export const resendVerificationBody = z.strictObject({ continue_url: continueUrl, lang })
export const oobCodeBody = z.strictObject({ oob_code: code })
export const confirmResetBody = z.strictObject({ oob_code: code, new_password: password })
export const optOutBody = z.strictObject({ opt_out_updates_key: code })
export const signInRequestBody = z.strictObject({ sign_in_request_verification_code: code })

export const tokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  token_type: z.literal('bearer'),
  user_id: z.string(),
})
export const secondStepRequired = z.object({
  two_factor_required: z.literal(true),
  mfa_token: z.string(),
  expires_in: z.number().int(),
})
export const signInCodeBody = z.strictObject({
  mfa_token: z.string().min(1).max(200),
  code: z.string().trim().min(1, 'Enter a code.').max(32),
})
export const statusWithEmail = z.object({ status: z.literal('success'), email: z.string() })
export const statusOnly = z.object({ status: z.literal('success') })
export const empty = z.object({})
