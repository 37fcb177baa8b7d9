import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { LabelledSelect } from '../../components/select'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { chartSources, customChart } from './agent-analytics-model'
import {
  type ConversationMetrics,
  type DashboardChart,
  dashboardCharts,
  saveDashboardCharts,
} from './agent-ops-api'
import { ChartCard } from './chart-card'

/** The server keeps at most this many charts per workspace. */
const MAX_CHARTS = 20
const CHARTS_KEY = ['agent-dashboard-charts']
type ChartType = DashboardChart['type']
const RESULT_KEYS = ['success', 'failure', 'unknown'] as const

/**
 * The workspace's own charts on the agents dashboard: each follows the call outcomes, one
 * evaluation criterion's results or one data-collection field's values over the range. The
 * charts are kept for the whole workspace, so every member sees the same dashboard.
 */
export function CustomCharts(props: {
  metrics: ConversationMetrics
  formatTime: (time: number) => string
  rangeName: string
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const charts = useQuery({ queryKey: CHARTS_KEY, queryFn: dashboardCharts })
  const save = useMutation({
    mutationFn: saveDashboardCharts,
    onSuccess: (saved) => queryClient.setQueryData(CHARTS_KEY, saved),
  })
  const [adding, setAdding] = useState(false)
  const list = charts.data ?? []
  const nameOf = (chart: DashboardChart) => (key: string) =>
    chart.type !== 'data_collection' && (RESULT_KEYS as readonly string[]).includes(key)
      ? t(`agentOps.analytics.custom.results.${key as (typeof RESULT_KEYS)[number]}`)
      : key === 'successful' || key === 'failed'
        ? t(`agentOps.analytics.outcomes.${key}`)
        : key === 'unknown'
          ? t('agentOps.analytics.outcomes.unknown')
          : key

  return (
    <section aria-labelledby="custom-charts-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="custom-charts-title" className="text-lg font-semibold text-neutral-900">
          {t('agentOps.analytics.custom.title')}
        </h2>
        {!adding && (
          <Button variant="secondary" disabled={list.length >= MAX_CHARTS} onClick={() => setAdding(true)}>
            {t('agentOps.analytics.custom.add')}
          </Button>
        )}
      </div>
      {list.length >= MAX_CHARTS && (
        <p className="text-sm text-neutral-600">{t('agentOps.analytics.custom.limit')}</p>
      )}
      {charts.isError && <Alert tone="error">{errorText(charts.error)}</Alert>}
      {save.isError && <Alert tone="error">{errorText(save.error)}</Alert>}
      {adding && (
        <AddChartForm
          sources={chartSources(props.metrics)}
          busy={save.isPending}
          onCancel={() => setAdding(false)}
          onAdd={(chart) => save.mutate([...list, chart], { onSuccess: () => setAdding(false) })}
        />
      )}
      {charts.isSuccess && list.length === 0 && (
        <p className="text-sm text-neutral-600">{t('agentOps.analytics.custom.none')}</p>
      )}
      {list.map((chart, index) => (
        <ChartCard
          // biome-ignore lint/suspicious/noArrayIndexKey: charts have no id of their own, and two may be alike; a chart's place in the list names it
          key={`${index}-${chart.type}-${chart.name}`}
          title={chart.name}
          label={t('agentOps.analytics.custom.chartLabel', { name: chart.name, range: props.rangeName })}
          empty={t('agentOps.analytics.custom.empty')}
          model={customChart(props.metrics, chart)}
          nameOf={nameOf(chart)}
          formatTime={props.formatTime}
          actions={
            <Button
              variant="ghost"
              disabled={save.isPending}
              aria-label={t('agentOps.analytics.custom.removeLabel', { name: chart.name })}
              onClick={() => save.mutate(list.filter((_, i) => i !== index))}
            >
              {t('agentOps.analytics.custom.remove')}
            </Button>
          }
        />
      ))}
    </section>
  )
}

function AddChartForm(props: {
  sources: { criteria: string[]; fields: string[] }
  busy: boolean
  onAdd: (chart: DashboardChart) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const listId = useId()
  const [type, setType] = useState<ChartType>('criteria')
  const [name, setName] = useState('')
  const [source, setSource] = useState('')
  const [error, setError] = useState<string | null>(null)
  const known = type === 'criteria' ? props.sources.criteria : props.sources.fields

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    const id = source.trim()
    if (!trimmed) return setError(t('agentOps.analytics.custom.nameRequired'))
    if (type !== 'call_success' && !id) return setError(t('agentOps.analytics.custom.sourceRequired'))
    setError(null)
    props.onAdd(
      type === 'call_success'
        ? { type, name: trimmed }
        : type === 'criteria'
          ? { type, name: trimmed, criteria_id: id }
          : { type, name: trimmed, data_collection_id: id },
    )
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid grid-cols-1 gap-3 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:grid-cols-3 sm:p-6"
    >
      <LabelledSelect
        name="chart-type"
        label={t('agentOps.analytics.custom.type')}
        value={type}
        onChange={(next) => {
          setType(next)
          setSource('')
        }}
        options={(['criteria', 'data_collection', 'call_success'] as const).map((value) => ({
          value,
          label: t(`agentOps.analytics.custom.types.${value}`),
        }))}
      />
      <TextField
        label={t('agentOps.analytics.custom.name')}
        value={name}
        maxLength={100}
        onChange={(event) => setName(event.target.value)}
      />
      {type !== 'call_success' && (
        <div>
          <TextField
            label={t(
              type === 'criteria' ? 'agentOps.analytics.custom.criterion' : 'agentOps.analytics.custom.field',
            )}
            value={source}
            maxLength={64}
            list={listId}
            onChange={(event) => setSource(event.target.value)}
            hint={
              known.length > 0
                ? t('agentOps.analytics.custom.sourceHint', { ids: known.join(', ') })
                : t('agentOps.analytics.custom.noSources')
            }
          />
          <datalist id={listId}>
            {known.map((id) => (
              <option key={id} value={id} />
            ))}
          </datalist>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-3">
          {error}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-3">
        <Button type="submit" disabled={props.busy}>
          {t('agentOps.analytics.custom.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={props.onCancel}>
          {t('agentOps.analytics.custom.cancel')}
        </Button>
      </div>
    </form>
  )
}
