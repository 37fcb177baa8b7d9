import { useQueryClient } from '@tanstack/react-query'
import {
  AUDIO_ISOLATION_CREDITS_PER_MINUTE,
  AUDIO_ISOLATION_MAX_BYTES,
  AUDIO_ISOLATION_MAX_SECONDS,
  AUDIO_ISOLATION_OUTPUT_FORMAT,
  audioIsolationCredits,
} from '@timbre/contract'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { FileDrop } from '../../components/file-drop'
import { Icon } from '../../components/icon'
import { useToast } from '../../components/toaster'
import { useFileDuration } from '../../components/use-file-duration'
import { useErrorText } from '../../i18n/use-error-text'
import type { IsolationItem } from '../../lib/api-types'
import { formatCount } from '../../lib/format-count'
import { formatDateTime } from '../../lib/format-date'
import { player } from '../player/player-store'
import { Waveform } from '../player/waveform'
import { isolationJob, startIsolationJob } from '../voice-library/library-api'
import { isolationAudio } from './audio-isolation-api'
import { useDeleteIsolation, useIsolations } from './isolation-queries'

const MB = 1024 * 1024

function playIsolated(title: string, blob: Blob, label: string) {
  player.load({
    type: 'voiceIsolation',
    historyItemId: null,
    title,
    text: title,
    voiceId: null,
    voiceName: label,
    voiceDescription: null,
    voiceCategory: null,
    modelId: null,
    settings: null,
    dateUnix: Math.floor(Date.now() / 1000),
    autoStart: true,
    outputFormat: AUDIO_ISOLATION_OUTPUT_FORMAT,
    src: URL.createObjectURL(blob),
    blob,
    ownsSrc: true,
  })
}

