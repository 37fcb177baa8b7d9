import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { LabelledSelect } from '../../components/select'
import { PageSpinner } from '../../components/spinner'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { routes } from '../../routes'
import { allowedRedirectPath } from '../auth/redirect-allow-list'
import { userQueryKey, useSession } from '../auth/use-session'
import { completeSurvey, getSurvey } from './onboarding-api'
import {
  detectedTimeZone,
  initialSurveyValues,
  ONBOARDING_ROLES,
  ONBOARDING_SOURCES,
  type SurveyValues,
  surveyBody,
  timeZoneChoices,
} from './survey-form'
import { onboardingKey } from './use-checklist'

/** The survey after sign-up: a few optional questions, then on to where the user was going. */
export function SurveyPage() {
  const { t } = useTranslation()
  const session = useSession()
  const stored = useQuery({ queryKey: [...onboardingKey, 'survey'], queryFn: getSurvey })
  if (stored.isPending) return <PageSpinner label={t('common.loading')} />
  return (
    <SurveyForm
      alreadyAnswered={session.user?.is_onboarding_completed ?? false}
      initial={initialSurveyValues(
        stored.data?.onboarding_survey ?? null,
        session.user?.first_name,
        detectedTimeZone(),
      )}
    />
  )
}

function SurveyForm({ initial, alreadyAnswered }: { initial: SurveyValues; alreadyAnswered: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const errorText = useErrorText()
  const [params] = useSearchParams()
  const ids = { role: useId() }
  const [values, setValues] = useState<SurveyValues>(initial)
  const next = allowedRedirectPath(params.get('finalRedirect'), window.location.origin) ?? routes.home
  const leave = () => {
    if (next.startsWith('/v1/')) window.location.assign(next)
    else navigate(next, { replace: true })
  }
  const submit = useMutation({
    mutationFn: (skip: boolean) => completeSurvey(skip ? {} : surveyBody(values)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userQueryKey })
      void queryClient.invalidateQueries({ queryKey: [...onboardingKey, 'survey'] })
      leave()
    },
  })
  const set = <K extends keyof SurveyValues>(key: K, value: SurveyValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }))
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    submit.mutate(false)
  }

  return (
    <div className="mx-auto max-w-xl">
      <p className="text-sm font-medium text-accent-700">{t('onboarding.survey.eyebrow')}</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-neutral-900">
        {t('onboarding.survey.title')}
      </h1>
      <p className="mt-2 text-sm text-neutral-600">{t('onboarding.survey.subtitle')}</p>
      <form onSubmit={onSubmit} className="mt-8 space-y-6" noValidate>
        <TextField
          label={t('onboarding.survey.firstName')}
          autoComplete="given-name"
          maxLength={100}
          value={values.firstName}
          onChange={(event) => set('firstName', event.target.value)}
        />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-neutral-800">{t('onboarding.survey.role')}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {ONBOARDING_ROLES.map((role) => (
              <label
                key={role}
                className={`flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600 ${
                  values.role === role
                    ? 'border-accent-600 bg-accent-50 text-accent-900'
                    : 'border-neutral-300 text-neutral-800 hover:bg-neutral-50'
                }`}
              >
                <input
                  type="radio"
                  name={ids.role}
                  value={role}
                  checked={values.role === role}
                  onChange={() => set('role', role)}
                  className="sr-only"
                />
                {t(`onboarding.roles.${role}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={t('common.optionalLabel', { label: t('onboarding.survey.subrole') })}
          hint={t('onboarding.survey.subroleHint')}
          maxLength={100}
          value={values.subrole}
          onChange={(event) => set('subrole', event.target.value)}
        />
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
          <LabelledSelect<SurveyValues['source']>
            label={t('onboarding.survey.source')}
            value={values.source}
            onChange={(source) => set('source', source)}
            options={[
              { value: '', label: t('onboarding.survey.choose') },
              ...ONBOARDING_SOURCES.map((source) => ({
                value: source,
                label: t(`onboarding.sources.${source}`),
              })),
            ]}
          />
          <LabelledSelect
            label={t('onboarding.survey.timezone')}
            value={values.timezone}
            onChange={(zone) => set('timezone', zone)}
            options={timeZoneChoices(values.timezone).map((zone) => ({
              value: zone,
              label: zone.replaceAll('_', ' '),
            }))}
          />
        </div>
        {submit.isError && <Alert tone="error">{errorText(submit.error)}</Alert>}
        <div className="flex flex-col-reverse gap-2 border-t border-neutral-200 pt-6 sm:flex-row sm:justify-end">
          <Button
            variant="ghost"
            // Skipping a survey answered before keeps those answers.
            onClick={() => (alreadyAnswered ? leave() : submit.mutate(true))}
            disabled={submit.isPending}
          >
            {t('onboarding.survey.skip')}
          </Button>
          <Button type="submit" loading={submit.isPending && submit.variables === false}>
            {t('onboarding.survey.submit')}
          </Button>
        </div>
      </form>
    </div>
  )
}
