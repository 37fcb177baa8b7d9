import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { CheckboxField } from '../../components/checkbox-field'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { FileField } from '../../components/file-field'
import { useErrorText } from '../../i18n/use-error-text'
import type { StudioPublishing } from '../../lib/api-types'
import { useWorkspaceAccess } from '../workspace/workspace-queries'
import {
  getStudioPublishing,
  publishStudioProject,
  removePublishingImage,
  unpublishStudioProject,
  uploadPublishingImage,
} from './studio-api'

const PUBLISH_POLL_MS = 700
const running = (p: StudioPublishing | undefined) => p?.state === 'publishing' || p?.state === 'updating'

const BADGE: Record<StudioPublishing['state'], string> = {
  draft: 'bg-neutral-100 text-neutral-700',
  publishing: 'bg-accent-50 text-accent-700',
  updating: 'bg-accent-50 text-accent-700',
  published: 'bg-emerald-50 text-emerald-800',
}

/** The publication's state as a reader sees it: badge, progress bar, link and the changes note. */
export function PublishingStatus({ publishing, origin }: { publishing: StudioPublishing; origin: string }) {
  const { t } = useTranslation()
  const progress = Math.round(publishing.progress ?? 0)
  const link = publishing.public_path ? `${origin}${publishing.public_path}` : null
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-2 text-sm text-neutral-700">
        <span className="font-medium">{t('studioPublishing.state')}:</span>
        <span
          data-testid="publishing-state"
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${BADGE[publishing.state]}`}
        >
          {t(`studioPublishing.states.${publishing.state}`)}
        </span>
      </p>
      {running(publishing) && (
        <div>
          <div className="flex justify-between text-xs text-neutral-600 tabular-nums">
            <span>{t('studioPublishing.progress')}</span>
            <span>{t('studioPublishing.percent', { percent: progress })}</span>
          </div>
          <div
            role="progressbar"
            aria-label={t('studioPublishing.progress')}
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
      {publishing.has_unpublished_changes && (
        <Alert tone="info">{t('studioPublishing.unpublishedChanges')}</Alert>
      )}
      {link && (
        <p className="text-sm text-neutral-700">
          <span className="font-medium">{t('studioPublishing.publicPage')}: </span>
          <a
            href={link}
            target="_blank"
            rel="noreferrer"
            data-testid="public-page-link"
            className="break-all font-medium text-accent-700 underline"
          >
            {link}
          </a>
        </p>
      )}
      <p className="text-xs text-neutral-500">
        {publishing.is_published && publishing.full_access
          ? t('studioPublishing.fullAccessOn')
          : t('studioPublishing.previewNote', { minutes: Math.round(publishing.preview_seconds / 60) })}
      </p>
      {publishing.last_error && <Alert tone="error">{publishing.last_error}</Alert>}
    </div>
  )
}

/**
 * Publishing to the public reader page: the state, Publish / Republish / Unpublish, a progress
 * bar while the job runs (read again meanwhile), the free-preview choice and the image.
 */
export function PublishingPanel({ projectId, ready }: { projectId: string; ready: boolean }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const key = ['studio', 'publishing', projectId]
  const publishing = useQuery({
    queryKey: key,
    queryFn: () => getStudioPublishing(projectId),
    refetchInterval: (query) => (running(query.state.data) ? PUBLISH_POLL_MS : false),
  })
  const [fullAccess, setFullAccess] = useState<boolean | null>(null)
  const [confirmUnpublish, setConfirmUnpublish] = useState(false)
  const [pickerKey, setPickerKey] = useState(0)
  const settle = (data: StudioPublishing) => queryClient.setQueryData(key, data)
  const publish = useMutation({
    mutationFn: () => publishStudioProject(projectId, fullAccess ?? publishing.data?.full_access ?? false),
    onSuccess: settle,
  })
  const unpublish = useMutation({
    mutationFn: () => unpublishStudioProject(projectId),
    onSuccess: (data) => {
      settle(data)
      setConfirmUnpublish(false)
    },
  })
  const image = useMutation({
    mutationFn: (file: File | null) =>
      file ? uploadPublishingImage(projectId, file) : removePublishingImage(projectId),
    onSuccess: settle,
    onSettled: () => setPickerKey((k) => k + 1),
  })

  const access = useWorkspaceAccess()
  // Publishing is its own feature of the workspace groups, beside Studio itself.
  const allowed = !access.data || access.data.permissions.includes('publish_studio_project')
  const data = publishing.data
  const busy = running(data)
  const failure = publish.error ?? image.error

  return (
    <section
      aria-label={t('studioPublishing.title')}
      className="space-y-3 rounded-2xl border border-neutral-200 p-4"
    >
      <h2 className="text-sm font-semibold text-neutral-700">{t('studioPublishing.title')}</h2>
      {publishing.isError && <Alert tone="error">{errorText(publishing.error)}</Alert>}
      {data && (
        <>
          <PublishingStatus publishing={data} origin={window.location.origin} />
          {!allowed && <Alert tone="info">{t('studioPublishing.notAllowed')}</Alert>}
        </>
      )}
      {data && allowed && (
        <>
          <CheckboxField checked={fullAccess ?? data.full_access} onChange={setFullAccess} disabled={busy}>
            {t('studioPublishing.fullAccess', { minutes: Math.round(data.preview_seconds / 60) })}
          </CheckboxField>
          <FileField
            key={pickerKey}
            label={t('studioPublishing.image')}
            hint={t('studioPublishing.imageHint')}
            accept="image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp"
            onFile={(file) => {
              if (file) image.mutate(file)
            }}
          />
          {data.has_image && (
            <Button variant="secondary" onClick={() => image.mutate(null)} loading={image.isPending}>
              {t('studioPublishing.removeImage')}
            </Button>
          )}
          {!ready && !data.is_published && (
            <p className="text-sm text-neutral-600">{t('studioPublishing.convertFirst')}</p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => publish.mutate()} loading={publish.isPending} disabled={busy}>
              {data.is_published ? t('studioPublishing.republish') : t('studioPublishing.publish')}
            </Button>
            {data.is_published && (
              <Button variant="secondary" onClick={() => setConfirmUnpublish(true)} disabled={busy}>
                {t('studioPublishing.unpublish')}
              </Button>
            )}
          </div>
          {failure && <Alert tone="error">{errorText(failure)}</Alert>}
        </>
      )}
      <ConfirmDialog
        open={confirmUnpublish}
        onOpenChange={setConfirmUnpublish}
        title={t('studioPublishing.unpublish')}
        description={t('studioPublishing.unpublishConfirm')}
        confirmLabel={t('studioPublishing.unpublish')}
        tone="danger"
        busy={unpublish.isPending}
        error={unpublish.isError ? errorText(unpublish.error) : null}
        onConfirm={() => unpublish.mutate()}
      />
    </section>
  )
}
