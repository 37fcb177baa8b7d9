import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { PageSpinner } from '../../components/spinner'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { routes } from '../../routes'
import { CastPanel } from './cast-panel'
import { ConversionPanel, isConverting, ProjectExports } from './conversion-panel'
import { CoverImagePanel } from './cover-image-panel'
import { ChapterDocumentEditor } from './editor/chapter-document-editor'
import { PublishingPanel } from './publishing-panel'
import { SnapshotsPanel } from './snapshots-panel'
import { useAddStudioChapter, useDeleteStudioProject, useStudioProject } from './studio-queries'

/** A Studio project: its chapters on the side, the chosen chapter's blocks in the editor. */
export function ProjectEditorPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const { id = '' } = useParams()
  const project = useStudioProject(id)
  const addChapter = useAddStudioChapter(id)
  const remove = useDeleteStudioProject()
  const [chosen, setChosen] = useState<string | null>(null)
  const [newChapter, setNewChapter] = useState('')
  const [confirmDelete, setConfirmDelete] = useState(false)

  if (project.isPending) return <PageSpinner label={t('common.loading')} />
  if (project.isError) {
    return (
      <div className="space-y-4">
        <Alert tone="error">{errorText(project.error)}</Alert>
        <Link to={routes.studio} className="text-sm font-medium text-accent-700 underline">
          {t('studio.backToProjects')}
        </Link>
      </div>
    )
  }
  const data = project.data
  const chapterId = chosen ?? data.chapters[0]?.chapter_id ?? null
  const chosenChapter = data.chapters.find((c) => c.chapter_id === chapterId)
  const submitChapter = (event: FormEvent) => {
    event.preventDefault()
    if (!newChapter.trim()) return
    addChapter.mutate(newChapter.trim(), {
      onSuccess: (made) => {
        setNewChapter('')
        setChosen(made.chapter.chapter_id)
      },
    })
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Link to={routes.studio} className="text-sm text-neutral-500 hover:text-neutral-800">
            {t('studio.title')}
          </Link>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{data.name}</h1>
          {(data.title || data.author) && (
            <p className="mt-1 text-sm text-neutral-600">
              {[data.title, data.author].filter(Boolean).join(' · ')}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ProjectExports
            projectId={data.project_id}
            ready={data.chapters.length > 0 && data.chapters.every((c) => c.conversion_state === 'converted')}
            running={data.chapters.some(isConverting)}
          />
          <Button variant="secondary" onClick={() => setConfirmDelete(true)}>
            {t('studio.deleteProject')}
          </Button>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-[18rem_1fr]">
        <div className="min-w-0 space-y-6">
          <nav aria-label={t('studio.chapters')} className="space-y-3">
            <h2 className="text-sm font-semibold text-neutral-700">{t('studio.chapters')}</h2>
            <ul className="space-y-1">
              {data.chapters.map((chapter) => (
                <li key={chapter.chapter_id}>
                  <button
                    type="button"
                    aria-current={chapter.chapter_id === chapterId ? 'page' : undefined}
                    onClick={() => setChosen(chapter.chapter_id)}
                    className="w-full truncate rounded-lg px-3 py-2 text-left text-sm text-neutral-800 hover:bg-neutral-100 aria-[current=page]:bg-neutral-100 aria-[current=page]:font-semibold"
                  >
                    {chapter.name}
                  </button>
                </li>
              ))}
            </ul>
            <form onSubmit={submitChapter} className="space-y-2">
              <TextField
                label={t('studio.newChapter')}
                value={newChapter}
                maxLength={200}
                onChange={(e) => setNewChapter(e.target.value)}
              />
              <Button
                type="submit"
                variant="secondary"
                loading={addChapter.isPending}
                disabled={!newChapter.trim()}
              >
                {t('studio.addChapter')}
              </Button>
              {addChapter.isError && <Alert tone="error">{errorText(addChapter.error)}</Alert>}
            </form>
          </nav>
          <CastPanel projectId={data.project_id} />
          <CoverImagePanel projectId={data.project_id} coverUrl={data.cover_image_url ?? null} />
          <PublishingPanel
            projectId={data.project_id}
            ready={data.chapters.length > 0 && data.chapters.every((c) => c.conversion_state === 'converted')}
          />
        </div>
        <section className="space-y-4">
          {chosenChapter && <ConversionPanel projectId={data.project_id} chapter={chosenChapter} />}
          {chosenChapter && (
            <SnapshotsPanel
              projectId={data.project_id}
              chapterId={chosenChapter.chapter_id}
              refreshKey={`${chosenChapter.last_conversion_date_unix ?? 0}:${data.last_conversion_date_unix ?? 0}`}
            />
          )}
          {chapterId ? (
            <ChapterDocumentEditor
              projectId={data.project_id}
              chapterId={chapterId}
              defaultVoiceId={data.default_paragraph_voice_id}
              modelId={data.default_model_id}
            />
          ) : (
            <p className="text-sm text-neutral-500">{t('studio.noChapters')}</p>
          )}
        </section>
      </div>

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('studio.deleteProject')}
        description={t('studio.deleteConfirm', { name: data.name })}
        confirmLabel={t('common.delete')}
        tone="danger"
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
        onConfirm={() => remove.mutate(data.project_id, { onSuccess: () => navigate(routes.studio) })}
      />
    </div>
  )
}
