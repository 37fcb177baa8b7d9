import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { useErrorText } from '../../i18n/use-error-text'
import { millis } from '../../lib/bucket-time-format'
import { formatDateTime } from '../../lib/format-date'
import type { AnalyticsTable } from './analytics-api'

/** The latest metered requests of the workspace, newest first. */
export function RecentRequests({ query }: { query: UseQueryResult<AnalyticsTable> }) {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  if (query.isError) return <Alert tone="error">{errorText(query.error)}</Alert>
  const table = query.data
  if (!table) return null
  const at = (name: string) => table.columns.indexOf(name)
  const rows = table.rows.map((row) => ({
    id: String(row[at('request_id')]) + String(row[at('time')]),
    time: new Date(String(row[at('time')])),
    product: String(row[at('product_type')]),
    model: row[at('model')] as string | null,
    key: (row[at('api_key_name')] as string | null) ?? (row[at('user_label')] as string | null),
    characters: Number(row[at('characters')] ?? 0),
    credits: Number(row[at('credits')] ?? 0),
    ttfb: row[at('ttfb_ms')] as number | null,
    status: String(row[at('status')]),
  }))
  return (
    <section className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-6">
      <h2 className="text-sm font-medium text-neutral-900">{t('workspaceAnalytics.recent.title')}</h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-neutral-500">{t('workspaceAnalytics.recent.empty')}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-xs" data-testid="recent-requests">
            <thead className="text-neutral-500">
              <tr>
                {(
                  ['time', 'product', 'model', 'caller', 'characters', 'credits', 'ttfb', 'status'] as const
                ).map((c) => (
                  <th key={c} className="py-1 pr-3 font-medium">
                    {t(`workspaceAnalytics.recent.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100 text-neutral-800">
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className="py-1.5 pr-3 whitespace-nowrap">
                    {formatDateTime(r.time.getTime() / 1000, i18n.language, { seconds: true })}
                  </td>
                  <td className="py-1.5 pr-3">
                    {t(`workspaceAnalytics.products.${r.product}`, { defaultValue: r.product })}
                  </td>
                  <td className="py-1.5 pr-3">{r.model ?? '—'}</td>
                  <td className="max-w-40 truncate py-1.5 pr-3">{r.key ?? '—'}</td>
                  <td className="py-1.5 pr-3 text-right">{r.characters.toLocaleString(i18n.language)}</td>
                  <td className="py-1.5 pr-3 text-right">{r.credits.toLocaleString(i18n.language)}</td>
                  <td className="py-1.5 pr-3 text-right whitespace-nowrap">
                    {millis(i18n.language, r.ttfb)}
                  </td>
                  <td className="py-1.5 pr-3">
                    {t(`workspaceAnalytics.statuses.${r.status}`, { defaultValue: r.status })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
