import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { TextField } from '../../components/text-field'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { Section } from '../account/section'
import { userQueryKey } from '../auth/use-session'
import { confirmEmailChange, sendEmailChangeCode } from './privacy-api'

/**
 * Changing the sign-in address: a code goes to the new address, and once it is entered the old
 * address gets a link that undoes the change.
 */
export function EmailChangeSection({ email }: { email: string }) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [newEmail, setNewEmail] = useState('')
  const [code, setCode] = useState('')
  const send = useMutation({ mutationFn: () => sendEmailChangeCode(newEmail.trim()) })
  const confirm = useMutation({
    mutationFn: () => confirmEmailChange(code.trim()),
    onSuccess: async (answer) => {
      toast({ title: t('accountPrivacy.email.updated', { email: answer.email }), tone: 'success' })
      send.reset()
      setNewEmail('')
      setCode('')
      await queryClient.invalidateQueries({ queryKey: userQueryKey })
    },
  })
  const onSend = (event: FormEvent) => {
    event.preventDefault()
    confirm.reset()
    send.mutate()
  }
  const onConfirm = (event: FormEvent) => {
    event.preventDefault()
    confirm.mutate()
  }
  return (
    <Section title={t('accountPrivacy.email.title')}>
      <p className="text-sm text-neutral-600">{t('accountPrivacy.email.current', { email })}</p>
      <form onSubmit={onSend} className="space-y-3">
        <TextField
          label={t('accountPrivacy.email.newEmail')}
          type="email"
          autoComplete="email"
          required
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
        />
        {send.isError && <Alert tone="error">{errorText(send.error)}</Alert>}
        <Button type="submit" variant="secondary" loading={send.isPending} disabled={!newEmail.trim()}>
          {send.isSuccess ? t('accountPrivacy.email.resend') : t('accountPrivacy.email.sendCode')}
        </Button>
      </form>
      {send.isSuccess && (
        <form onSubmit={onConfirm} className="space-y-3">
          <Alert tone="info">{t('accountPrivacy.email.codeSent', { email: send.data.new_email })}</Alert>
          <TextField
            label={t('accountPrivacy.email.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          {confirm.isError && (
            <Alert tone="error">
              {t('accountPrivacy.email.failed', { message: errorText(confirm.error) })}
            </Alert>
          )}
          <Button type="submit" loading={confirm.isPending} disabled={code.trim().length === 0}>
            {t('accountPrivacy.email.confirm')}
          </Button>
        </form>
      )}
    </Section>
  )
}
