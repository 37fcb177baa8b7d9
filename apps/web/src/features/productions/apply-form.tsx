import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { CheckboxField } from '../../components/checkbox-field'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { applyAsProducer, getOwnApplication, type ProductionKind } from './productions-api'

const BASES: ProductionKind[] = ['transcription', 'captions', 'subtitles', 'dub']

/** Register Producer: first name, email, start date, context and at least one qualification. */
export function ApplyForm() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const own = useQuery({ queryKey: ['producer-application'], queryFn: getOwnApplication })
  const [firstName, setFirstName] = useState('')
  const [email, setEmail] = useState('')
  const [startDate, setStartDate] = useState('')
  const [context, setContext] = useState('')
  const [language, setLanguage] = useState('en')
  const [bases, setBases] = useState<ProductionKind[]>([])
  const apply = useMutation({
    mutationFn: () =>
      applyAsProducer({
        first_name: firstName,
        email,
        start_date: startDate,
        context,
        qualifications: bases.map((base) => ({ base, language: language.trim() || 'en' })),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['producer-application'] }),
  })
  if (own.data?.applicant)
    return (
      <Alert tone="info">
        {t('productions.apply.status', {
          status: t(`productions.apply.statuses.${own.data.applicant.status}`),
        })}
      </Alert>
    )
  return (
    <form
      className="mt-4 grid max-w-xl gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        apply.mutate()
      }}
    >
      <h2 className="text-lg font-semibold text-neutral-900">{t('productions.apply.title')}</h2>
      <p className="text-sm text-neutral-600">{t('productions.apply.intro')}</p>
      <TextField
        label={t('productions.apply.firstName')}
        value={firstName}
        onChange={(e) => setFirstName(e.target.value)}
        required
      />
      <TextField
        label={t('productions.apply.email')}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
      />
      <TextField
        label={t('productions.apply.startDate')}
        type="date"
        value={startDate}
        onChange={(e) => setStartDate(e.target.value)}
        required
      />
      <TextField
        label={t('productions.apply.context')}
        value={context}
        onChange={(e) => setContext(e.target.value)}
        required
      />
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-neutral-800">
          {t('productions.apply.qualifications')}
        </legend>
        {BASES.map((base) => (
          <CheckboxField
            key={base}
            checked={bases.includes(base)}
            onChange={(on) => setBases((now) => (on ? [...now, base] : now.filter((b) => b !== base)))}
          >
            {t(`productions.kinds.${base}`)}
          </CheckboxField>
        ))}
      </fieldset>
      <TextField
        label={t('productions.apply.language')}
        value={language}
        onChange={(e) => setLanguage(e.target.value)}
      />
      {apply.isError && <Alert tone="error">{errorText(apply.error)}</Alert>}
      <div>
        <Button type="submit" loading={apply.isPending}>
          {t('productions.apply.submit')}
        </Button>
      </div>
    </form>
  )
}
