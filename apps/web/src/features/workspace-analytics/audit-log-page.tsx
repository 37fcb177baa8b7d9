import { useInfiniteQuery } from '@tanstack/react-query'
import { AUDIT_ACTIVITIES, AUDIT_CLASSES, type AuditActivity, type AuditClass } from '@timbre/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { LoadMore } from '../../components/load-more'
import { LabelledSelect } from '../../components/select'
import { PageSpinner } from '../../components/spinner'
import { useInfiniteScroll } from '../../components/use-infinite-scroll'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDateTime } from '../../lib/format-date'
import { type AuditEntry, listAuditLogs } from './analytics-api'

const PAGE = 50
const DAY = 86_400_000
const PERIODS = ['all', '1', '7', '30', '90'] as const
type Period = (typeof PERIODS)[number]

function activityKey(entry: AuditEntry): AuditActivity | null {
  const key = entry.metadata.activity
  return key in AUDIT_ACTIVITIES ? (key as AuditActivity) : null
}

/** What the entry acted on, by name where the entry keeps one (a group's, a webhook's). */
function targetOf(entry: AuditEntry): string {
  const name = entry.unmapped.name ?? entry.unmapped.email
  const id = entry.metadata.target_id ?? '—'
  return typeof name === 'string' && name !== id ? `${name} (${id})` : id
}

/** The admin actions of the workspace, newest first, filtered by kind and period, page by page. */
export function AuditLogPage() {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const [activity, setActivity] = useState<AuditActivity | ''>('')
  const [className, setClassName] = useState<string>('')
  const [period, setPeriod] = useState<Period>('all')
  const [since] = useState(() => Date.now())
  const query = useInfiniteQuery({
    queryKey: ['audit-logs', activity, className, period, since],
    queryFn: ({ pageParam }) =>
      listAuditLogs({
        limit: PAGE,
        ...(pageParam ? { cursor: pageParam } : {}),
        ...(activity ? { activity_name: activity } : {}),
        ...(className ? { class_name: className } : {}),
        ...(period !== 'all' ? { time_from_unix_ms: since - Number(period) * DAY } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (last) => (last.has_more ? last.next_cursor : undefined),
    retry: false,
  })
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  const sentinel = useInfiniteScroll({ hasNextPage, isFetchingNextPage, fetchNextPage })

  const entries = query.data?.pages.flatMap((p) => p.entries) ?? []
  const describe = (entry: AuditEntry) => {
    const key = activityKey(entry)
    return key ? t(`auditLog.activities.${key}`) : entry.activity_name
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('auditLog.title')}</h1>
        <p className="mt-1 text-sm text-neutral-600">{t('auditLog.subtitle')}</p>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <LabelledSelect
          look="filter"
          name="activity"
          label={t('auditLog.activity')}
          value={activity}
          onChange={setActivity}
          options={[
            { value: '' as const, label: t('auditLog.allActivities') },
            ...(Object.keys(AUDIT_ACTIVITIES) as AuditActivity[]).map((key) => ({
              value: key,
              label: t(`auditLog.activities.${key}`),
            })),
          ]}
        />
        <LabelledSelect
          look="filter"
          name="class"
          label={t('auditLog.category')}
          value={className}
          onChange={setClassName}
          options={[
            { value: '', label: t('auditLog.allCategories') },
            ...(Object.keys(AUDIT_CLASSES) as AuditClass[]).map((key) => ({
              value: AUDIT_CLASSES[key].name as string,
              label: t(`auditLog.classes.${key}`),
            })),
          ]}
        />
        <LabelledSelect
          look="filter"
          name="period"
          label={t('auditLog.period')}
          value={period}
          onChange={setPeriod}
          options={PERIODS.map((p) => ({
            value: p,
            label: p === 'all' ? t('auditLog.allTime') : t('auditLog.lastDays', { count: Number(p) }),
          }))}
        />
      </div>

      {query.isError && <Alert tone="error">{errorText(query.error)}</Alert>}
      {query.isPending && <PageSpinner label={t('common.loading')} />}
      {query.isSuccess && entries.length === 0 && (
        <p className="rounded-xl border border-dashed border-neutral-300 p-10 text-center text-sm text-neutral-500">
          {t('auditLog.empty')}
        </p>
      )}
      {entries.length > 0 && (
        <ol
          className="divide-y divide-neutral-100 rounded-2xl border border-neutral-200 bg-white shadow-xs"
          data-testid="audit-entries"
        >
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4"
            >
              <time className="shrink-0 text-xs text-neutral-500 sm:w-40" dateTime={entry.time_dt}>
                {formatDateTime(entry.time / 1000, i18n.language)}
              </time>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-neutral-900">{describe(entry)}</p>
                <p className="truncate text-xs text-neutral-600">
                  {t('auditLog.target', {
                    target: targetOf(entry),
                    actor: entry.actor.user.email_addr ?? entry.actor.user.uid ?? '—',
                  })}
                </p>
              </div>
              {entry.device?.ip && (
                <span className="shrink-0 text-xs text-neutral-400">{entry.device.ip}</span>
              )}
            </li>
          ))}
        </ol>
      )}
      <LoadMore
        sentinel={sentinel}
        hasNextPage={Boolean(hasNextPage)}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        loadingLabel={t('common.loading')}
        loadMoreLabel={t('auditLog.loadMore')}
      />
    </div>
  )
}
