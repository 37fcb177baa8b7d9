import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '../../components/alert'
import { PageSpinner } from '../../components/spinner'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDate } from '../../lib/format-date'
import { NewProduction } from './new-production'
import { listProductions } from './productions-api'
import { dollars, useWorkspaceId } from './use-workspace-id'

/** Orders: the workspace's productions, newest first, and the form for a new one. */
export function OrdersPage() {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const workspaceId = useWorkspaceId()
  const orders = useQuery({
    queryKey: ['productions', workspaceId],
    queryFn: () => listProductions(workspaceId!),
    enabled: workspaceId !== null,
  })
  return (
    <div className="mx-auto max-w-4xl">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('productions.title')}</h1>
        <Link to="/app/productions/work" className="text-sm text-accent-700 underline">
          {t('productions.producerLink')}
        </Link>
      </div>
      <p className="mt-1 text-sm text-neutral-600">{t('productions.intro')}</p>
      {workspaceId && <NewProduction workspaceId={workspaceId} />}
      <h2 className="mt-8 text-lg font-semibold text-neutral-900">{t('productions.orders')}</h2>
      {orders.isPending && workspaceId && <PageSpinner label={t('common.loading')} />}
      {orders.isError && <Alert tone="error">{errorText(orders.error)}</Alert>}
      {orders.data && orders.data.tasks.length === 0 && (
        <p className="mt-2 text-sm text-neutral-600">{t('productions.noOrders')}</p>
      )}
      <ul
        className="mt-3 divide-y divide-neutral-200 rounded-xl border border-neutral-200"
        data-testid="production-orders"
      >
        {orders.data?.tasks.map((task) => (
          <li key={task.description_id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <Link
              to={`/app/productions/${task.description_id}`}
              className="min-w-0 truncate font-medium text-neutral-900 underline"
            >
              {task.name}
            </Link>
            <span className="text-sm text-neutral-600">
              {t(`productions.kinds.${task.options.kind}`)} · {dollars(task.quote.total_cents)} ·{' '}
              {formatDate(task.created_at_unix, i18n.language)}
            </span>
            <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-800">
              {t(`productions.status.${task.status}`)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
