import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '../../components/button'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useErrorText } from '../../i18n/use-error-text'
import { wipeOnSignOut } from '../../lib/storage'
import { routes } from '../../routes'
import { deleteAccount } from './account-api'
import { Section } from './section'

/**
 * Deleting the account asks for the account's email and a short wait, so it is never a slip;
 * the server refuses an owner whose workspace still has other members, and says so here.
 */
export function DeleteAccountSection({ email }: { email: string }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const remove = useMutation({
    mutationFn: (typed: string) => deleteAccount(typed),
    onSuccess: () => {
      wipeOnSignOut()
      queryClient.clear()
      navigate(routes.signIn, { replace: true })
    },
  })
  return (
    <Section title={t('account.deleteTitle')}>
      <p className="text-sm text-neutral-600">{t('account.deleteHint')}</p>
      <Button
        variant="danger"
        onClick={() => {
          remove.reset()
          setOpen(true)
        }}
      >
        {t('account.deleteButton')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('account.deleteTitle')}
        description={t('account.deleteConfirm')}
        confirmLabel={t('account.deleteButton')}
        tone="danger"
        input={{ label: t('account.typeEmail'), expected: email, placeholder: email }}
        waitSeconds={3}
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
        onConfirm={(typed) => remove.mutate(typed)}
      />
    </Section>
  )
}
