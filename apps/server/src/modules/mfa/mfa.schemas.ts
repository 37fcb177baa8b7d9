import {
  SESSION_INACTIVITY_TIMEOUT_MAX_SECONDS,
  SESSION_INACTIVITY_TIMEOUT_MIN_SECONDS,
} from '@timbre/contract'
import { z } from 'zod'

export const codeBody = z.strictObject({ code: z.string().trim().min(1, 'Enter a code.').max(32) })

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabled_at_unix: z.number().int().nullable(),
  backup_codes_remaining: z.number().int(),
  setup_required: z.boolean().describe('The workspace requires two-factor and it is not set up yet'),
})

export const enrolment = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_code: z.string().describe('The otpauth URI as a QR code: an SVG data URL'),
})

export const backupCodes = z.object({ backup_codes: z.array(z.string()) })

export const securitySettings = z.object({
  mfa_required_for_users: z.boolean(),
  mfa_required_by_plan: z.boolean().describe('Grant plans require two-factor sign-in for every member'),
  session_inactivity_timeout: z.number().int().nullable().describe('Seconds; null: no timeout'),
})

export const securitySettingsPatch = z.strictObject({
  mfa_required_for_users: z.boolean().optional(),
  session_inactivity_timeout: z
    .number()
    .int()
    .min(SESSION_INACTIVITY_TIMEOUT_MIN_SECONDS)
    .max(SESSION_INACTIVITY_TIMEOUT_MAX_SECONDS)
    .nullable()
    .optional(),
})

export const disabledUsers = z.object({
  users: z.array(z.object({ user_id: z.string(), email: z.string(), first_name: z.string().nullable() })),
})
