import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button, buttonClass } from '../../components/button'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { routes } from '../../routes'
import { sendVerificationEmail } from './auth-api'
import { AuthLink } from './auth-exit'
import { AuthHeading } from './auth-layout'
import { authLink } from './auth-query'
import { useLocalMailboxEnabled } from './use-session'

type Props = { email: string; continueUrl: string; inviteCode: string | null }

/** Shown after sign-up: the verification email is on its way, with a resend button. */
export function CheckEmailPanel({ email, continueUrl, inviteCode }: Props) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const mailbox = useLocalMailboxEnabled()
  const resend = useMutation({
    mutationFn: () => sendVerificationEmail({ email, continue_url: continueUrl }),
    onSuccess: () => toast({ title: t('auth.checkEmail.resent'), tone: 'success' }),
    // The server's detail.message, or the product's own failure text.
    onError: (error) => toast({ title: errorText(error, t('errors.verificationEmail')), tone: 'error' }),
  })
  return (
    <div>
      <div className="mb-6 flex size-12 items-center justify-center rounded-full bg-accent-50 text-accent-600">
        <svg
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          aria-hidden="true"
        >
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
        </svg>
      </div>
      <AuthHeading title={t('auth.checkEmail.title')} subtitle={t('auth.checkEmail.body', { email })} />
      <div className="space-y-3">
        {mailbox && (
          <Link to={routes.mailbox} className={buttonClass('primary', 'w-full')}>
            {t('auth.checkEmail.openMailbox')}
          </Link>
        )}
        <Button variant="secondary" block loading={resend.isPending} onClick={() => resend.mutate()}>
          {t('auth.checkEmail.resend')}
        </Button>
      </div>
      <p className="mt-6 text-center text-sm">
        <AuthLink to={authLink(routes.signIn, { email, inviteCode })}>{t('common.backToSignIn')}</AuthLink>
      </p>
    </div>
  )
}
