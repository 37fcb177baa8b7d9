import { useQuery } from '@tanstack/react-query'
import {
  ANALYTICS_DASHBOARD_BREAKDOWNS,
  ANALYTICS_RANGE_PRESETS,
  type AnalyticsRangePreset,
  allowedBucketSeconds,
} from '@timbre/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { LabelledSelect } from '../../components/select'
import { PageSpinner } from '../../components/spinner'
import { StackedBarChart } from '../../components/stacked-bar-chart'
import { OTHERS_KEY } from '../../components/stacked-bar-chart-model'
import { useErrorText } from '../../i18n/use-error-text'
import { bucketFormatter, durationLabel, millis } from '../../lib/bucket-time-format'
import { listRequests, queryUsage } from './analytics-api'
import {
  ALL_KEY,
  analyticsChart,
  DASHBOARD_METRICS,
  type DashboardMetric,
  isAdditive,
  NONE_KEY,
  summary,
} from './analytics-model'
import { RecentRequests } from './recent-requests'

type Breakdown = (typeof ANALYTICS_DASHBOARD_BREAKDOWNS)[number] | 'none'
const MINUTE = 60_000

function rangeMs(preset: AnalyticsRangePreset): number {
  return ANALYTICS_RANGE_PRESETS.find((p) => p.id === preset)?.ms ?? ANALYTICS_RANGE_PRESETS[0].ms
}

/** The coarsest bucket that still draws a useful number of bars (about 24 to 100). */
function defaultBucket(range: number): number {
  const allowed = allowedBucketSeconds(range)
  return allowed.find((s) => range / (s * 1000) <= 100) ?? allowed.at(-1) ?? 86_400
}

