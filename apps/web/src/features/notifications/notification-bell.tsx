import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Icon } from '../../components/icon'
import { routes } from '../../routes'
import { unreadBadge } from './notification-text'
import { useNotifications } from './use-notifications'

/** The bell in the header: the unread count, and the way to the notifications page. */
export function NotificationBell() {
  const { t } = useTranslation()
  const { data } = useNotifications()
  const unread = data?.unread_count ?? 0
  const badge = unreadBadge(unread)
  return (
    <Link
      to={routes.notifications}
      aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.title')}
      title={t('notifications.title')}
      className="relative inline-flex size-10 items-center justify-center rounded-lg text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent-600"
      data-testid="notification-bell"
    >
      <Icon name="bell" className="size-5" />
      {badge && (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-semibold leading-none text-white dark:text-neutral-950"
        >
          {badge}
        </span>
      )}
    </Link>
  )
}
