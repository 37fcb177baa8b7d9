import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../lib/api-error'

// Server codes with a translated text. Others show the server's detail.message as is.
const KNOWN_CODES = [
  'invalid_credentials',
  'too_many_attempts',
  'email_taken',
  'invalid_action_code',
  'expired_action_code',
  'email_not_verified',
  'cross_site_request',
  'wrong_site_address',
  'email_password_disallowed',
  'incorrect_code',
  'invalid_backup_code',
  'mfa_already_enabled',
  'mfa_challenge_invalid',
  'mfa_enrollment_required',
  'session_inactive',
  'account_disabled',
  'account_locked',
  'account_deleted',
  'permission_request_not_found',
  'permission_already_granted',
  'permission_request_decided',
] as const
type KnownCode = (typeof KNOWN_CODES)[number]

function isKnown(code: string | null): code is KnownCode {
  return (KNOWN_CODES as readonly (string | null)[]).includes(code)
}

/**
 * The text to show for a failed call: HTTP errors under 500 show their own message, others
 * the generic one. A call with its own failure text (its detail.message, or else a fixed
 * text) passes that text as `fallback`.
 */
export function useErrorText(): (error: unknown, fallback?: string) => string {
  const { t } = useTranslation()
  return useCallback(
    (error: unknown, fallback?: string) => {
      if (!(error instanceof ApiError) || error.isGeneric) return fallback ?? t('errors.generic')
      if (isKnown(error.code)) return t(`errors.codes.${error.code}`)
      return error.message || fallback || t('errors.generic')
    },
    [t],
  )
}
