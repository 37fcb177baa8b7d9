import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { TextField } from '../../components/text-field'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { Section } from '../account/section'
import { generatePublicName, getPublicName, updatePublicName } from './privacy-api'

// The browser checks the pattern before the server does (3 to 30 letters, digits, - and _).
const NAME_PATTERN = '[A-Za-z0-9][A-Za-z0-9_\\-]{2,29}'

/** The name shown on shared voices and links instead of the account's own name. */
export function PublicNameSection() {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const current = useQuery({ queryKey: ['public-user-name'], queryFn: getPublicName })
  const [name, setName] = useState('')
  useEffect(() => {
    if (current.data) setName(current.data.public_user_name ?? '')
  }, [current.data])
  const suggest = useMutation({ mutationFn: generatePublicName, onSuccess: (answer) => setName(answer.name) })
  const save = useMutation({
    mutationFn: () => updatePublicName(name.trim()),
    onSuccess: async () => {
      toast({ title: t('accountPrivacy.publicName.saved'), tone: 'success' })
      await queryClient.invalidateQueries({ queryKey: ['public-user-name'] })
    },
  })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate()
  }
  const unchanged = name.trim() === (current.data?.public_user_name ?? '')
  return (
    <Section title={t('accountPrivacy.publicName.title')}>
      <p className="text-sm text-neutral-600">{t('accountPrivacy.publicName.hint')}</p>
      <form onSubmit={onSubmit} className="space-y-3">
        <TextField
          label={t('accountPrivacy.publicName.label')}
          value={name}
          pattern={NAME_PATTERN}
          maxLength={30}
          required
          title={t('accountPrivacy.publicName.rule')}
          hint={t('accountPrivacy.publicName.rule')}
          onChange={(e) => setName(e.target.value)}
        />
        {(save.isError || suggest.isError) && (
          <Alert tone="error">{errorText(save.error ?? suggest.error)}</Alert>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={save.isPending} disabled={unchanged || !name.trim()}>
            {t('common.save')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            loading={suggest.isPending}
            onClick={() => suggest.mutate()}
          >
            {t('accountPrivacy.publicName.suggest')}
          </Button>
        </div>
      </form>
    </Section>
  )
}
