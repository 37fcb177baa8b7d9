import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useErrorText } from '../../i18n/use-error-text'
import { binary, client, JSON_HEADERS, settle } from '../../lib/api'
import { formatDateTime } from '../../lib/format-date'
import { playAudioBlob } from '../player/player-store'
import { listStudioChapterSnapshots, studioChapterSnapshotAudio } from './studio-api'

// Snapshots of the chapter and of the whole project (one per finished conversion): listed
// newest first, played in the app's player, and restored (the text and audio they had).

interface Snapshot {
  id: string
  name: string
  createdAtUnix: number
  /** null: a project snapshot. */
  chapterId: string | null
}

const enc = encodeURIComponent
const snapshotUrl = (projectId: string, snapshot: Snapshot) =>
  snapshot.chapterId === null
    ? `/v1/studio/projects/${enc(projectId)}/snapshots/${enc(snapshot.id)}`
    : `/v1/studio/projects/${enc(projectId)}/chapters/${enc(snapshot.chapterId)}/snapshots/${enc(snapshot.id)}`

async function snapshotAudio(projectId: string, snapshot: Snapshot): Promise<Blob> {
  if (snapshot.chapterId !== null)
    return studioChapterSnapshotAudio(projectId, snapshot.chapterId, snapshot.id)
  const response = await binary(`${snapshotUrl(projectId, snapshot)}/stream`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: '{}',
  })
  return response.blob()
}

const restoreSnapshot = async (projectId: string, snapshot: Snapshot) =>
  (await binary(`${snapshotUrl(projectId, snapshot)}/restore`, { method: 'POST' })).json()

export function SnapshotsPanel({
  projectId,
  chapterId,
  refreshKey,
}: {
  projectId: string
  chapterId: string
  /** Changes when a conversion ends (a new snapshot). */
  refreshKey: string
}) {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [confirm, setConfirm] = useState<Snapshot | null>(null)
  const chapterSnapshots = useQuery({
    queryKey: ['studio', 'snapshots', projectId, chapterId, refreshKey],
    queryFn: async (): Promise<Snapshot[]> =>
      (await listStudioChapterSnapshots(projectId, chapterId)).snapshots.map((s) => ({
        id: s.chapter_snapshot_id,
        name: s.name,
        createdAtUnix: s.created_at_unix,
        chapterId,
      })),
  })
  const projectSnapshots = useQuery({
    queryKey: ['studio', 'project-snapshots', projectId, refreshKey],
    queryFn: async (): Promise<Snapshot[]> =>
      (
        await settle(
          client.GET('/v1/studio/projects/{project_id}/snapshots', {
            params: { path: { project_id: projectId } },
          }),
        )
      ).snapshots.map((s) => ({
        id: s.project_snapshot_id,
        name: s.name,
        createdAtUnix: s.created_at_unix,
        chapterId: null,
      })),
  })
  const play = useMutation({
    mutationFn: async (snapshot: Snapshot) => {
      const blob = await snapshotAudio(projectId, snapshot)
      playAudioBlob(blob, {
        type: 'studioChapter',
        title: `${snapshot.name} · ${formatDateTime(snapshot.createdAtUnix, i18n.language)}`,
        outputFormat: DEFAULT_OUTPUT_FORMAT,
        dateUnix: snapshot.createdAtUnix,
      })
    },
  })
  const restore = useMutation({
    mutationFn: (snapshot: Snapshot) => restoreSnapshot(projectId, snapshot),
    onSuccess: async () => {
      setConfirm(null)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['studio', 'chapter', projectId] }),
        queryClient.invalidateQueries({ queryKey: ['studio', 'project', projectId] }),
        queryClient.invalidateQueries({ queryKey: ['studio', 'timeline', projectId] }),
        queryClient.invalidateQueries({ queryKey: ['studio', 'takes', projectId] }),
      ])
    },
  })

  const list = (label: string, items: Snapshot[] | undefined) => (
    <div className="space-y-1">
      <h3 className="text-sm font-medium text-neutral-700">{label}</h3>
      {items && items.length === 0 && (
        <p className="text-xs text-neutral-600">{t('studio.snapshots.none')}</p>
      )}
      <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 empty:hidden">
        {items?.map((snapshot) => (
          <li
            key={snapshot.id}
            data-testid="snapshot"
            className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm"
          >
            <span className="font-medium">{snapshot.name}</span>
            <span className="text-xs text-neutral-600">
              {formatDateTime(snapshot.createdAtUnix, i18n.language)}
            </span>
            <span className="ms-auto flex gap-2">
              <Button
                variant="ghost"
                loading={play.isPending && play.variables?.id === snapshot.id}
                onClick={() => play.mutate(snapshot)}
              >
                {t('studio.snapshots.play')}
              </Button>
              <Button variant="secondary" onClick={() => setConfirm(snapshot)}>
                {t('studio.snapshots.restore')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  )

  return (
    <section
      aria-label={t('studio.snapshots.title')}
      className="space-y-3 rounded-2xl border border-neutral-200 p-4"
    >
      <h2 className="font-medium text-neutral-900">{t('studio.snapshots.title')}</h2>
      {list(t('studio.snapshots.chapter'), chapterSnapshots.data)}
      {list(t('studio.snapshots.project'), projectSnapshots.data)}
      {restore.isSuccess && <Alert tone="success">{t('studio.snapshots.restored')}</Alert>}
      {play.isError && <Alert tone="error">{errorText(play.error)}</Alert>}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('studio.snapshots.restoreTitle')}
        description={
          confirm
            ? t(
                confirm.chapterId === null
                  ? 'studio.snapshots.restoreProjectBody'
                  : 'studio.snapshots.restoreBody',
                {
                  date: formatDateTime(confirm.createdAtUnix, i18n.language),
                },
              )
            : ''
        }
        confirmLabel={t('studio.snapshots.restore')}
        busy={restore.isPending}
        error={restore.isError ? errorText(restore.error) : null}
        onConfirm={() => confirm && restore.mutate(confirm)}
      />
    </section>
  )
}
