import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button, buttonClass } from '../../components/button'
import { useErrorText } from '../../i18n/use-error-text'
import { ApiError } from '../../lib/api-error'
import type { StudioExport, StudioExportFormat } from '../../lib/api-types'
import { getStudioExport, startStudioExport, studioExportDownloadUrl } from './studio-api'

/** How often a running export is looked at. */
const POLL_MS = 500
const RUNNING = new Set(['queued', 'running'])

/**
 * Exports of a project (no chapter) or one chapter as jobs: a button per format starts one, a
 * progress bar shows its percent while it runs, then a link downloads the file.
 */
export function ExportPanel({
  projectId,
  chapterId,
  formats,
  label,
}: {
  projectId: string
  chapterId?: string
  formats: readonly StudioExportFormat[]
  /** The button text for a format (the chapter's or the book's wording). */
  label: (format: string) => string
}) {
  const errorText = useErrorText()
  // The newest export is remembered in this browser, so its download is still offered after a
  // reload, until the server no longer has it.
  const memory = `timbre.studio.export:${projectId}:${chapterId ?? 'book'}`
  const [exportId, setExportId] = useState<string | null>(() => readMemory(memory))
  const start = useMutation({
    mutationFn: (format: StudioExportFormat) => startStudioExport(projectId, format, chapterId),
    onSuccess: (started) => {
      writeMemory(memory, started.export_id)
      setExportId(started.export_id)
    },
  })
  const job = useQuery({
    queryKey: ['studio', 'export', projectId, exportId],
    queryFn: async () => {
      try {
        return await getStudioExport(projectId, exportId ?? '')
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) writeMemory(memory, null)
        throw error
      }
    },
    enabled: exportId !== null,
    retry: false,
    refetchInterval: (query) => (RUNNING.has(query.state.data?.status ?? 'queued') ? POLL_MS : false),
  })
  const current = job.data
  const running = start.isPending || (current !== undefined && RUNNING.has(current.status))

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {formats.map((format) => (
          <Button
            key={format}
            variant="secondary"
            onClick={() => start.mutate(format)}
            loading={start.isPending && start.variables === format}
            disabled={running}
          >
            {label(format.toUpperCase())}
          </Button>
        ))}
      </div>
      {start.isError && <Alert tone="error">{errorText(start.error)}</Alert>}
      {current && <ExportState projectId={projectId} job={current} />}
    </div>
  )
}

function readMemory(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

function writeMemory(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key)
    else window.localStorage.setItem(key, value)
  } catch {
    // A browser that keeps nothing only forgets the download on reload.
  }
}

function ExportState({ projectId, job }: { projectId: string; job: StudioExport }) {
  const { t } = useTranslation()
  if (job.status === 'failed') return <Alert tone="error">{job.error?.message}</Alert>
  if (job.status === 'done')
    return (
      <a
        href={studioExportDownloadUrl(projectId, job.export_id)}
        download={job.file_name ?? true}
        className={buttonClass('primary')}
      >
        {t('studio.conversion.download', { name: job.file_name ?? job.format.toUpperCase() })}
      </a>
    )
  return (
    <div>
      <div className="flex justify-between text-xs text-neutral-600 tabular-nums">
        <span>{t('studio.conversion.exporting', { format: job.format.toUpperCase() })}</span>
        <span>{t('studio.conversion.percent', { percent: job.progress })}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('studio.conversion.exportProgress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={job.progress}
        className="mt-1 h-2 overflow-hidden rounded-full bg-neutral-200"
      >
        <div
          className="h-full rounded-full bg-accent-600 transition-[width]"
          style={{ width: `${job.progress}%` }}
        />
      </div>
    </div>
  )
}
