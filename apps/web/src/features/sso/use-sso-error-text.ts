import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useErrorText } from '../../i18n/use-error-text'
import { ApiError } from '../../lib/api-error'

// Single sign-on codes with a translated text; others show the server's message.
export const SSO_ERROR_CODES = [
  'email_password_disallowed',
  'sso_provider_not_found',
  'sso_sign_in_failed',
  'sso_sign_in_expired',
  'sso_domain_not_verified',
  'sso_user_not_provisioned',
  'seat_limit_reached',
  'member_locked',
  'member_disabled_by_identity_provider',
  'identity_provider_not_found',
  'sso_provider_unreachable',
  'sso_url_invalid',
  'sso_address_refused',
  'sso_certificate_invalid',
  'sso_domain_invalid',
  'identity_provider_exists',
  'domain_exists',
  'domain_taken',
  'sso_requires_identity_provider',
] as const
type SsoErrorCode = (typeof SSO_ERROR_CODES)[number]

export function isSsoErrorCode(code: string | null | undefined): code is SsoErrorCode {
  return (SSO_ERROR_CODES as readonly (string | null | undefined)[]).includes(code)
}

/** The text for a failed call or for the `sso_error` code the sign-in page was sent back with. */
export function useSsoErrorText(): (error: unknown) => string {
  const { t } = useTranslation()
  const errorText = useErrorText()
  return useCallback(
    (error: unknown) => {
      const code = typeof error === 'string' ? error : error instanceof ApiError ? error.code : null
      if (isSsoErrorCode(code)) return t(`sso.errors.${code}`)
      if (typeof error === 'string') return t('sso.errors.sso_sign_in_failed')
      return errorText(error)
    },
    [t, errorText],
  )
}
