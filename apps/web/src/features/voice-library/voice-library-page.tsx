import { type FormEvent, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Icon } from '../../components/icon'
import { Select } from '../../components/select'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import type { Voice } from '../../lib/api-types'
import { VoiceAvatar } from '../player/voice-avatar'
import { playVoicePreview } from '../voices/play-preview'
import { labelText } from '../voices/voice-labels'
import { AddSharedVoiceDialog } from './add-shared-voice-dialog'
import type { LibraryVoice, SharedVoicesQuery } from './library-api'
import { useAccents, useCollectionMutations, useCollections, useSharedVoices } from './library-queries'

const GENDERS = ['female', 'male', 'neutral'] as const
const AGES = ['young', 'middle_aged', 'old'] as const
const SORTS = ['created_date', 'cloned_by_count'] as const

const selectClass =
  'min-h-10 rounded-lg border border-neutral-300 bg-white px-3 text-sm text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent-600'

function preview(voice: LibraryVoice) {
  // The player takes a voice; a library voice has every field it reads.
  playVoicePreview({ ...voice, category: voice.category } as unknown as Voice)
}

function LibraryCard({ voice, onAdd }: { voice: LibraryVoice; onAdd: (voice: LibraryVoice) => void }) {
  const { t } = useTranslation()
  const labels = (
    [
      ['gender', voice.gender],
      ['age', voice.age],
      ['accent', voice.accent],
      ['use_case', voice.use_case],
    ] as const
  )
    .filter(([, value]) => Boolean(value))
    .map(([key, value]) => labelText(t, key, value as string, null))
  return (
    <li className="flex flex-col rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs">
      <div className="flex items-start gap-3">
        <VoiceAvatar id={voice.voice_id} name={voice.name} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-[15px] font-semibold text-neutral-900">{voice.name}</h2>
          <p className="text-xs text-neutral-500 tabular-nums">
            {t('voiceLibrary.copies', { count: voice.cloned_by_count })}
            {voice.live_moderation_enabled && ` · ${t('voiceLibrary.liveModerated')}`}
          </p>
        </div>
        <button
          type="button"
          onClick={() => preview(voice)}
          aria-label={t('voiceLibrary.preview', { name: voice.name })}
          className="grid size-9 shrink-0 place-items-center rounded-full bg-neutral-900 text-white hover:bg-neutral-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
        >
          <Icon name="play" className="size-4" />
        </button>
      </div>
      {voice.description && <p className="mt-3 line-clamp-2 text-sm text-neutral-600">{voice.description}</p>}
      <div className="mt-3 flex flex-wrap gap-1.5">
        {labels.map((label) => (
          <span
            key={label}
            className="rounded-full bg-neutral-100 px-2 py-0.5 text-[11px] font-medium text-neutral-600"
          >
            {label.replace(/_/g, ' ')}
          </span>
        ))}
      </div>
      <div className="mt-auto flex justify-end pt-4">
        {voice.is_added_by_user ? (
          <span className="inline-flex items-center gap-1 text-sm font-medium text-neutral-500">
            <Icon name="check" className="size-4" />
            {t('voiceLibrary.alreadyAdded')}
          </span>
        ) : (
          <Button variant="secondary" onClick={() => onAdd(voice)}>
            <Icon name="plus" className="size-4" />
            {t('voiceLibrary.add')}
          </Button>
        )}
      </div>
    </li>
  )
}

