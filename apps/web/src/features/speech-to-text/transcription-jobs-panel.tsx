import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../components/icon'
import { ProgressBar } from '../../components/progress-bar'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import type { TranscriptionJob } from './speech-to-text-api'
import { useDismissTranscriptionJob, useTranscriptionJobs } from './transcript-queries'

const isOpen = (job: TranscriptionJob) => job.status === 'queued' || job.status === 'running'

/**
 * The files being transcribed in the background, each with its progress bar, and those that
 * failed with the reason. A file that leaves the list finished: the transcripts are reloaded and
 * `onFinished` is told (the page opens the one it is waiting for).
 */
export function TranscriptionJobsPanel({ onFinished }: { onFinished: (job: TranscriptionJob) => void }) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const headingId = useId()
  const queryClient = useQueryClient()
  const jobs = useTranscriptionJobs()
  const dismiss = useDismissTranscriptionJob()
  const running = useRef(new Map<string, TranscriptionJob>())
  const finished = useRef(onFinished)
  finished.current = onFinished

  useEffect(() => {
    if (!jobs.data) return
    const now = new Map(jobs.data.filter(isOpen).map((job) => [job.transcription_id, job]))
    for (const [id, job] of running.current)
      if (!now.has(id) && !jobs.data.some((j) => j.transcription_id === id)) {
        void queryClient.invalidateQueries({ queryKey: ['transcripts'] })
        void queryClient.invalidateQueries({ queryKey: ['subscription'] })
        finished.current(job)
      }
    running.current = now
  }, [jobs.data, queryClient])

  const items = jobs.data ?? []
  if (items.length === 0) return null
  return (
    <section className="mt-6" aria-labelledby={headingId} data-testid="transcription-jobs">
      <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
        {t('speechToText.jobs.title')}
      </h2>
      <ul className="mt-3 divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white">
        {items.map((job) => (
          <li key={job.transcription_id} className="px-4 py-3">
            <div className="flex items-center gap-3 text-sm">
              <p className="min-w-0 flex-1 truncate font-medium text-neutral-900">{job.file_name}</p>
              {isOpen(job) ? (
                <span className="text-xs text-neutral-600 tabular-nums">
                  {job.status === 'queued'
                    ? t('speechToText.jobs.queued')
                    : t('speechToText.jobs.percent', { percent: job.progress })}
                </span>
              ) : (
                <button
                  type="button"
                  onClick={() =>
                    dismiss.mutate(job.transcription_id, {
                      onError: (error) => toast({ title: errorText(error), tone: 'error' }),
                    })
                  }
                  aria-label={t('speechToText.jobs.dismiss', { name: job.file_name })}
                  className="grid size-8 shrink-0 place-items-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent-600"
                >
                  <Icon name="x" className="size-4" />
                </button>
              )}
            </div>
            {isOpen(job) ? (
              <ProgressBar
                percent={job.progress}
                label={t('speechToText.jobs.progress', { name: job.file_name })}
              />
            ) : (
              <p className="mt-1 text-xs text-red-700" role="status">
                {job.error?.message ?? t('speechToText.jobs.failed')}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
