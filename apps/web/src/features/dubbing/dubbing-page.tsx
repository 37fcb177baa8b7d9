import { useQueryClient } from '@tanstack/react-query'
import {
  DUBBING_CREDITS_PER_MINUTE,
  DUBBING_LANGUAGES,
  DUBBING_MAX_BYTES,
  DUBBING_MAX_SECONDS,
  DUBBING_MAX_SPEAKERS,
  dubbingCredits,
} from '@timbre/contract'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { CheckboxField } from '../../components/checkbox-field'
import { FileDrop } from '../../components/file-drop'
import { NumberField } from '../../components/number-field'
import { ProgressBar } from '../../components/progress-bar'
import { LabelledSelect } from '../../components/select'
import { TextField } from '../../components/text-field'
import { useToast } from '../../components/toaster'
import { useFileDuration } from '../../components/use-file-duration'
import { useErrorText } from '../../i18n/use-error-text'
import { formatCount } from '../../lib/format-count'
import { formatDateTime } from '../../lib/format-date'
import { formatSize } from '../../lib/format-size'
import { pathTo } from '../../routes'
import { createDub } from './dubbing-api'
import { useDubs } from './dubbing-queries'

const TARGETS = Object.entries(DUBBING_LANGUAGES).filter(([code]) => code !== 'en')

/** Dubbing: a new dub from one file (its progress shown in the list below), and the workspace's dubs. */
export function DubbingPage() {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [name, setName] = useState('')
  const [target, setTarget] = useState('es')
  const [speakers, setSpeakers] = useState('')
  const [watermark, setWatermark] = useState(true)
  const [dropBackground, setDropBackground] = useState(false)
  const [noCloning, setNoCloning] = useState(false)
  const [pending, setPending] = useState(false)
  const seconds = useFileDuration(file)
  const n = (value: number) => formatCount(value, i18n.language)
  const count = speakers.trim() === '' ? null : Number(speakers)
  const badSpeakers =
    count !== null && (!Number.isInteger(count) || count < 1 || count > DUBBING_MAX_SPEAKERS)
  const tooBig = !!file && (file.size > DUBBING_MAX_BYTES || (seconds ?? 0) > DUBBING_MAX_SECONDS)

  const start = async () => {
    if (!file || tooBig || badSpeakers) return
    setPending(true)
    try {
      await createDub({
        file,
        name,
        targetLang: target,
        numSpeakers: count,
        watermark,
        dropBackground,
        disableVoiceCloning: noCloning,
      })
      setFile(null)
      setName('')
      void queryClient.invalidateQueries({ queryKey: ['dubs'] })
      toast({ title: t('dubbing.started') })
    } catch (error) {
      toast({ title: errorText(error), tone: 'error' })
    } finally {
      setPending(false)
    }
  }

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('dubbing.title')}</h1>
      <p className="mt-1 text-sm text-neutral-600">{t('dubbing.subtitle')}</p>
      <section className="mt-6 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5">
        <h2 className="mb-3 text-base font-semibold text-neutral-900">{t('dubbing.new')}</h2>
        <FileDrop
          icon="volume"
          prompt={t('dubbing.choose')}
          fileName={file?.name ?? null}
          hint={t('dubbing.limits', {
            size: formatSize(DUBBING_MAX_BYTES, i18n.language),
            minutes: n(DUBBING_MAX_SECONDS / 60),
            credits: n(DUBBING_CREDITS_PER_MINUTE.watermarked),
          })}
          accept="audio/*,video/mp4,video/webm,video/quicktime"
          onFile={setFile}
          testId="dub-file"
        />
        <p className="mt-3 text-xs text-neutral-500">{t('dubbing.englishSource')}</p>
        <div className="mt-4 grid gap-3 sm:grid-cols-3">
          <TextField
            label={t('dubbing.name')}
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.target.value)}
          />
          <LabelledSelect
            label={t('dubbing.target')}
            value={target}
            onChange={setTarget}
            options={TARGETS.map(([code, label]) => ({ value: code, label }))}
            data-testid="dub-target"
          />
          <NumberField
            label={t('dubbing.speakers')}
            placeholder={t('dubbing.speakersAny')}
            min={1}
            max={DUBBING_MAX_SPEAKERS}
            value={speakers}
            onChange={(e) => setSpeakers(e.target.value)}
          />
        </div>
        <div className="mt-4 grid gap-2 sm:grid-cols-3">
          <CheckboxField checked={watermark} onChange={setWatermark}>
            {t('dubbing.watermark')}
          </CheckboxField>
          <CheckboxField checked={dropBackground} onChange={setDropBackground}>
            {t('dubbing.dropBackground')}
          </CheckboxField>
          <CheckboxField checked={noCloning} onChange={setNoCloning}>
            {t('dubbing.noCloning')}
          </CheckboxField>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="text-xs text-neutral-600 tabular-nums" aria-live="polite">
            {file &&
              seconds !== null &&
              t('dubbing.cost', { cost: n(dubbingCredits(seconds, { watermark, studio: false })) })}
          </p>
          <Button
            className="ml-auto"
            onClick={() => void start()}
            disabled={!file || tooBig || badSpeakers}
            loading={pending}
            data-testid="dub-start"
          >
            {t('dubbing.start')}
          </Button>
        </div>
        {badSpeakers && (
          <Alert tone="warning" className="mt-4">
            {t('dubbing.badSpeakers', { max: DUBBING_MAX_SPEAKERS })}
          </Alert>
        )}
        {tooBig && (
          <Alert tone="warning" className="mt-4">
            {t('dubbing.tooBig', {
              size: formatSize(DUBBING_MAX_BYTES, i18n.language),
              minutes: n(DUBBING_MAX_SECONDS / 60),
            })}
          </Alert>
        )}
      </section>
      <DubList />
    </div>
  )
}