function CollectionsPanel() {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const collections = useCollections()
  const { create, remove } = useCollectionMutations()
  const [title, setTitle] = useState('')
  const titleId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!title.trim()) return
    create.mutate(
      { title: title.trim(), icon: 'folder' },
      {
        onSuccess: () => setTitle(''),
        onError: (error) => toast({ title: errorText(error), tone: 'error' }),
      },
    )
  }
  return (
    <section className="mt-10" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-semibold text-neutral-900">
        {t('voiceLibrary.collections.title')}
      </h2>
      <p className="mt-1 text-sm text-neutral-600">{t('voiceLibrary.collections.subtitle')}</p>
      <form onSubmit={submit} className="mt-3 flex gap-2">
        <input
          value={title}
          maxLength={100}
          onChange={(e) => setTitle(e.target.value)}
          aria-label={t('voiceLibrary.collections.name')}
          placeholder={t('voiceLibrary.collections.name')}
          className={`${selectClass} min-w-0 flex-1`}
        />
        <Button type="submit" loading={create.isPending} disabled={!title.trim()}>
          {t('voiceLibrary.collections.create')}
        </Button>
      </form>
      {collections.data && collections.data.collections.length === 0 && (
        <p className="mt-3 text-sm text-neutral-600">{t('voiceLibrary.collections.empty')}</p>
      )}
      <ul className="mt-3 divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white empty:hidden">
        {collections.data?.collections.map((c) => (
          <li key={c.collection_id} className="flex items-center gap-3 px-4 py-3">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-neutral-900">{c.title}</p>
              <p className="text-xs text-neutral-500 tabular-nums">
                {t('voiceLibrary.collections.voices', { count: c.voice_ids.length })}
              </p>
            </div>
            {c.permission_on_resource === 'admin' && (
              <button
                type="button"
                onClick={() =>
                  remove.mutate(c.collection_id, {
                    onError: (error) => toast({ title: errorText(error), tone: 'error' }),
                  })
                }
                aria-label={t('voiceLibrary.collections.delete', { title: c.title })}
                className="grid size-9 shrink-0 place-items-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-accent-600"
              >
                <Icon name="trash" className="size-4" />
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The shared voice library: voices other workspaces shared, filtered, previewed and added. */
export function VoiceLibraryPage() {
  const { t, i18n } = useTranslation()
  const languageNames = useMemo(
    () => new Intl.DisplayNames([i18n.language], { type: 'language' }),
    [i18n.language],
  )
  const [search, setSearch] = useState('')
  const [filters, setFilters] = useState<Omit<SharedVoicesQuery, 'page' | 'page_size'>>({})
  const [adding, setAdding] = useState<LibraryVoice | null>(null)
  const accents = useAccents()
  const query = useSharedVoices(filters)
  const voices = query.data?.pages.flatMap((p) => p.voices) ?? []
  const total = query.data?.pages[0]?.total_count ?? 0
  const set = (key: 'gender' | 'age' | 'accent' | 'language' | 'sort', value: string) =>
    setFilters((f) => ({ ...f, [key]: value || undefined }))
  const accentNames = [...new Set(accents.data?.accents.map((a) => a.accent) ?? [])].sort()
  const languages = [...new Set(accents.data?.accents.map((a) => a.language) ?? [])].sort()

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('voiceLibrary.title')}</h1>
      <p className="mt-1 text-sm text-neutral-600">{t('voiceLibrary.subtitle')}</p>
      <form
        className="mt-6 flex flex-wrap gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          setFilters((f) => ({ ...f, search: search.trim() || undefined }))
        }}
      >
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-label={t('voiceLibrary.search')}
          placeholder={t('voiceLibrary.search')}
          className={`${selectClass} min-w-0 flex-1 basis-48`}
        />
        <Select
          aria-label={t('voiceLibrary.gender')}
          className={selectClass}
          onChange={(value) => set('gender', value)}
          options={[
            { value: '', label: t('voiceLibrary.gender') },
            ...GENDERS.map((g) => ({ value: g, label: t(`voiceLibrary.genders.${g}`) })),
          ]}
        />
        <Select
          aria-label={t('voiceLibrary.age')}
          className={selectClass}
          onChange={(value) => set('age', value)}
          options={[
            { value: '', label: t('voiceLibrary.age') },
            ...AGES.map((a) => ({ value: a, label: t(`voiceLibrary.ages.${a}`) })),
          ]}
        />
        <Select
          aria-label={t('voiceLibrary.accent')}
          className={selectClass}
          onChange={(value) => set('accent', value)}
          options={[
            { value: '', label: t('voiceLibrary.accent') },
            ...accentNames.map((a) => ({ value: a, label: labelText(t, 'accent', a, null) })),
          ]}
        />
        <Select
          aria-label={t('voiceLibrary.language')}
          className={selectClass}
          onChange={(value) => set('language', value)}
          options={[
            { value: '', label: t('voiceLibrary.language') },
            ...languages.map((l) => ({ value: l, label: labelText(t, 'language', l, languageNames) })),
          ]}
        />
        <Select
          aria-label={t('voiceLibrary.sort')}
          className={selectClass}
          onChange={(value) => set('sort', value)}
          options={SORTS.map((s) => ({ value: s, label: t(`voiceLibrary.sorts.${s}`) }))}
        />
      </form>
      <p className="mt-3 text-xs text-neutral-500 tabular-nums" aria-live="polite">
        {query.data && t('voiceLibrary.found', { count: total })}
      </p>
      {query.isError && (
        <Alert tone="error" className="mt-3">
          {t('errors.generic')}
        </Alert>
      )}
      {query.data && voices.length === 0 && (
        <p className="mt-6 text-sm text-neutral-600">{t('voiceLibrary.empty')}</p>
      )}
      <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {voices.map((voice) => (
          <LibraryCard key={voice.voice_id} voice={voice} onAdd={setAdding} />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('voiceLibrary.more')}
          </Button>
        </div>
      )}
      <CollectionsPanel />
      <AddSharedVoiceDialog voice={adding} onClose={() => setAdding(null)} />
    </div>
  )
}
