import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { useResendVerification } from './use-resend-verification'

/** Across the top of every app page while the account's address is not verified. */
export function UnverifiedEmailBanner({ email }: { email: string }) {
  const { t } = useTranslation()
  const resend = useResendVerification()
  return (
    <div
      role="status"
      data-testid="unverified-email-banner"
      className="flex flex-col gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-center sm:gap-4"
    >
      <p>{t('verify.banner', { email })}</p>
      <Button
        variant="secondary"
        loading={resend.isPending}
        disabled={resend.isSuccess}
        onClick={() => resend.mutate()}
        className="shrink-0"
      >
        {resend.isPending ? t('verify.sending') : t('verify.bannerResend')}
      </Button>
    </div>
  )
}
