import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { routes } from '../../routes'
import { sendVerificationEmail } from './auth-api'

/** For signed-in users whose email is not verified yet; `reason` says what verifying unlocks. */
export function VerifyEmailNotice({ email, reason }: { email: string; reason: string }) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const resend = useMutation({
    mutationFn: () => sendVerificationEmail({ email, continue_url: window.location.origin + routes.signIn }),
    onSuccess: () => toast({ title: t('verify.sent'), tone: 'success' }),
    onError: (error) => toast({ title: errorText(error, t('errors.verificationEmail')), tone: 'error' }),
  })
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="text-sm">
        <p className="font-medium text-amber-950">{t('verify.title')}</p>
        <p className="mt-0.5 text-amber-900">{reason}</p>
      </div>
      <Button
        variant="secondary"
        loading={resend.isPending}
        onClick={() => resend.mutate()}
        className="shrink-0"
      >
        {t('verify.resend')}
      </Button>
    </div>
  )
}
