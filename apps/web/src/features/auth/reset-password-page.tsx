import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Button } from '../../components/button'
import { Spinner } from '../../components/spinner'
import { ApiError } from '../../lib/api-error'
import { routes } from '../../routes'
import { checkPasswordResetCode } from './auth-api'
import { AuthLink, useAuthExit } from './auth-exit'
import { AuthHeading } from './auth-layout'
import { NewPasswordForm } from './new-password-form'
import { signInPathAfterEmailLink } from './post-login-redirect'
import { useLangParam } from './use-lang-param'

/** The code check ends in success, invalidActionCode or unknownError. */
function checkState(error: unknown): 'invalidActionCode' | 'unknownError' {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? 'invalidActionCode'
    : 'unknownError'
}

export function ResetPasswordPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const { leave } = useAuthExit()
  const [done, setDone] = useState(false)
  useLangParam()
  const oobCode = params.get('oobCode') ?? ''
  const signInPath = signInPathAfterEmailLink(params.get('continueUrl'), window.location.origin)
  const check = useQuery({
    queryKey: ['password-reset-code', oobCode],
    queryFn: () => checkPasswordResetCode(oobCode),
    enabled: oobCode !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })

  if (done) {
    return (
      <>
        <AuthHeading title={t('auth.reset.doneTitle')} subtitle={t('auth.reset.doneBody')} />
        <Button block onClick={() => leave(signInPath, { replace: true })}>
          {t('auth.reset.signIn')}
        </Button>
      </>
    )
  }
  if (oobCode && check.isPending) {
    return (
      <div className="flex items-center gap-3 text-sm text-neutral-600" role="status">
        <Spinner /> {t('auth.reset.checking')}
      </div>
    )
  }
  if (!oobCode || check.isError) {
    const state = oobCode ? checkState(check.error) : 'invalidActionCode'
    return (
      <>
        <AuthHeading
          title={t('auth.reset.invalidTitle')}
          subtitle={state === 'invalidActionCode' ? t('auth.reset.invalidBody') : t('errors.generic')}
        />
        <div className="space-y-3 text-center text-sm">
          {state === 'unknownError' && (
            <Button variant="secondary" block onClick={() => void check.refetch()}>
              {t('common.tryAgain')}
            </Button>
          )}
          <AuthLink to={routes.forgotPassword}>{t('auth.reset.requestNew')}</AuthLink>
        </div>
      </>
    )
  }
  return (
    <>
      <AuthHeading
        title={t('auth.reset.title')}
        subtitle={t('auth.reset.forEmail', { email: check.data?.email ?? '' })}
      />
      <NewPasswordForm oobCode={oobCode} onDone={() => setDone(true)} />
    </>
  )
}
