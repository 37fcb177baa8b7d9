import { useTranslation } from 'react-i18next'
import type { MailboxMessage } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format-date'
import { linkify } from './linkify'

export function MessageItem({ message }: { message: MailboxMessage }) {
  const { t, i18n } = useTranslation()
  const date = formatDateTime(message.created_at_unix, i18n.language)
  return (
    <article className="rounded-2xl border border-neutral-200 bg-white p-5 shadow-xs">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="font-medium text-neutral-900">{message.subject}</h2>
        <time
          dateTime={new Date(message.created_at_unix * 1000).toISOString()}
          className="text-xs text-neutral-500"
        >
          {date}
        </time>
      </header>
      <p className="mt-1 text-xs text-neutral-500">{t('mailbox.to', { to: message.to })}</p>
      <div className="mt-4 text-sm leading-relaxed break-words whitespace-pre-wrap text-neutral-700">
        {linkify(message.text).map((part) =>
          part.kind === 'link' ? (
            <a
              key={part.at}
              href={part.href}
              className="font-medium text-accent-700 underline hover:text-accent-900"
            >
              {part.href}
            </a>
          ) : (
            <span key={part.at}>{part.value}</span>
          ),
        )}
      </div>
    </article>
  )
}
