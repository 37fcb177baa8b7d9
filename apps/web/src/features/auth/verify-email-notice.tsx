import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { useResendVerification } from './use-resend-verification'

/** For signed-in users whose email is not verified yet; `reason` says what verifying unlocks. */
export function VerifyEmailNotice({ reason }: { email: string; reason: string }) {
  const { t } = useTranslation()
  const resend = useResendVerification()
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
