import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { routes } from '../../routes'
import { resendVerificationEmail } from './auth-api'

/** Sends the signed-in account another verification link, and says how that went. */
export function useResendVerification() {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  return useMutation({
    mutationFn: () =>
      resendVerificationEmail({
        continue_url: window.location.origin + routes.signIn,
        lang: i18n.language.slice(0, 2),
      }),
    onSuccess: () => toast({ title: t('verify.sent'), tone: 'success' }),
    onError: (error) => toast({ title: errorText(error, t('errors.verificationEmail')), tone: 'error' }),
  })
}
