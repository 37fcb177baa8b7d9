import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { useErrorText } from '../../i18n/use-error-text'
import type { StudioProjectDetail } from '../../lib/api-types'
import { playAudioBlob } from '../player/player-store'
import { chapterAudio } from './editor/takes-api'
import { ExportPanel } from './export-panel'
import { convertStudioChapter, convertStudioProject, listStudioChapterSnapshots } from './studio-api'

type ChapterSummary = StudioProjectDetail['chapters'][number]

const RUNNING = new Set(['queued', 'converting'])
export const isConverting = (chapter: ChapterSummary) => RUNNING.has(chapter.conversion_state)

/**
 * A chapter's conversion: its state and a progress bar while the job runs (the project query
 * polls meanwhile), the Convert button, a player for the newest snapshot and the exports.
 */
export function ConversionPanel({ projectId, chapter }: { projectId: string; chapter: ChapterSummary }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const running = isConverting(chapter)
  const convert = useMutation({
    mutationFn: () => convertStudioChapter(projectId, chapter.chapter_id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['studio', 'project', projectId] }),
  })
  const snapshots = useQuery({
    queryKey: ['studio', 'snapshots', projectId, chapter.chapter_id, chapter.last_conversion_date_unix],
    queryFn: () => listStudioChapterSnapshots(projectId, chapter.chapter_id),
    enabled: chapter.last_conversion_date_unix !== null,
  })
  // When a conversion ends, the chapter's blocks (generated, locked) are read again.
  const wasRunning = useRef(running)
  useEffect(() => {
    if (wasRunning.current && !running)
      queryClient.invalidateQueries({ queryKey: ['studio', 'chapter', projectId, chapter.chapter_id] })
    wasRunning.current = running
  }, [running, projectId, chapter.chapter_id, queryClient])
  const progress = Math.round(chapter.conversion_progress ?? 0)
  const latest = snapshots.data?.snapshots[0]

  return (
    <section
      aria-label={t('studio.conversion.title')}
      className="space-y-3 rounded-2xl border border-neutral-200 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-neutral-700">
          <span className="font-medium">{t('studio.conversion.title')}: </span>
          <span data-testid="conversion-state">
            {t(`studio.conversion.states.${chapter.conversion_state}`)}
          </span>
        </p>
        <Button onClick={() => convert.mutate()} loading={convert.isPending} disabled={running}>
          {t('studio.conversion.convert')}
        </Button>
      </div>
      {(running || chapter.conversion_state === 'converted') && (
        <div>
          <div className="flex justify-between text-xs text-neutral-600 tabular-nums">
            <span>{t('studio.conversion.progress')}</span>
            <span>{t('studio.conversion.percent', { percent: running ? progress : 100 })}</span>
          </div>
          <div
            role="progressbar"
            aria-label={t('studio.conversion.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={running ? progress : 100}
            className="mt-1 h-2 overflow-hidden rounded-full bg-neutral-200"
          >
            <div
              className="h-full rounded-full bg-accent-600 transition-[width]"
              style={{ width: `${running ? progress : 100}%` }}
            />
          </div>
        </div>
      )}
      {chapter.conversion_state === 'failed' && chapter.last_conversion_error && (
        <Alert tone="error">{chapter.last_conversion_error}</Alert>
      )}
      {convert.isError && <Alert tone="error">{errorText(convert.error)}</Alert>}
      {latest && !running && chapter.conversion_state === 'converted' && (
        <PlayChapter projectId={projectId} chapterId={chapter.chapter_id} title={chapter.name} />
      )}
      {!running && chapter.conversion_state !== 'converted' && (
        <p className="text-sm text-neutral-600" data-testid="export-why-not">
          {t(
            chapter.statistics.paragraphs_unconverted + chapter.statistics.paragraphs_converted === 0
              ? 'studio.conversion.cannotExportEmpty'
              : 'studio.conversion.cannotExportUnconverted',
          )}
        </p>
      )}
      {chapter.conversion_state === 'converted' && !running && (
        <ExportPanel
          key={chapter.chapter_id}
          projectId={projectId}
          chapterId={chapter.chapter_id}
          formats={['mp3', 'wav']}
          label={(format) => t('studio.conversion.exportChapter', { format })}
        />
      )}
    </section>
  )
}

/** Plays the chapter's audio as it is now in the app's player (not the browser's own control). */
function PlayChapter({
  projectId,
  chapterId,
  title,
}: {
  projectId: string
  chapterId: string
  title: string
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const play = useMutation({
    mutationFn: async () => {
      const blob = await chapterAudio(projectId, chapterId)
      playAudioBlob(blob, {
        type: 'studioChapter',
        title,
        outputFormat: DEFAULT_OUTPUT_FORMAT,
      })
    },
  })
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" loading={play.isPending} onClick={() => play.mutate()}>
        {t('studio.conversion.playChapter')}
      </Button>
      {play.isError && <Alert tone="error">{errorText(play.error)}</Alert>}
    </div>
  )
}

/** The whole project: convert every chapter, and its export jobs (MP3, WAV, M4B with chapter marks). */
export function ProjectExports({
  projectId,
  ready,
  running,
}: {
  projectId: string
  ready: boolean
  running: boolean
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const convert = useMutation({
    mutationFn: () => convertStudioProject(projectId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['studio', 'project', projectId] }),
  })
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        onClick={() => convert.mutate()}
        loading={convert.isPending}
        disabled={running}
      >
        {t('studio.conversion.convertProject')}
      </Button>
      {convert.isError && <Alert tone="error">{errorText(convert.error)}</Alert>}
      {!ready && !running && (
        <p className="text-sm text-neutral-600">{t('studio.conversion.cannotExportBook')}</p>
      )}
      {ready && (
        <ExportPanel
          projectId={projectId}
          formats={['mp3', 'wav', 'm4b']}
          label={(format) => t('studio.conversion.exportProject', { format })}
        />
      )}
    </div>
  )
}
