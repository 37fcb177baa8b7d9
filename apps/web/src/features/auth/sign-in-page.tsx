import { useMutation, useQueryClient } from '@tanstack/react-query'
import { SSO_SECOND_STEP_FRAGMENT } from '@timbre/contract'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useSearchParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { routes } from '../../routes'
import { SsoErrorNotice } from '../sso/sso-error-notice'
import { SignInCodeStep } from '../two-factor/sign-in-code-step'
import { signIn } from './auth-api'
import { AuthLink, useAuthExit } from './auth-exit'
import { AuthHeading } from './auth-layout'
import { authLink, isEmail, readAuthQuery } from './auth-query'
import { GoTo } from './go-to'
import { forgetInactivitySignOut, wasSignedOutForInactivity } from './inactivity-sign-out'
import { clearStoredRedirect, usePostLoginTarget } from './use-post-login'
import { userOrNull, userQueryKey, useSession } from './use-session'

/** The second-step token single sign-on left in the URL fragment, taken once. */
function ssoSecondStepToken(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get(SSO_SECOND_STEP_FRAGMENT)
  if (token) window.history.replaceState(null, '', window.location.pathname + window.location.search)
  return token
}

export function SignInPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const query = readAuthQuery(params)
  const session = useSession()
  const queryClient = useQueryClient()
  const { leave } = useAuthExit()
  const errorText = useErrorText()
  const targetFor = usePostLoginTarget()
  const [email, setEmail] = useState(query.email)
  const [password, setPassword] = useState('')
  const [submitted, setSubmitted] = useState(false)
  // The workspace's inactivity timeout ended the last session: say so above the form.
  const [inactive] = useState(wasSignedOutForInactivity)

  // Set when the password was right and the account asks for an authenticator code as well, or
  // when single sign-on came back for an account with two-factor on (the token in the fragment).
  const [mfaToken, setMfaToken] = useState<string | null>(ssoSecondStepToken)
  const finish = async () => {
    const user = await queryClient.fetchQuery({ queryKey: userQueryKey, queryFn: userOrNull })
    const target = user ? targetFor(user) : routes.home
    clearStoredRedirect()
    forgetInactivitySignOut()
    leave(target, { replace: true })
  }
  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: async (result) => {
      if ('mfa_token' in result) return setMfaToken(result.mfa_token)
      await finish()
    },
  })

  if (query.useSso) return <Navigate to={authLink(routes.continueWithSso, query)} replace />
  // Already signed in (and not in the middle of this sign-in): go where sign-in would lead.
  if (session.status === 'signedIn' && mutation.isIdle) return <GoTo to={targetFor(session.user)} />
  if (mfaToken) {
    return (
      <SignInCodeStep
        mfaToken={mfaToken}
        onSignedIn={finish}
        onRestart={() => {
          setMfaToken(null)
          mutation.reset()
        }}
      />
    )
  }

  const emailError = submitted && !isEmail(email.trim()) ? t('auth.fields.emailInvalid') : null
  const passwordError = submitted && !password ? t('auth.fields.passwordRequired') : null

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!isEmail(email.trim()) || !password) return
    mutation.mutate({ email: email.trim(), password })
  }

  return (
    <>
      <AuthHeading title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')} />
      <SsoErrorNotice />
      {inactive && !mutation.isError && (
        <Alert tone="info" className="mb-4">
          {t('errors.codes.session_inactive')}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {mutation.isError && <Alert tone="error">{errorText(mutation.error)}</Alert>}
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailError}
          required
        />
        <TextField
          label={t('auth.fields.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={passwordError}
          revealable
          required
          labelAside={
            <AuthLink
              to={authLink(routes.forgotPassword, { email: email.trim() })}
              className="text-xs font-medium text-accent-700 hover:underline"
            >
              {t('auth.signIn.forgot')}
            </AuthLink>
          }
        />
        <Button type="submit" block loading={mutation.isPending || (mutation.isSuccess && !mfaToken)}>
          {t('auth.signIn.submit')}
        </Button>
      </form>
      <div className="mt-6 space-y-3 text-center text-sm text-neutral-600">
        <p>
          {t('auth.signIn.noAccount')}{' '}
          <AuthLink to={authLink(routes.signUp, { ...query, email: email.trim() })}>
            {t('auth.signIn.signUpLink')}
          </AuthLink>
        </p>
        <p>
          <AuthLink
            to={authLink(routes.continueWithSso, { ...query, email: email.trim() })}
            className="text-neutral-600 hover:text-neutral-900 hover:underline"
          >
            {t('auth.signIn.sso')}
          </AuthLink>
        </p>
      </div>
    </>
  )
}