/** Voice isolator: upload a recording, hear the voice without the noise; earlier results below. */
export function VoiceIsolatorPage() {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const fileId = useId()
  const [file, setFile] = useState<File | null>(null)
  const [pending, setPending] = useState(false)
  const [progress, setProgress] = useState(0)
  const abortRef = useRef<AbortController | null>(null)
  const seconds = useFileDuration(file)
  const history = useIsolations()
  const remove = useDeleteIsolation()
  const n = (value: number) => formatCount(value, i18n.language)
  const tooBig =
    !!file && (file.size > AUDIO_ISOLATION_MAX_BYTES || (seconds ?? 0) > AUDIO_ISOLATION_MAX_SECONDS)

  const isolate = async () => {
    if (!file || tooBig) return
    abortRef.current?.abort()
    const abort = new AbortController()
    abortRef.current = abort
    setPending(true)
    setProgress(0)
    try {
      // The isolation runs as a job on the server; its percent is read until it ends.
      let job = await startIsolationJob(file)
      while (job.status === 'queued' || job.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 400))
        if (abort.signal.aborted) return
        job = await isolationJob(job.job_id)
        setProgress(job.progress)
      }
      if (job.status === 'failed' || !job.history_item_id) {
        toast({ title: job.error?.message ?? t('errors.generic'), tone: 'error' })
        return
      }
      const response = await isolationAudio(job.history_item_id)
      const blob = await response.blob()
      playIsolated(file.name, blob, t('voiceIsolator.playerLabel'))
      void queryClient.invalidateQueries({ queryKey: ['isolations'] })
      void queryClient.invalidateQueries({ queryKey: ['subscription'] })
    } catch (error) {
      if (!abort.signal.aborted) toast({ title: errorText(error), tone: 'error' })
    } finally {
      if (abortRef.current === abort) setPending(false)
    }
  }

  const play = async (item: IsolationItem) => {
    try {
      const response = await isolationAudio(item.id)
      playIsolated(item.title, await response.blob(), t('voiceIsolator.playerLabel'))
    } catch (error) {
      toast({ title: errorText(error), tone: 'error' })
    }
  }

  const del = (item: IsolationItem) =>
    remove.mutate(item.id, {
      onSuccess: () => toast({ title: t('voiceIsolator.deleted', { title: item.title }) }),
      onError: (error) => toast({ title: errorText(error), tone: 'error' }),
    })

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('voiceIsolator.title')}</h1>
      <p className="mt-1 text-sm text-neutral-600">{t('voiceIsolator.subtitle')}</p>

      <section className="mt-6 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5">
        <FileDrop
          icon="volume"
          prompt={t('voiceIsolator.choose')}
          fileName={file?.name ?? null}
          hint={t('voiceIsolator.limits', {
            mb: n(AUDIO_ISOLATION_MAX_BYTES / MB),
            minutes: n(AUDIO_ISOLATION_MAX_SECONDS / 60),
            credits: n(AUDIO_ISOLATION_CREDITS_PER_MINUTE),
          })}
          accept="audio/*,video/webm,video/mp4"
          onFile={setFile}
        />
        {file && (
          <div className="mt-4" data-testid="chosen-audio">
            <Waveform source={file} progress={0} onSeek={() => undefined} />
          </div>
        )}
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="text-xs text-neutral-600 tabular-nums" aria-live="polite">
            {file && seconds !== null && t('voiceIsolator.cost', { cost: n(audioIsolationCredits(seconds)) })}
          </p>
          <div className="ml-auto flex items-center gap-2">
            {pending && (
              <Button variant="ghost" onClick={() => abortRef.current?.abort()}>
                {t('tts.stop')}
              </Button>
            )}
            <Button onClick={() => void isolate()} disabled={!file || tooBig} loading={pending}>
              {t('voiceIsolator.isolate')}
            </Button>
          </div>
        </div>
        {pending && (
          <div className="mt-4">
            <div className="flex justify-between text-xs text-neutral-600 tabular-nums">
              <span>{t('voiceIsolator.progress')}</span>
              <span>{t('voiceIsolator.percent', { percent: progress })}</span>
            </div>
            <div
              role="progressbar"
              aria-label={t('voiceIsolator.progress')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="mt-1 h-2 overflow-hidden rounded-full bg-neutral-200"
            >
              <div
                className="h-full rounded-full bg-accent-600 transition-[width]"
                style={{ width: `${progress}%` }}
              />
            </div>
          </div>
        )}
        {tooBig && (
          <Alert tone="warning" className="mt-4">
            {t('voiceIsolator.tooBig', {
              mb: n(AUDIO_ISOLATION_MAX_BYTES / MB),
              minutes: n(AUDIO_ISOLATION_MAX_SECONDS / 60),
            })}
          </Alert>
        )}
      </section>

      <section className="mt-8" aria-labelledby={`${fileId}-history`}>
        <h2 id={`${fileId}-history`} className="text-lg font-semibold text-neutral-900">
          {t('voiceIsolator.history')}
        </h2>
        {history.isError && (
          <Alert tone="error" className="mt-3">
            {t('errors.generic')}
          </Alert>
        )}
        {history.data && history.data.items.length === 0 && (
          <p className="mt-3 text-sm text-neutral-600">{t('voiceIsolator.empty')}</p>
        )}
        <ul className="mt-3 divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white">
          {history.data?.items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 px-4 py-3">
              <button
                type="button"
                onClick={() => void play(item)}
                aria-label={t('voiceIsolator.play', { title: item.title })}
                className="grid size-9 shrink-0 place-items-center rounded-full bg-neutral-900 text-white hover:bg-neutral-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
              >
                <Icon name="play" className="size-4" />
              </button>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-neutral-900">{item.title}</p>
                <p className="text-xs text-neutral-500 tabular-nums">
                  {t('voiceIsolator.itemMeta', {
                    seconds: Math.round(item.duration_seconds),
                    date: formatDateTime(item.created_at_unix, i18n.language),
                  })}
                </p>
              </div>
              <button
                type="button"
                onClick={() => del(item)}
                aria-label={t('voiceIsolator.delete', { title: item.title })}
                className="grid size-9 shrink-0 place-items-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-accent-600"
              >
                <Icon name="trash" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