/** Usage analytics of the workspace (admins): requests, credits, time to first byte, concurrency. */
export function WorkspaceAnalyticsPage() {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const [preset, setPreset] = useState<AnalyticsRangePreset>('24h')
  const range = rangeMs(preset)
  const [bucket, setBucket] = useState<number>(() => defaultBucket(rangeMs('24h')))
  const [breakdown, setBreakdown] = useState<Breakdown>('product_type')
  const [metric, setMetric] = useState<DashboardMetric>('credits')
  // The window ends at the next whole minute; "Refresh" moves it to now.
  const [now, setNow] = useState(() => Math.ceil(Date.now() / MINUTE) * MINUTE)
  const allowed = allowedBucketSeconds(range)
  const bucketSeconds = allowed.includes(bucket as (typeof allowed)[number]) ? bucket : defaultBucket(range)
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  const groupBy = isAdditive(metric) && breakdown !== 'none' ? [breakdown] : []
  const window = { start_time: now - range, end_time: now }

  const usage = useQuery({
    queryKey: ['workspace-analytics', window.start_time, window.end_time, bucketSeconds, groupBy, timeZone],
    queryFn: () =>
      queryUsage({ ...window, interval_seconds: bucketSeconds, group_by: groupBy, time_zone: timeZone }),
    placeholderData: (previous) => previous,
    retry: false,
  })
  const recent = useQuery({
    queryKey: ['workspace-analytics', 'requests', now],
    queryFn: () => listRequests({ end_time: now, limit: 20 }),
    retry: false,
  })
  const chart = useMemo(
    () =>
      usage.data
        ? analyticsChart(usage.data, {
            metric,
            groupColumn: groupBy[0] ?? null,
            start: window.start_time,
            end: window.end_time,
            bucketMs: bucketSeconds * 1000,
          })
        : null,
    [usage.data, metric, groupBy[0], window.start_time, window.end_time, bucketSeconds],
  )
  const totals = useMemo(() => (usage.data ? summary(usage.data) : null), [usage.data])
  const number = (n: number) => n.toLocaleString(i18n.language)
  const nameOf = (key: string) => {
    if (key === OTHERS_KEY) return t('workspaceAnalytics.others')
    if (key === ALL_KEY) return t(`workspaceAnalytics.metrics.${metric}`)
    if (key === NONE_KEY) return t('workspaceAnalytics.none')
    if (breakdown === 'product_type') return t(`workspaceAnalytics.products.${key}`, { defaultValue: key })
    if (breakdown === 'request_queue_type')
      return t(`workspaceAnalytics.queues.${key}`, { defaultValue: key })
    return chart?.labels.get(key) ?? key
  }
  const valueFormat = metric.startsWith('ttfb') ? (v: number) => millis(i18n.language, v) : undefined

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">
            {t('workspaceAnalytics.title')}
          </h1>
          <p className="mt-1 text-sm text-neutral-600">{t('workspaceAnalytics.subtitle')}</p>
        </div>
        <Button variant="secondary" onClick={() => setNow(Math.ceil(Date.now() / MINUTE) * MINUTE)}>
          {t('workspaceAnalytics.refresh')}
        </Button>
      </div>

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <LabelledSelect
          look="filter"
          name="range"
          label={t('workspaceAnalytics.range')}
          value={preset}
          onChange={(value) => {
            setPreset(value)
            setBucket(defaultBucket(rangeMs(value)))
          }}
          options={ANALYTICS_RANGE_PRESETS.map((p) => ({
            value: p.id,
            label: t(`workspaceAnalytics.ranges.${p.id}`),
          }))}
        />
        <LabelledSelect
          look="filter"
          name="bucket"
          label={t('workspaceAnalytics.bucket')}
          value={String(bucketSeconds)}
          onChange={(value) => setBucket(Number(value))}
          options={allowed.map((s) => ({ value: String(s), label: durationLabel(i18n.language, s) }))}
        />
        <LabelledSelect
          look="filter"
          name="metric"
          label={t('workspaceAnalytics.metric')}
          value={metric}
          onChange={setMetric}
          options={DASHBOARD_METRICS.map((m) => ({ value: m, label: t(`workspaceAnalytics.metrics.${m}`) }))}
        />
        <LabelledSelect
          look="filter"
          name="breakdown"
          label={t('workspaceAnalytics.breakdown')}
          value={isAdditive(metric) ? breakdown : 'none'}
          onChange={setBreakdown}
          options={[
            { value: 'none' as const, label: t('workspaceAnalytics.breakdowns.none') },
            ...(isAdditive(metric)
              ? ANALYTICS_DASHBOARD_BREAKDOWNS.map((b) => ({
                  value: b,
                  label: t(`workspaceAnalytics.breakdowns.${b}`),
                }))
              : []),
          ]}
        />
      </div>

      {usage.isError && <Alert tone="error">{errorText(usage.error)}</Alert>}
      {usage.isPending && <PageSpinner label={t('common.loading')} />}

      {totals && (
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="analytics-summary">
          {(
            [
              ['requests', number(totals.requests)],
              ['credits', number(totals.credits)],
              ['ttfbAvg', millis(i18n.language, totals.ttfbAvgMs)],
              ['concurrencyMax', number(totals.concurrencyMax)],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs">
              <dt className="text-xs text-neutral-600">{t(`workspaceAnalytics.summary.${key}`)}</dt>
              <dd className="mt-1 text-xl font-semibold text-neutral-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}

      {chart && (
        <section className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-6">
          <h2 className="text-sm font-medium text-neutral-900">
            {t('workspaceAnalytics.chartTitle', {
              metric: t(`workspaceAnalytics.metrics.${metric}`),
              bucket: durationLabel(i18n.language, bucketSeconds),
            })}
          </h2>
          <div className="mt-4">
            {chart.total === 0 ? (
              <p className="rounded-xl border border-dashed border-neutral-300 p-10 text-center text-sm text-neutral-500">
                {t('workspaceAnalytics.empty')}
              </p>
            ) : (
              <StackedBarChart
                model={chart}
                nameOf={nameOf}
                formatTime={bucketFormatter(i18n.language, bucketSeconds)}
                {...(valueFormat ? { formatValue: valueFormat } : {})}
                label={t('workspaceAnalytics.chartLabel', {
                  metric: t(`workspaceAnalytics.metrics.${metric}`),
                  range: t(`workspaceAnalytics.ranges.${preset}`),
                })}
              />
            )}
          </div>
        </section>
      )}

      <RecentRequests query={recent} />
    </div>
  )
}
