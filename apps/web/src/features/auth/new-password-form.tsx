import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { confirmPasswordReset } from './auth-api'
import { meetsPasswordRule } from './auth-query'

type Props = { oobCode: string; onDone: () => void }

export function NewPasswordForm({ oobCode, onDone }: Props) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const mutation = useMutation({
    mutationFn: () => confirmPasswordReset(oobCode, password),
    onSuccess: onDone,
  })

  const weak = !meetsPasswordRule(password)
  const differs = password !== confirm
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!weak && !differs) mutation.mutate()
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {mutation.isError && <Alert tone="error">{errorText(mutation.error)}</Alert>}
      <TextField
        label={t('auth.fields.newPassword')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint={submitted && weak ? undefined : t('auth.fields.passwordRule')}
        error={submitted && weak ? t('auth.fields.passwordWeak') : null}
        revealable
        required
      />
      <TextField
        label={t('auth.fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={submitted && !weak && differs ? t('auth.fields.passwordsDiffer') : null}
        revealable
        required
      />
      <Button type="submit" block loading={mutation.isPending}>
        {t('auth.reset.submit')}
      </Button>
    </form>
  )
}
