import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Link, Navigate, useSearchParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { CheckboxField } from '../../components/checkbox-field'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { storageKeys, writeKey } from '../../lib/storage'
import { routes, withQuery } from '../../routes'
import { SignUpTermsField, useSignUpTerms } from '../consent/sign-up-terms-field'
import { signUp } from './auth-api'
import { AuthLink } from './auth-exit'
import { AuthHeading } from './auth-layout'
import { authLink, isEmail, meetsPasswordRule, readAuthQuery } from './auth-query'
import { CheckEmailPanel } from './check-email-panel'
import { allowedRedirectPath } from './redirect-allow-list'
import { useSession } from './use-session'

export function SignUpPage() {
  const { t, i18n } = useTranslation()
  const [params] = useSearchParams()
  const query = readAuthQuery(params)
  const session = useSession()
  const errorText = useErrorText()
  const [email, setEmail] = useState(query.email)
  const [password, setPassword] = useState('')
  const [firstName, setFirstName] = useState('')
  const [updates, setUpdates] = useState(false)
  const termsPolicy = useSignUpTerms()
  const [acceptedTerms, setAcceptedTerms] = useState(false)
  const [submitted, setSubmitted] = useState(false)

  // The verification link leads back to sign-in, carrying the redirect.
  const redirect = allowedRedirectPath(query.redirect, window.location.origin)
  const continueUrl = window.location.origin + withQuery(routes.signIn, { redirect })

  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: () => {
      // Kept for the sign-in after the email link, when the query is long gone.
      if (redirect) writeKey(storageKeys.redirectTarget, redirect)
    },
  })

  if (query.useSso) return <Navigate to={authLink(routes.continueWithSso, query)} replace />
  if (session.status === 'signedIn' && mutation.isIdle) return <Navigate to={routes.home} replace />
  if (mutation.isSuccess) {
    return (
      <CheckEmailPanel email={mutation.data.email} continueUrl={continueUrl} inviteCode={query.inviteCode} />
    )
  }

  const emailError = submitted && !isEmail(email.trim()) ? t('auth.fields.emailInvalid') : null
  const passwordError = submitted && !meetsPasswordRule(password) ? t('auth.fields.passwordWeak') : null

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!isEmail(email.trim()) || !meetsPasswordRule(password)) return
    if (termsPolicy !== 'implicit' && !acceptedTerms) return
    mutation.mutate({
      email: email.trim(),
      password,
      first_name: firstName.trim() || undefined,
      invite_code: query.inviteCode ?? undefined,
      account_metadata: {
        agrees_to_product_updates: updates,
        ...(termsPolicy === 'implicit' ? {} : { accepted_terms: acceptedTerms }),
      },
      continue_url: continueUrl,
      lang: i18n.language,
    })
  }

  return (
    <>
      <AuthHeading title={t('auth.signUp.title')} subtitle={t('auth.signUp.subtitle')} />
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {query.inviteCode && <Alert>{t('auth.signUp.inviteNotice')}</Alert>}
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
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={passwordError ? undefined : t('auth.fields.passwordRule')}
          error={passwordError}
          revealable
          required
        />
        <TextField
          label={t('common.optionalLabel', { label: t('auth.fields.firstName') })}
          autoComplete="given-name"
          value={firstName}
          maxLength={100}
          onChange={(e) => setFirstName(e.target.value)}
        />
        <SignUpTermsField
          policy={termsPolicy}
          checked={acceptedTerms}
          onChange={setAcceptedTerms}
          showError={submitted}
        />
        <CheckboxField checked={updates} onChange={setUpdates}>
          {t('auth.signUp.productUpdates')}
        </CheckboxField>
        <Button type="submit" block loading={mutation.isPending}>
          {t('auth.signUp.submit')}
        </Button>
        <p className="text-xs leading-relaxed text-neutral-500">
          <Trans
            i18nKey="auth.signUp.terms"
            components={{
              privacy: <Link to={routes.privacy} className="underline hover:text-neutral-800" />,
            }}
          />
        </p>
      </form>
      <p className="mt-6 text-center text-sm text-neutral-600">
        {t('auth.signUp.haveAccount')}{' '}
        <AuthLink to={authLink(routes.signIn, { ...query, email: email.trim() })}>
          {t('auth.signUp.signInLink')}
        </AuthLink>
      </p>
    </>
  )
}
