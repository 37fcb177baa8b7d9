import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '../../components/alert'
import { Button, buttonClass } from '../../components/button'
import { Icon } from '../../components/icon'
import { LoadMore } from '../../components/load-more'
import { Modal, ModalActions } from '../../components/modal'
import { SearchField } from '../../components/search-field'
import { Select } from '../../components/select'
import { Spinner } from '../../components/spinner'
import { useToast } from '../../components/toaster'
import { useInfiniteScroll } from '../../components/use-infinite-scroll'
import { useErrorText } from '../../i18n/use-error-text'
import type { HistoryItem } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format-date'
import { routes } from '../../routes'
import { downloadHistoryItems } from '../player/download'
import { player } from '../player/player-store'
import { listVoices } from '../voices/voices-api'
import { listAllVoices } from './all-voices'
import { deleteHistoryItem } from './history-api'
import { type HistoryFilters, useHistory } from './history-queries'
import { HistoryRow } from './history-row'
import { keepListed, toggleAll, toggleId } from './history-selection'

const SOURCES = ['', 'TTS', 'STS', 'Flows'] as const

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

const fieldClass =
  'rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 focus:border-accent-600 focus:outline-2 focus:outline-accent-600/20'

export function HistoryPage() {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [search, setSearch] = useState('')
  const [voiceId, setVoiceId] = useState('')
  const [source, setSource] = useState<HistoryFilters['source']>('')
  const filters = { search: useDebounced(search.trim(), 300), voiceId, source }
  const history = useHistory(filters)
  const voices = useQuery({
    queryKey: ['voices', 'all'],
    queryFn: () => listAllVoices(listVoices),
    staleTime: 60_000,
  })
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [confirming, setConfirming] = useState<string[] | null>(null)
  const [downloading, setDownloading] = useState(false)

  const items = useMemo(() => history.data?.pages.flatMap((page) => page.history) ?? [], [history.data])
  const ids = useMemo(() => items.map((item) => item.history_item_id), [items])
  useEffect(() => setSelected((current) => keepListed(current, ids)), [ids])

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history
  const sentinel = useInfiniteScroll({ hasNextPage, isFetchingNextPage, fetchNextPage, rootMargin: '400px' })

  const remove = useMutation({
    mutationFn: async (targets: string[]) => {
      for (const id of targets) await deleteHistoryItem(id)
      return targets
    },
    onSuccess: (targets) => {
      const current = player.current()
      if (current?.historyItemId && targets.includes(current.historyItemId)) player.clear()
      toast({ title: t('history.deleted', { count: targets.length }), tone: 'success' })
      setConfirming(null)
    },
    onError: (error) => toast({ title: errorText(error), tone: 'error' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['history'] }),
  })

  const download = async (targets: string[], item?: HistoryItem) => {
    setDownloading(true)
    try {
      await downloadHistoryItems(
        targets,
        item && {
          voiceName: item.voice_name,
          voiceCategory: item.voice_category,
          settings: item.settings,
          modelId: item.model_id,
          dateUnix: item.date_unix,
        },
      )
    } catch (error) {
      toast({
        title: error instanceof Error && !('status' in error) ? error.message : errorText(error),
        tone: 'error',
      })
    } finally {
      setDownloading(false)
    }
  }

  const filtered = !!(filters.search || voiceId || source)
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id))

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('history.title')}</h1>
          <p className="mt-1 text-sm text-neutral-600">{t('history.subtitle')}</p>
        </div>
      </div>

      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <SearchField value={search} onChange={setSearch} label={t('history.search')} className="flex-1" />
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Select
            value={voiceId}
            onChange={setVoiceId}
            aria-label={t('history.voiceFilter')}
            className={`${fieldClass} min-w-0 sm:w-44`}
            options={[
              { value: '', label: t('history.allVoices') },
              ...(voices.data ?? []).map((voice) => ({ value: voice.voice_id, label: voice.name })),
            ]}
          />
          <Select
            value={source}
            onChange={setSource}
            aria-label={t('history.sourceFilter')}
            className={`${fieldClass} min-w-0 sm:w-40`}
            options={SOURCES.map((value) => ({ value, label: t(`history.sources.${value || 'all'}`) }))}
          />
        </div>
      </div>

      <div className="sticky top-16 z-10 -mx-2 mt-4 flex min-h-12 items-center gap-3 border-b border-neutral-200 bg-white/95 px-2 py-2 backdrop-blur sm:px-3">
        <input
          type="checkbox"
          checked={allSelected}
          ref={(element) => {
            if (element) element.indeterminate = selected.size > 0 && !allSelected
          }}
          onChange={() => setSelected((current) => toggleAll(current, ids))}
          disabled={ids.length === 0}
          aria-label={t('history.selectAll')}
          className="size-4 rounded accent-accent-600"
        />
        {selected.size > 0 ? (
          <>
            <span className="text-sm font-medium text-neutral-900" aria-live="polite">
              {t('history.selected', { count: selected.size })}
            </span>
            <div className="ml-auto flex items-center gap-1">
              <Button
                variant="ghost"
                className="min-h-9 px-2.5"
                loading={downloading}
                onClick={() => void download([...selected])}
              >
                <Icon name="download" className="size-4" />
                <span className="hidden sm:inline">{t('history.download')}</span>
              </Button>
              <Button
                variant="ghost"
                className="min-h-9 px-2.5 text-red-700"
                onClick={() => setConfirming([...selected])}
              >
                <Icon name="trash" className="size-4" />
                <span className="hidden sm:inline">{t('history.delete')}</span>
              </Button>
              <Button variant="ghost" className="min-h-9 px-2.5" onClick={() => setSelected(new Set())}>
                {t('history.clearSelection')}
              </Button>
            </div>
          </>
        ) : (
          <span className="text-sm text-neutral-500">{t('history.selectHint')}</span>
        )}
      </div>

      {history.isPending && (
        <div className="flex justify-center py-16 text-neutral-400">
          <Spinner className="size-6" label={t('common.loading')} />
        </div>
      )}
      {history.isError && (
        <Alert tone="error" className="mt-4">
          {errorText(history.error)}
        </Alert>
      )}
      {history.isSuccess && items.length === 0 && (
        <div className="mt-6 rounded-2xl border border-dashed border-neutral-300 px-6 py-14 text-center">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent-50 text-accent-700">
            <Icon name="history" className="size-6" />
          </span>
          <p className="mt-4 text-sm font-medium text-neutral-900">
            {filtered ? t('history.noMatch') : t('history.empty')}
          </p>
          {!filtered && (
            <Link to={routes.speechSynthesis} className={buttonClass('primary', 'mt-5')}>
              {t('history.startGenerating')}
            </Link>
          )}
        </div>
      )}
      <ul className="mt-2 space-y-1" aria-label={t('history.title')}>
        {items.map((item) => (
          <HistoryRow
            key={item.history_item_id}
            item={item}
            selected={selected.has(item.history_item_id)}
            onSelect={() => setSelected((current) => toggleId(current, item.history_item_id))}
            onDownload={() => void download([item.history_item_id], item)}
            onDelete={() => setConfirming([item.history_item_id])}
            dateText={formatDateTime(item.date_unix, i18n.language)}
          />
        ))}
      </ul>
      <LoadMore
        sentinel={sentinel}
        hasNextPage={Boolean(hasNextPage)}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        loadingLabel={t('common.loading')}
        loadMoreLabel={t('history.loadMore')}
      />

      <Modal
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('history.deleteTitle', { count: confirming?.length ?? 0 })}
        description={t('history.deleteBody')}
      >
        <ModalActions>
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => confirming && remove.mutate(confirming)}
          >
            {t('common.delete')}
          </Button>
        </ModalActions>
      </Modal>
    </div>
  )
}
