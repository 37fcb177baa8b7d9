import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { ApiError } from '../../lib/api-error'
import { AuthHeading } from '../auth/auth-layout'
import { signInWithCode } from './two-factor-api'

/** The second sign-in step: a code from the authenticator app, or one of the backup codes. */
export function SignInCodeStep({
  mfaToken,
  onSignedIn,
  onRestart,
}: {
  mfaToken: string
  onSignedIn: () => Promise<void>
  onRestart: () => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [code, setCode] = useState('')
  const [backup, setBackup] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const mutation = useMutation({
    mutationFn: (typed: string) => signInWithCode(mfaToken, typed),
    onSuccess: onSignedIn,
  })
  // The step ran out (or was used): the password has to be given again.
  const expired = mutation.error instanceof ApiError && mutation.error.code === 'mfa_challenge_invalid'
  const typed = code.trim()
  const codeError = submitted && !typed ? t('twoFactor.signIn.codeRequired') : null

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (typed) mutation.mutate(typed)
  }

  return (
    <>
      <AuthHeading
        title={t('twoFactor.signIn.title')}
        subtitle={backup ? t('twoFactor.signIn.backupSubtitle') : t('twoFactor.signIn.subtitle')}
      />
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {mutation.isError && <Alert tone="error">{errorText(mutation.error)}</Alert>}
        <TextField
          label={backup ? t('twoFactor.signIn.backupLabel') : t('twoFactor.signIn.codeLabel')}
          inputMode={backup ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={codeError}
          maxLength={32}
          required
        />
        {expired ? (
          <Button type="button" block onClick={onRestart}>
            {t('twoFactor.signIn.restart')}
          </Button>
        ) : (
          <Button type="submit" block loading={mutation.isPending || mutation.isSuccess}>
            {t('twoFactor.signIn.submit')}
          </Button>
        )}
      </form>
      <div className="mt-6 space-y-3 text-center text-sm text-neutral-600">
        <p>
          <button
            type="button"
            className="font-medium text-accent-700 hover:underline"
            onClick={() => {
              setBackup(!backup)
              setCode('')
              setSubmitted(false)
            }}
          >
            {backup ? t('twoFactor.signIn.useApp') : t('twoFactor.signIn.useBackup')}
          </button>
        </p>
        <p>
          <button type="button" className="hover:text-neutral-900 hover:underline" onClick={onRestart}>
            {t('twoFactor.signIn.back')}
          </button>
        </p>
      </div>
    </>
  )
}
