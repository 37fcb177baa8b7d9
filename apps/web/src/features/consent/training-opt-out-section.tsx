import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Switch } from '../../components/switch'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDate } from '../../lib/format-date'
import { Section } from '../account/section'
import { getTrainingOptOut, setTrainingOptOut } from './privacy-api'

/**
 * "Improve the models for everyone": the inverse of the workspace's training opt-out. Only
 * admins change it; others see it disabled with the reason. A link with ?training_opt_out=true
 * (the data-use opt-out flow) offers the admin the opt-out at once.
 */
export function TrainingOptOutSection() {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const asked = params.get('training_opt_out') === 'true'
  const state = useQuery({ queryKey: ['training-opt-out'], queryFn: getTrainingOptOut })
  const change = useMutation({
    mutationFn: setTrainingOptOut,
    onSuccess: (answer) => {
      queryClient.setQueryData(['training-opt-out'], answer)
      toast({ title: t('accountPrivacy.training.saved'), tone: 'success' })
      if (asked) setParams({}, { replace: true })
    },
  })
  const data = state.data
  if (!data) return null
  const optedOut = data.training_opt_out.value
  const since = data.training_opt_out.timestamp_unix
  return (
    <Section title={t('accountPrivacy.training.title')}>
      <div className="flex items-start justify-between gap-4">
        <div>
          <p id="training-label" className="text-sm font-medium text-neutral-900">
            {t('accountPrivacy.training.label')}
          </p>
          <p className="mt-1 text-sm text-neutral-600">{t('accountPrivacy.training.hint')}</p>
          {since !== null && (
            <p className="mt-1 text-xs text-neutral-500">
              {t('accountPrivacy.training.changedAt', { date: formatDate(since, i18n.language) })}
            </p>
          )}
        </div>
        <span title={data.can_change ? undefined : t('accountPrivacy.training.adminOnly')}>
          <Switch
            label={t('accountPrivacy.training.label')}
            checked={!optedOut}
            disabled={!data.can_change || change.isPending}
            onChange={(improve) => change.mutate(!improve)}
          />
        </span>
      </div>
      {!data.can_change && (
        <p className="text-xs text-neutral-500">{t('accountPrivacy.training.adminOnly')}</p>
      )}
      {asked && !optedOut && data.can_change && (
        <Alert tone="warning">
          <p>{t('accountPrivacy.training.askedOptOut')}</p>
          <Button className="mt-2" onClick={() => change.mutate(true)} loading={change.isPending}>
            {t('accountPrivacy.training.optOut')}
          </Button>
        </Alert>
      )}
      {change.isError && <Alert tone="error">{errorText(change.error)}</Alert>}
    </Section>
  )
}
