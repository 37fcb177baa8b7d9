import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { TextField } from '../../components/text-field'
import { ApiError } from '../../lib/api-error'
import { routes } from '../../routes'
import { findSsoProvider } from '../sso/sso-api'
import { useSsoErrorText } from '../sso/use-sso-error-text'
import { AuthLink } from './auth-exit'
import { AuthHeading } from './auth-layout'
import { authLink, isEmail, readAuthQuery } from './auth-query'

/**
 * Continue with SSO: the email's domain names the workspace's identity provider; the browser
 * then goes to the provider and comes back signed in (or to the sign-in page with the reason).
 */
export function ContinueWithSsoPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const query = { ...readAuthQuery(params), useSso: false }
  const ssoErrorText = useSsoErrorText()
  const [email, setEmail] = useState(query.email)
  const [submitted, setSubmitted] = useState(false)
  const find = useMutation({
    mutationFn: findSsoProvider,
    onSuccess: (found) => {
      const target = new URL(found.sign_in_url, window.location.origin)
      // Only a page of this site may be the place to come back to.
      if (query.redirect?.startsWith('/') && !query.redirect.startsWith('//'))
        target.searchParams.set('continue', query.redirect)
      window.location.assign(`${target.pathname}${target.search}`)
    },
  })
  const emailError = submitted && !isEmail(email.trim()) ? t('auth.fields.emailInvalid') : null
  const notFound = find.error instanceof ApiError && find.error.status === 404

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (isEmail(email.trim())) find.mutate(email.trim())
  }

  return (
    <>
      <AuthHeading title={t('auth.sso.title')} subtitle={t('sso.signIn.subtitle')} />
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {find.isError && (
          <Alert tone="error">{notFound ? t('sso.signIn.notFound') : ssoErrorText(find.error)}</Alert>
        )}
        <TextField
          label={t('sso.signIn.emailLabel')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailError}
          required
        />
        <Button type="submit" block loading={find.isPending || find.isSuccess}>
          {t('sso.signIn.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <AuthLink to={authLink(routes.signIn, query)}>{t('auth.sso.useEmail')}</AuthLink>
      </p>
    </>
  )
}
