import { useTranslation } from 'react-i18next'
import { formatRelativeTime } from '../../lib/relative-time'
import { notificationText } from './notification-text'
import type { NotificationMessage } from './notifications-api'

const DOT: Record<NotificationMessage['severity'], string> = {
  info: 'bg-accent-500',
  success: 'bg-emerald-500',
  warning: 'bg-amber-500',
  error: 'bg-red-500',
}

type Props = {
  messages: NotificationMessage[]
  now: number
  onRead: (id: string) => void
}

/** Messages newest first; an unread one is marked (dot, bold title, screen-reader text) until read. */
export function NotificationList({ messages, now, onRead }: Props) {
  const { t, i18n } = useTranslation()
  // Numbers inside a sentence read in full (10,000 credits), in the reader's notation.
  const formatNumber = (n: number) => new Intl.NumberFormat(i18n.language).format(n)
  return (
    <ul className="divide-y divide-neutral-200 overflow-hidden rounded-2xl border border-neutral-200 bg-white">
      {messages.map((message) => {
        const text = notificationText(message, t as never, formatNumber)
        const unread = !message.has_been_read
        return (
          <li key={message.message_id} data-unread={unread} className={unread ? 'bg-accent-50/40' : ''}>
            <div className="flex gap-3 p-4 sm:p-5">
              <span
                aria-hidden="true"
                className={`mt-1.5 size-2.5 shrink-0 rounded-full ${unread ? DOT[message.severity] : 'bg-transparent'}`}
              />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <p className={`text-sm text-neutral-900 ${unread ? 'font-semibold' : 'font-medium'}`}>
                    {unread && <span className="sr-only">{t('notifications.unread')}: </span>}
                    {text.title}
                  </p>
                  <time
                    dateTime={new Date(message.create_date_unix_ms).toISOString()}
                    className="text-xs whitespace-nowrap text-neutral-500"
                  >
                    {formatRelativeTime(message.create_date_unix_ms, now, i18n.language)}
                  </time>
                </div>
                <p className="mt-1 text-sm text-neutral-600">{text.description}</p>
                {unread && (
                  <button
                    type="button"
                    onClick={() => onRead(message.message_id)}
                    className="mt-2 rounded-md text-xs font-medium text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
                  >
                    {t('notifications.markRead')}
                    <span className="sr-only">: {text.title}</span>
                  </button>
                )}
              </div>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
