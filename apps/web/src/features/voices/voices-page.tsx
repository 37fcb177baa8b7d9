import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button, buttonClass } from '../../components/button'
import { Icon } from '../../components/icon'
import { LoadMore } from '../../components/load-more'
import { SearchField } from '../../components/search-field'
import { Select } from '../../components/select'
import { Spinner } from '../../components/spinner'
import { useInfiniteScroll } from '../../components/use-infinite-scroll'
import { useErrorText } from '../../i18n/use-error-text'
import type { Voice } from '../../lib/api-types'
import { formatCount } from '../../lib/format-count'
import { routes } from '../../routes'
import { VoiceAddDialog } from './voice-add-dialog'
import { VoiceCard } from './voice-card'
import { VoiceDetail } from './voice-detail'
import {
  DEFAULT_FILTERS,
  filtersFromParams,
  filtersToParams,
  isFiltered,
  SEARCH_MAX,
  VOICE_CATEGORIES,
  VOICE_OWNERS,
  VOICE_SORTS,
  type VoiceFilters,
  type VoiceSort,
} from './voice-filters'
import { useVoiceSafety, VoiceSafetyDialog } from './voice-safety-dialog'
import { useVoicePages } from './voices-queries'

const selectClass =
  'min-w-0 rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 focus:border-accent-600 focus:outline-2 focus:outline-accent-600/20'

