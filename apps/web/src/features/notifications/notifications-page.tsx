import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Icon } from '../../components/icon'
import { Spinner } from '../../components/spinner'
import { useErrorText } from '../../i18n/use-error-text'
import { NotificationList } from './notification-list'
import { useMarkRead, useNotifications } from './use-notifications'

export function NotificationsPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const query = useNotifications()
  const mark = useMarkRead()
  const unread = query.data?.unread_count ?? 0
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">
            {t('notifications.title')}
          </h1>
          <p className="mt-1 text-sm text-neutral-600" aria-live="polite">
            {unread > 0 ? t('notifications.unreadCount', { count: unread }) : t('notifications.allRead')}
          </p>
        </div>
        {unread > 0 && (
          <Button variant="secondary" onClick={() => mark.all.mutate()} loading={mark.all.isPending}>
            <Icon name="check" className="size-4" />
            {t('notifications.markAllRead')}
          </Button>
        )}
      </div>
      {query.isPending && (
        <div className="flex justify-center py-12">
          <Spinner className="size-6" label={t('common.loading')} />
        </div>
      )}
      {query.isError && <Alert tone="error">{errorText(query.error)}</Alert>}
      {query.data && query.data.notifications.length === 0 && (
        <div className="rounded-2xl border border-dashed border-neutral-300 p-10 text-center">
          <Icon name="bell" className="mx-auto size-8 text-neutral-400" />
          <p className="mt-3 text-sm text-neutral-600">{t('notifications.empty')}</p>
        </div>
      )}
      {query.data && query.data.notifications.length > 0 && (
        <NotificationList
          messages={query.data.notifications}
          now={query.dataUpdatedAt || Date.now()}
          onRead={(id) => mark.one.mutate(id)}
        />
      )}
    </div>
  )
}
