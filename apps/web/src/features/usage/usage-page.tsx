import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Segmented } from '../../components/segmented'
import { PageSpinner } from '../../components/spinner'
import { StackedBarChart } from '../../components/stacked-bar-chart'
import { chartModel, OTHERS_KEY } from '../../components/stacked-bar-chart-model'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDate } from '../../lib/format-date'
import { listApiKeys } from '../api-keys/api-keys-api'
import { getCharacterStats } from './usage-api'

const BREAKDOWNS = ['product_type', 'model', 'api_keys'] as const
type Breakdown = (typeof BREAKDOWNS)[number]
const RANGES = ['7', '30', '90'] as const
type Range = (typeof RANGES)[number]
const DAY_MS = 86_400_000

/** The window ends with today (UTC days, as the server buckets them). */
function windowOf(days: number, now = Date.now()) {
  const end = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS
  return { start_unix: end - days * DAY_MS, end_unix: end }
}

/** Credits used per day, by product, model or API key. */
export function UsagePage() {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const [breakdown, setBreakdown] = useState<Breakdown>('product_type')
  const [range, setRange] = useState<Range>('30')
  const span = useMemo(() => windowOf(Number(range)), [range])
  const stats = useQuery({
    queryKey: ['usage', 'character-stats', breakdown, span.start_unix, span.end_unix],
    queryFn: () =>
      getCharacterStats({
        ...span,
        breakdown_type: breakdown,
        aggregation_interval: 'day',
        metric: 'credits',
      }),
    placeholderData: (previous) => previous,
  })
  const keys = useQuery({
    queryKey: ['api-keys'],
    queryFn: listApiKeys,
    enabled: breakdown === 'api_keys',
    select: (data) => new Map(data.api_keys.map((key) => [key.key_id, key.name])),
  })
  const model = useMemo(() => (stats.data ? chartModel(stats.data) : null), [stats.data])
  const nameOf = (key: string) => {
    if (key === OTHERS_KEY) return t('usage.others')
    if (breakdown === 'product_type') return t(`usage.products.${key}`, { defaultValue: key })
    if (breakdown === 'api_keys') {
      if (key === 'no_api_key') return t('usage.noApiKey')
      return keys.data?.get(key) ?? t('usage.deletedKey')
    }
    return key === 'unknown' ? t('usage.unknown') : key
  }
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('usage.title')}</h1>
        <p className="mt-1 text-sm text-neutral-600">{t('usage.subtitle')}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Segmented
          label={t('usage.breakdownLabel')}
          value={breakdown}
          onChange={setBreakdown}
          options={BREAKDOWNS.map((value) => ({ value, label: t(`usage.breakdowns.${value}`) }))}
        />
        <Segmented
          label={t('usage.rangeLabel')}
          value={range}
          onChange={setRange}
          options={RANGES.map((value) => ({ value, label: t('usage.days', { count: Number(value) }) }))}
        />
      </div>
      <section className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-6">
        {stats.isPending && <PageSpinner label={t('common.loading')} />}
        {stats.isError && <Alert tone="error">{errorText(stats.error)}</Alert>}
        {model && (
          <>
            <p className="text-sm text-neutral-600">{t('usage.total')}</p>
            <p className="text-2xl font-semibold text-neutral-900" data-testid="usage-total">
              {model.total.toLocaleString(i18n.language)}
            </p>
            <div className="mt-4">
              {model.total === 0 ? (
                <p className="rounded-xl border border-dashed border-neutral-300 p-10 text-center text-sm text-neutral-500">
                  {t('usage.empty')}
                </p>
              ) : (
                <StackedBarChart
                  model={model}
                  nameOf={nameOf}
                  label={t('usage.chartLabel', {
                    breakdown: t(`usage.breakdowns.${breakdown}`),
                    count: Number(range),
                  })}
                />
              )}
            </div>
            {model.total > 0 && (
              <details className="mt-4 text-sm">
                <summary className="cursor-pointer text-neutral-700">{t('usage.table')}</summary>
                <div className="mt-2 overflow-x-auto">
                  <table className="w-full text-left text-xs">
                    <thead className="text-neutral-500">
                      <tr>
                        <th className="py-1 pr-3 font-medium">{t('usage.day')}</th>
                        {model.series.map((s) => (
                          <th key={s.key} className="py-1 pr-3 text-right font-medium">
                            {nameOf(s.key)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-neutral-100">
                      {model.time.map((time, i) =>
                        (model.totals[i] ?? 0) > 0 ? (
                          <tr key={time}>
                            <td className="py-1 pr-3 text-neutral-700">
                              {formatDate(time / 1000, i18n.language, 'UTC')}
                            </td>
                            {model.series.map((s) => (
                              <td key={s.key} className="py-1 pr-3 text-right text-neutral-900">
                                {(s.values[i] ?? 0).toLocaleString(i18n.language)}
                              </td>
                            ))}
                          </tr>
                        ) : null,
                      )}
                    </tbody>
                  </table>
                </div>
              </details>
            )}
          </>
        )}
      </section>
    </div>
  )
}