/** Waits until typing pauses before a search reaches the address and the server. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

/** The voice library: search, category, owner and sort filters, and a grid that loads as it scrolls. */
export function VoicesPage() {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const [params, setParams] = useSearchParams()
  const filters = useMemo(() => filtersFromParams(params), [params])
  const openId = params.get('voice')
  const [search, setSearch] = useState(filters.search)
  const [adding, setAdding] = useState(false)
  const debounced = useDebounced(search.trim(), 300)
  const pages = useVoicePages(filters)
  const languageNames = useMemo(
    () => new Intl.DisplayNames([i18n.language], { type: 'language' }),
    [i18n.language],
  )

  const update = (patch: Partial<VoiceFilters>) => {
    const next = filtersToParams({ ...filters, ...patch })
    if (openId) next.set('voice', openId)
    setParams(next, { replace: true })
  }
  // The typed search reaches the address once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search should write the address.
  useEffect(() => {
    if (debounced !== filters.search) update({ search: debounced })
  }, [debounced])

  const voices = useMemo(() => pages.data?.pages.flatMap((page) => page.voices) ?? [], [pages.data])
  const total = pages.data?.pages[0]?.total_count ?? null
  const safety = useVoiceSafety(pages.isPlaceholderData ? undefined : voices)

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages
  const sentinel = useInfiniteScroll({ hasNextPage, isFetchingNextPage, fetchNextPage, rootMargin: '600px' })

  const open = (voice: Voice) => {
    const next = new URLSearchParams(params)
    next.set('voice', voice.voice_id)
    setParams(next)
  }
  const close = () => {
    const next = new URLSearchParams(params)
    next.delete('voice')
    setParams(next)
  }
  const opened = voices.find((voice) => voice.voice_id === openId) ?? null
  const filtered = isFiltered(filters)

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('voices.title')}</h1>
          <p className="mt-1 text-sm text-neutral-600">{t('voices.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={routes.voicePvc} className={buttonClass('secondary')}>
            {t('pvc.open')}
          </Link>
          <Button onClick={() => setAdding(true)}>
            <Icon name="plus" className="size-4" />
            {t('voices.addVoice')}
          </Button>
        </div>
      </div>
      {adding && (
        <VoiceAddDialog
          onClose={() => setAdding(false)}
          onAdded={(voiceId) => {
            setAdding(false)
            const next = filtersToParams(filters)
            next.set('voice', voiceId)
            setParams(next)
          }}
        />
      )}

      <div className="mt-6 flex flex-col gap-2 md:flex-row">
        <SearchField
          value={search}
          onChange={(value) => setSearch(value.slice(0, SEARCH_MAX))}
          label={t('voices.search')}
          className="flex-1"
        />
        <div className="grid grid-cols-2 gap-2 md:flex">
          <Select
            value={filters.category}
            onChange={(category) => update({ category })}
            aria-label={t('voices.categoryFilter')}
            className={`${selectClass} md:w-40`}
            options={[
              { value: '' as const, label: t('voices.allCategories') },
              ...VOICE_CATEGORIES.map((value) => ({ value, label: t(`voices.categories.${value}`) })),
            ]}
          />
          <Select
            value={filters.owner}
            onChange={(owner) => update({ owner })}
            aria-label={t('voices.ownerFilter')}
            className={`${selectClass} md:w-40`}
            options={[
              { value: '' as const, label: t('voices.owners.all') },
              ...VOICE_OWNERS.map((value) => ({ value, label: t(`voices.owners.${value}`) })),
            ]}
          />
          <Select
            value={filters.sort}
            onChange={(sort) => update({ sort })}
            aria-label={t('voices.sortLabel')}
            className={`${selectClass} col-span-2 md:w-40`}
            options={(Object.keys(VOICE_SORTS) as VoiceSort[]).map((value) => ({
              value,
              label: t(`voices.sorts.${value}`),
            }))}
          />
        </div>
      </div>

      <div className="mt-4 flex min-h-6 items-center justify-between gap-3 text-sm text-neutral-500">
        <p aria-live="polite" data-testid="voices-count">
          {total !== null &&
            t('voices.count', { count: total, formatted: formatCount(total, i18n.language) })}
        </p>
        {filtered && (
          <button
            type="button"
            onClick={() => {
              setSearch('')
              update({ ...DEFAULT_FILTERS, sort: filters.sort })
            }}
            className="rounded-md px-1.5 py-0.5 font-medium text-accent-700 hover:bg-accent-50 focus-visible:outline-2 focus-visible:outline-accent-600"
          >
            {t('voices.clearFilters')}
          </button>
        )}
      </div>

      {pages.isError && (
        <Alert tone="error" className="mt-4">
          <span>{errorText(pages.error)}</span>{' '}
          <button type="button" className="font-medium underline" onClick={() => void pages.refetch()}>
            {t('common.tryAgain')}
          </button>
        </Alert>
      )}

      {pages.isPending && (
        <div className="flex justify-center py-16 text-neutral-400">
          <Spinner label={t('common.loading')} />
        </div>
      )}

      {pages.isSuccess && voices.length === 0 && (
        <div className="mt-4 flex flex-col items-center rounded-2xl border border-dashed border-neutral-300 px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-neutral-100 text-neutral-500">
            <Icon name="search" className="size-5" />
          </span>
          <p className="mt-4 font-medium text-neutral-900">
            {filtered ? t('voices.emptyFiltered') : t('voices.empty')}
          </p>
          {filtered && (
            <Button
              variant="secondary"
              className="mt-4"
              onClick={() => {
                setSearch('')
                update({ ...DEFAULT_FILTERS, sort: filters.sort })
              }}
            >
              {t('voices.clearFilters')}
            </Button>
          )}
        </div>
      )}

      {voices.length > 0 && (
        <ul
          aria-label={t('voices.listLabel')}
          className={`mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3 ${pages.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={pages.isFetching}
        >
          {voices.map((voice) => (
            <VoiceCard key={voice.voice_id} voice={voice} onOpen={open} languageNames={languageNames} />
          ))}
        </ul>
      )}

      <LoadMore
        sentinel={sentinel}
        hasNextPage={Boolean(hasNextPage)}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        loadingLabel={t('voices.loadingMore')}
        loadMoreLabel={t('voices.loadMore')}
      />

      {openId && <VoiceDetail voiceId={openId} initial={opened} onClose={close} />}
      <VoiceSafetyDialog prompt={safety.prompt} onClose={safety.dismiss} />
    </div>
  )
}
