import { useDeferredValue, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../components/icon'
import { SearchField } from '../../components/search-field'
import { SheetDialog } from '../../components/sheet-dialog'
import { Spinner } from '../../components/spinner'
import { useInfiniteScroll } from '../../components/use-infinite-scroll'
import type { Voice } from '../../lib/api-types'
import { VoiceAvatar } from '../player/voice-avatar'
import { DEFAULT_FILTERS } from '../voices/voice-filters'
import { useVoiceSafety, VoiceSafetyDialog } from '../voices/voice-safety-dialog'
import { useVoicePages } from '../voices/voices-queries'
import { useVoicePreview } from './voice-preview'

function voiceLabels(voice: Voice): string {
  return Object.values(voice.labels ?? {})
    .filter(Boolean)
    .slice(0, 3)
    .join(' · ')
}

const PICKER_PAGE_SIZE = 30

/** A button showing the chosen voice; it opens a searchable list with previews. */
export function VoicePicker({
  voice,
  onChange,
  label,
  compact = false,
}: {
  voice: Voice | null
  onChange: (voice: Voice) => void
  label: string
  compact?: boolean
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [search, setSearch] = useState('')
  const deferred = useDeferredValue(search.trim())
  // Every voice is reachable: the list searches the whole library and loads page after page
  // as it scrolls.
  const voices = useVoicePages({ ...DEFAULT_FILTERS, search: deferred }, PICKER_PAGE_SIZE, open)
  const preview = useVoicePreview()
  const list = useMemo(() => voices.data?.pages.flatMap((page) => page.voices) ?? [], [voices.data])
  const safety = useVoiceSafety(voices.isPlaceholderData ? undefined : voices.data && list)
  const scroller = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = voices
  const sentinel = useInfiniteScroll<HTMLLIElement>({
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    enabled: open,
    root: scroller,
    rootMargin: '200px',
    // The list's length moves the sentinel inside the scroller.
    watch: list.length,
  })

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`${label}: ${voice?.name ?? t('tts.chooseVoice')}`}
        className={`flex w-full items-center gap-3 rounded-xl border border-neutral-200 bg-white text-left transition-colors hover:border-neutral-300 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-accent-600 ${
          compact ? 'px-2 py-1.5' : 'px-3 py-2.5'
        }`}
      >
        <VoiceAvatar id={voice?.voice_id ?? null} name={voice?.name ?? null} size="sm" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-neutral-900">
            {voice?.name ?? t('tts.chooseVoice')}
          </span>
          {!compact && voice && (
            <span className="block truncate text-xs text-neutral-500">
              {voiceLabels(voice) || voice.category}
            </span>
          )}
        </span>
        <Icon name="chevronDown" className="size-4 shrink-0 text-neutral-400" />
      </button>
      <SheetDialog open={open} onOpenChange={setOpen} title={t('tts.voices')}>
        <SearchField value={search} onChange={setSearch} label={t('tts.searchVoices')} />
        <div ref={scroller} className="mt-3 -mx-2 max-h-[55dvh] overflow-y-auto">
          {voices.isPending && (
            <div className="flex justify-center py-8 text-neutral-400">
              <Spinner label={t('common.loading')} />
            </div>
          )}
          {voices.isSuccess && list.length === 0 && (
            <p className="px-2 py-8 text-center text-sm text-neutral-500">{t('tts.noVoices')}</p>
          )}
          <ul aria-label={t('tts.voices')}>
            {list.map((item) => {
              const chosen = item.voice_id === voice?.voice_id
              const playing = preview.playingId === item.voice_id
              return (
                <li
                  key={item.voice_id}
                  className="flex items-center gap-1 rounded-xl px-2 hover:bg-neutral-50"
                >
                  <button
                    type="button"
                    onClick={() => {
                      onChange(item)
                      setOpen(false)
                    }}
                    aria-current={chosen || undefined}
                    className="flex min-w-0 flex-1 items-center gap-3 rounded-lg py-2.5 text-left focus-visible:outline-2 focus-visible:outline-accent-600"
                  >
                    <VoiceAvatar id={item.voice_id} name={item.name} size="sm" />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center gap-2 text-sm font-medium text-neutral-900">
                        <span className="truncate">{item.name}</span>
                        {chosen && <Icon name="check" className="size-4 shrink-0 text-accent-600" />}
                      </span>
                      <span className="block truncate text-xs text-neutral-500">
                        {item.description || voiceLabels(item) || item.category}
                      </span>
                    </span>
                  </button>
                  {item.preview_url && (
                    <button
                      type="button"
                      onClick={() => preview.toggle(item.voice_id, item.preview_url)}
                      aria-label={
                        playing
                          ? t('tts.stopPreview', { name: item.name })
                          : t('tts.preview', { name: item.name })
                      }
                      aria-pressed={playing}
                      className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-accent-600 ${
                        playing
                          ? 'bg-accent-600 text-white'
                          : 'text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900'
                      }`}
                    >
                      <Icon name={playing ? 'pause' : 'play'} className="size-4" />
                    </button>
                  )}
                </li>
              )
            })}
            {hasNextPage && (
              <li ref={sentinel} className="flex justify-center py-3">
                {isFetchingNextPage ? (
                  <Spinner label={t('voices.loadingMore')} />
                ) : (
                  <button
                    type="button"
                    onClick={() => void fetchNextPage()}
                    className="rounded-lg px-3 py-1.5 text-sm font-medium text-accent-700 hover:bg-accent-50 focus-visible:outline-2 focus-visible:outline-accent-600"
                  >
                    {t('voices.loadMore')}
                  </button>
                )}
              </li>
            )}
          </ul>
        </div>
      </SheetDialog>
      <VoiceSafetyDialog prompt={safety.prompt} onClose={safety.dismiss} />
    </>
  )
}
