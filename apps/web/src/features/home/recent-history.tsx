import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Icon } from '../../components/icon'
import { formatRelativeTime } from '../../lib/relative-time'
import { routes } from '../../routes'
import { listHistory } from '../history/history-api'
import { playHistoryItem } from '../history/history-row'

const RECENT = 5

/** The last few generations, each playable in the persistent player. */
export function RecentHistory() {
  const { t, i18n } = useTranslation()
  const query = useQuery({
    queryKey: ['history', 'recent'],
    queryFn: () => listHistory({ page_size: RECENT }),
  })
  const items = query.data?.history ?? []
  return (
    <section
      aria-labelledby="recent-title"
      className="rounded-2xl border border-neutral-200 bg-white p-5 sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-title" className="text-base font-semibold text-neutral-900">
          {t('home.recent.title')}
        </h2>
        <Link
          to={routes.history}
          className="rounded-md text-sm font-medium text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
        >
          {t('home.recent.all')}
        </Link>
      </div>
      {query.isSuccess && items.length === 0 && (
        <p className="mt-4 text-sm text-neutral-600">
          {t('home.recent.empty')}{' '}
          <Link to={routes.speechSynthesis} className="font-medium text-accent-700 hover:underline">
            {t('home.recent.start')}
          </Link>
        </p>
      )}
      {items.length > 0 && (
        <ul className="mt-3 divide-y divide-neutral-100">
          {items.map((item) => {
            const text = item.text ?? item.dialogue?.map((line) => line.text).join(' ') ?? ''
            return (
              <li key={item.history_item_id} className="flex items-center gap-3 py-2.5">
                <button
                  type="button"
                  onClick={() => playHistoryItem(item)}
                  aria-label={t('history.play', { text: text.slice(0, 40) })}
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-neutral-900 text-white hover:bg-neutral-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
                >
                  <Icon name="play" className="size-4" />
                </button>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm text-neutral-900">{text}</p>
                  <p className="mt-0.5 truncate text-xs text-neutral-500">
                    {item.voice_name} · {formatRelativeTime(item.date_unix * 1000, Date.now(), i18n.language)}
                  </p>
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
