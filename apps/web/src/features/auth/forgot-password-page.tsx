import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { routes } from '../../routes'
import { sendPasswordResetEmail } from './auth-api'
import { AuthLink } from './auth-exit'
import { AuthHeading } from './auth-layout'
import { authLink, isEmail, readAuthQuery } from './auth-query'

export function ForgotPasswordPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const errorText = useErrorText()
  const [email, setEmail] = useState(readAuthQuery(params).email)
  const [submitted, setSubmitted] = useState(false)
  const mutation = useMutation({ mutationFn: sendPasswordResetEmail })

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!isEmail(email.trim())) return
    // The continue target is the sign-in route.
    mutation.mutate({ email: email.trim(), continue_url: window.location.origin + routes.signIn })
  }

  if (mutation.isSuccess) {
    return (
      <>
        <AuthHeading
          title={t('auth.forgot.sentTitle')}
          subtitle={t('auth.forgot.sentBody', { email: email.trim() })}
        />
        <p className="text-center text-sm">
          <AuthLink to={authLink(routes.signIn, { email: email.trim() })}>
            {t('common.backToSignIn')}
          </AuthLink>
        </p>
      </>
    )
  }

  return (
    <>
      <AuthHeading title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {mutation.isError && (
          // The server's detail.message, or the product's own failure text.
          <Alert tone="error">{errorText(mutation.error, t('errors.passwordResetRequest'))}</Alert>
        )}
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={submitted && !isEmail(email.trim()) ? t('auth.fields.emailInvalid') : null}
          required
        />
        <Button type="submit" block loading={mutation.isPending}>
          {t('auth.forgot.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <AuthLink to={authLink(routes.signIn, { email: email.trim() })}>{t('common.backToSignIn')}</AuthLink>
      </p>
    </>
  )
}
