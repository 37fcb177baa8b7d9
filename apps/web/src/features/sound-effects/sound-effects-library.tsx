import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Icon } from '../../components/icon'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { pathTo } from '../../routes'
import { historyAudioUrl } from '../history/history-api'
import { listExplore, listFavourites, listSoundHistory, setFavourite } from './explore-api'
import { playSound } from './play-sound'

const rowButton =
  'grid size-9 shrink-0 place-items-center rounded-full bg-neutral-900 text-white hover:bg-neutral-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600'

/** Explore (examples by category), your history of sound effects, and your favourites. */
export function SoundEffectsLibrary({ onUsePrompt }: { onUsePrompt: (text: string) => void }) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const id = useId()
  const explore = useQuery({ queryKey: ['sfx-explore'], queryFn: listExplore, staleTime: Infinity })
  const history = useQuery({ queryKey: ['sfx-history'], queryFn: listSoundHistory })
  const favourites = useQuery({ queryKey: ['sfx-favourites'], queryFn: listFavourites })
  const favouriteIds = new Set(favourites.data?.favourites.map((f) => f.history_item_id) ?? [])
  const toggle = useMutation({
    mutationFn: (input: { id: string; on: boolean }) => setFavourite(input.id, input.on),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sfx-favourites'] }),
    onError: (error) => toast({ title: errorText(error), tone: 'error' }),
  })
  const label = t('soundEffects.library.playerLabel')

  return (
    <div className="mt-10 space-y-10">
      <section aria-labelledby={`${id}-explore`}>
        <h2 id={`${id}-explore`} className="text-lg font-semibold text-neutral-900">
          {t('soundEffects.library.explore')}
        </h2>
        <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {explore.data?.categories.map((category) => (
            <section
              key={category.slug}
              className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs"
            >
              <h3 className="flex items-center justify-between text-sm font-semibold text-neutral-900">
                {t(`soundEffects.categories.${category.slug as 'nature'}`)}
                <Link
                  to={pathTo('soundEffect', { slug: category.slug })}
                  className="text-xs font-medium text-accent-700 hover:underline"
                >
                  {t('soundEffects.library.open')}
                </Link>
              </h3>
              <ul className="mt-3 space-y-2">
                {category.examples.map((example) => (
                  <li key={example.slug} className="flex items-center gap-2">
                    <button
                      type="button"
                      className={rowButton}
                      aria-label={t('soundEffects.library.play', { text: example.text })}
                      onClick={() => playSound(example.text, example.audio_url, label)}
                    >
                      <Icon name="play" className="size-4" />
                    </button>
                    <Link
                      to={pathTo('soundEffect', { slug: example.slug })}
                      className="min-w-0 flex-1 truncate text-sm text-neutral-800 hover:underline"
                    >
                      {example.text}
                    </Link>
                    <button
                      type="button"
                      onClick={() => onUsePrompt(example.text)}
                      className="shrink-0 rounded-lg px-2 py-1 text-xs font-medium text-accent-700 hover:bg-accent-50 focus-visible:outline-2 focus-visible:outline-accent-600"
                    >
                      {t('soundEffects.library.use')}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section aria-labelledby={`${id}-history`}>
          <h2 id={`${id}-history`} className="text-lg font-semibold text-neutral-900">
            {t('soundEffects.library.history')}
          </h2>
          {history.data && history.data.history.length === 0 && (
            <p className="mt-3 text-sm text-neutral-600">{t('soundEffects.library.historyEmpty')}</p>
          )}
          <ul className="mt-3 divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white empty:hidden">
            {history.data?.history.map((item) => {
              const on = favouriteIds.has(item.history_item_id)
              const text = item.text ?? ''
              return (
                <li key={item.history_item_id} className="flex items-center gap-3 px-4 py-3">
                  <button
                    type="button"
                    className={rowButton}
                    aria-label={t('soundEffects.library.play', { text: text })}
                    onClick={() =>
                      playSound(text, historyAudioUrl(item.history_item_id), label, item.history_item_id)
                    }
                  >
                    <Icon name="play" className="size-4" />
                  </button>
                  <p className="min-w-0 flex-1 truncate text-sm text-neutral-900">{text}</p>
                  <button
                    type="button"
                    aria-pressed={on}
                    aria-label={t(
                      on ? 'soundEffects.library.unfavourite' : 'soundEffects.library.favourite',
                      {
                        text: text,
                      },
                    )}
                    onClick={() => toggle.mutate({ id: item.history_item_id, on: !on })}
                    className={`grid size-9 shrink-0 place-items-center rounded-lg hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent-600 ${on ? 'text-accent-700' : 'text-neutral-400'}`}
                  >
                    <Icon name="thumbsUp" className="size-4" />
                  </button>
                </li>
              )
            })}
          </ul>
        </section>
        <section aria-labelledby={`${id}-favourites`}>
          <h2 id={`${id}-favourites`} className="text-lg font-semibold text-neutral-900">
            {t('soundEffects.library.favourites')}
          </h2>
          {favourites.data && favourites.data.favourites.length === 0 && (
            <p className="mt-3 text-sm text-neutral-600">{t('soundEffects.library.favouritesEmpty')}</p>
          )}
          <ul className="mt-3 divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white empty:hidden">
            {favourites.data?.favourites.map((item) => (
              <li key={item.history_item_id} className="flex items-center gap-3 px-4 py-3">
                <button
                  type="button"
                  className={rowButton}
                  aria-label={t('soundEffects.library.play', { text: item.text })}
                  onClick={() =>
                    playSound(item.text, historyAudioUrl(item.history_item_id), label, item.history_item_id)
                  }
                >
                  <Icon name="play" className="size-4" />
                </button>
                <p className="min-w-0 flex-1 truncate text-sm text-neutral-900">{item.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  )
}