function DubList() {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const headingId = useId()
  const list = useDubs()
  const items = list.data?.pages.flatMap((page) => page.dubs) ?? []
  return (
    <section className="mt-8" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
        {t('dubbing.list')}
      </h2>
      {list.isError && (
        <Alert tone="error" className="mt-3">
          {errorText(list.error)}
        </Alert>
      )}
      {list.data && items.length === 0 && (
        <p className="mt-3 text-sm text-neutral-600">{t('dubbing.empty')}</p>
      )}
      {items.length > 0 && (
        <ul
          className="mt-3 divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white"
          data-testid="dub-list"
        >
          {items.map((item) => {
            const extra = item as typeof item & { progress?: number; progress_message?: string | null }
            return (
              <li key={item.dubbing_id} className="px-4 py-3">
                <Link
                  to={pathTo('dubsDub', { id: item.dubbing_id })}
                  className="block rounded focus-visible:outline-2 focus-visible:outline-accent-600"
                >
                  <p className="truncate text-sm font-medium text-neutral-900">{item.name}</p>
                  <p className="text-xs text-neutral-500 tabular-nums">
                    {t('dubbing.itemMeta', {
                      languages: item.target_languages.map((l) => DUBBING_LANGUAGES[l] ?? l).join(', '),
                      seconds: Math.round(item.media_metadata.duration),
                      date: formatDateTime(Date.parse(item.created_at) / 1000, i18n.language),
                    })}
                  </p>
                </Link>
                <DubProgress
                  status={item.status}
                  progress={extra.progress ?? 0}
                  message={extra.progress_message ?? null}
                  error={item.error}
                />
              </li>
            )
          })}
        </ul>
      )}
      {list.hasNextPage && (
        <div className="mt-3 flex justify-center">
          <Button
            variant="secondary"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('dubbing.more')}
          </Button>
        </div>
      )}
    </section>
  )
}

/** A dub's state: a progress bar with the step while it runs, the result once it is done. */
export function DubProgress(props: {
  status: string
  progress: number
  message: string | null
  error?: string | undefined
}) {
  const { t } = useTranslation()
  if (props.status === 'dubbed') return <p className="mt-1 text-xs text-green-700">{t('dubbing.dubbed')}</p>
  if (props.status === 'failed')
    return <p className="mt-1 text-xs text-red-700">{t('dubbing.failed', { error: props.error ?? '' })}</p>
  return (
    <div className="mt-2" data-testid="dub-progress">
      <ProgressBar percent={props.progress} label={t('dubbing.progress')} className="" />
      <p className="mt-1 text-xs text-neutral-600 tabular-nums">
        {props.progress}% · {props.message ?? t('dubbing.queued')}
      </p>
    </div>
  )
}
