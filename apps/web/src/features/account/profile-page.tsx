import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { TextField } from '../../components/text-field'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import type { User } from '../../lib/api-types'
import { routes } from '../../routes'
import { sendPasswordResetEmail } from '../auth/auth-api'
import { userQueryKey, useSession } from '../auth/use-session'
import { EmailChangeSection } from '../consent/email-change-section'
import { PublicNameSection } from '../consent/public-name-section'
import { TrainingOptOutSection } from '../consent/training-opt-out-section'
import { editUserMetadata } from './account-api'
import { DeleteAccountSection } from './delete-account-section'
import { Section } from './section'

/** The account's own settings: the name it is greeted by, its password, and deleting it. */
export function ProfilePage() {
  const { t } = useTranslation()
  const session = useSession()
  if (session.status !== 'signedIn') return null
  return (
    <div className="max-w-2xl space-y-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('account.title')}</h1>
        <p className="mt-1 text-sm text-neutral-600">{t('account.subtitle')}</p>
      </div>
      <NameSection user={session.user} />
      <EmailChangeSection email={session.user.email} />
      <PublicNameSection />
      <PasswordSection email={session.user.email} />
      <TrainingOptOutSection />
      <DeleteAccountSection email={session.user.email} />
    </div>
  )
}

function NameSection({ user }: { user: User }) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [name, setName] = useState(user.first_name ?? '')
  const save = useMutation({
    mutationFn: () => editUserMetadata({ first_name: name.trim() || null }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userQueryKey })
      toast({ title: t('account.nameSaved'), tone: 'success' })
    },
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate()
  }
  const unchanged = name.trim() === (user.first_name ?? '')
  return (
    <Section title={t('account.profile')}>
      <form onSubmit={onSubmit} className="space-y-4">
        <TextField label={t('account.email')} value={user.email} readOnly disabled />
        <TextField
          label={t('account.firstName')}
          autoComplete="given-name"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        {save.isError && <Alert tone="error">{errorText(save.error)}</Alert>}
        <Button type="submit" disabled={unchanged || save.isPending}>
          {t('common.save')}
        </Button>
      </form>
    </Section>
  )
}

/** Changing the password goes through the same mailed link as a forgotten one. */
function PasswordSection({ email }: { email: string }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const send = useMutation({
    mutationFn: () => sendPasswordResetEmail({ email, continue_url: window.location.origin + routes.signIn }),
  })
  return (
    <Section title={t('account.password')}>
      <p className="text-sm text-neutral-600">{t('account.passwordHint')}</p>
      {send.isSuccess && <Alert tone="success">{t('auth.forgot.sentBody', { email })}</Alert>}
      {send.isError && <Alert tone="error">{errorText(send.error, t('errors.passwordResetRequest'))}</Alert>}
      <Button variant="secondary" onClick={() => send.mutate()} disabled={send.isPending || send.isSuccess}>
        {t('account.sendResetLink')}
      </Button>
    </Section>
  )
}
