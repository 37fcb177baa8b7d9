import { useQuery } from '@tanstack/react-query'
import { ANALYTICS_RANGE_PRESETS, type AnalyticsRangePreset } from '@timbre/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { LabelledSelect } from '../../components/select'
import { PageSpinner } from '../../components/spinner'
import { useErrorText } from '../../i18n/use-error-text'
import { bucketFormatter, durationLabel } from '../../lib/bucket-time-format'
import { listAgents } from '../agents/agents-api'
import { bucketFor, callsChart, minutesChart, rangeMs } from './agent-analytics-model'
import { conversationMetrics, liveConversations } from './agent-ops-api'
import { ChartCard } from './chart-card'
import { CustomCharts } from './custom-charts'
import { OpsNav } from './ops-nav'

const MINUTE = 60_000
/** The dashboard starts at a day; fifteen minutes and an hour are there for live checks. */
const DEFAULT_RANGE: AnalyticsRangePreset = '24h'

/** The agents dashboard: conversations, minutes, success rate and cost over a range, live now. */
export function AgentAnalyticsPage() {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const [preset, setPreset] = useState<AnalyticsRangePreset>(DEFAULT_RANGE)
  const [agentId, setAgentId] = useState('')
  // The window ends at the next whole minute; "Refresh" moves it to now.
  const [now, setNow] = useState(() => Math.ceil(Date.now() / MINUTE) * MINUTE)
  const range = rangeMs(preset)
  const bucket = bucketFor(range)
  const query = {
    start_unix: Math.floor((now - range) / 1000),
    end_unix: Math.floor(now / 1000),
    bucket_size_secs: bucket,
    ...(agentId ? { agent_id: agentId } : {}),
  }
  const agents = useQuery({ queryKey: ['agents'], queryFn: listAgents })
  const metrics = useQuery({
    queryKey: ['agent-analytics', query],
    queryFn: () => conversationMetrics(query),
    placeholderData: (previous) => previous,
    retry: false,
  })
  const live = useQuery({
    queryKey: ['agent-analytics', 'live', agentId],
    queryFn: () => liveConversations(agentId || undefined),
    refetchInterval: 15_000,
  })
  const calls = useMemo(() => (metrics.data ? callsChart(metrics.data) : null), [metrics.data])
  const minutes = useMemo(() => (metrics.data ? minutesChart(metrics.data) : null), [metrics.data])
  const number = (n: number, digits = 0) => n.toLocaleString(i18n.language, { maximumFractionDigits: digits })
  const totals = metrics.data?.totals
  const formatTime = bucketFormatter(i18n.language, bucket)
  const rangeName = t(`workspaceAnalytics.ranges.${preset}`)

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">
            {t('agentOps.analytics.title')}
          </h1>
          <p className="mt-1 mb-4 text-sm text-neutral-600">{t('agentOps.analytics.subtitle')}</p>
        </div>
        <Button variant="secondary" onClick={() => setNow(Math.ceil(Date.now() / MINUTE) * MINUTE)}>
          {t('workspaceAnalytics.refresh')}
        </Button>
      </div>
      <OpsNav />
      <div className="space-y-6">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <LabelledSelect
            look="filter"
            name="range"
            label={t('workspaceAnalytics.range')}
            value={preset}
            onChange={setPreset}
            options={ANALYTICS_RANGE_PRESETS.map((p) => ({
              value: p.id,
              label: t(`workspaceAnalytics.ranges.${p.id}`),
            }))}
          />
          <LabelledSelect
            look="filter"
            name="agent"
            label={t('agentOps.agent')}
            value={agentId}
            onChange={setAgentId}
            options={[
              { value: '', label: t('agentOps.analytics.allAgents') },
              ...(agents.data ?? []).map((a) => ({ value: a.agent_id, label: a.name })),
            ]}
          />
        </div>

        {metrics.isError && <Alert tone="error">{errorText(metrics.error)}</Alert>}
        {metrics.isPending && <PageSpinner label={t('common.loading')} />}

        {totals && (
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-6" data-testid="agent-analytics-summary">
            {(
              [
                ['live', live.data === undefined ? '—' : number(live.data)],
                ['calls', number(totals.calls)],
                ['minutes', number(totals.minutes, 1)],
                [
                  'successRate',
                  totals.success_rate === null
                    ? '—'
                    : totals.success_rate.toLocaleString(i18n.language, { style: 'percent' }),
                ],
                [
                  'averageLength',
                  totals.average_duration_secs === null
                    ? '—'
                    : durationLabel(i18n.language, totals.average_duration_secs),
                ],
                ['credits', number(totals.cost)],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs">
                <dt className="text-xs text-neutral-600">{t(`agentOps.analytics.summary.${key}`)}</dt>
                <dd className="mt-1 text-xl font-semibold text-neutral-900">{value}</dd>
              </div>
            ))}
          </dl>
        )}

        {calls && (
          <ChartCard
            title={t('agentOps.analytics.callsTitle', { bucket: durationLabel(i18n.language, bucket) })}
            label={t('agentOps.analytics.callsLabel', { range: rangeName })}
            empty={t('agentOps.analytics.empty')}
            model={calls}
            nameOf={(key) => t(`agentOps.analytics.outcomes.${key as 'successful' | 'failed' | 'unknown'}`)}
            formatTime={formatTime}
          />
        )}
        {minutes && (
          <ChartCard
            title={t('agentOps.analytics.minutesTitle', { bucket: durationLabel(i18n.language, bucket) })}
            label={t('agentOps.analytics.minutesLabel', { range: rangeName })}
            empty={t('agentOps.analytics.empty')}
            model={minutes}
            nameOf={() => t('agentOps.analytics.summary.minutes')}
            formatTime={formatTime}
          />
        )}
        {metrics.data && (
          <CustomCharts metrics={metrics.data} formatTime={formatTime} rangeName={rangeName} />
        )}
      </div>
    </div>
  )
}
