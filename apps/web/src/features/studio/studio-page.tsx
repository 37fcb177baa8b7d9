import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { FileField } from '../../components/file-field'
import { PageSpinner } from '../../components/spinner'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDate } from '../../lib/format-date'
import { pathTo, routes } from '../../routes'
import { useCreateStudioProject, useStudioProjects } from './studio-queries'

/** Studio: the workspace's long-form projects, and a new one, blank or from a document. */
export function StudioPage() {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const projects = useStudioProjects()
  const create = useCreateStudioProject()
  const [name, setName] = useState('')
  const [document, setDocument] = useState<File | null>(null)
  const [nameError, setNameError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) {
      setNameError(t('studio.nameRequired'))
      return
    }
    setNameError(null)
    create.mutate(
      { name: name.trim(), document },
      { onSuccess: (project) => navigate(pathTo('studioProject', { id: project.project_id })) },
    )
  }

  return (
    <div className="space-y-6">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('studio.title')}</h1>
        <p className="mt-1 text-sm text-neutral-600">{t('studio.subtitle')}</p>
        <Link
          to={routes.studioPodcast}
          className="mt-3 inline-block text-sm font-medium text-accent-700 underline"
        >
          {t('podcast.createLink')}
        </Link>
      </div>

      <form
        onSubmit={submit}
        noValidate
        className="max-w-2xl space-y-4 rounded-2xl border border-neutral-200 p-5"
      >
        <h2 className="text-base font-semibold text-neutral-900">{t('studio.newProject')}</h2>
        <TextField
          label={t('studio.name')}
          value={name}
          maxLength={49}
          error={nameError}
          onChange={(e) => setName(e.target.value)}
        />
        <FileField
          label={t('studio.document')}
          hint={t('studio.documentHint')}
          accept=".epub,.docx,.html,.htm,.txt,application/epub+zip,text/html,text/plain"
          onFile={setDocument}
        />
        {create.isError && <Alert tone="error">{errorText(create.error)}</Alert>}
        <Button type="submit" loading={create.isPending}>
          {document ? t('studio.createFromDocument') : t('studio.createBlank')}
        </Button>
      </form>

      {projects.isPending && <PageSpinner label={t('common.loading')} />}
      {projects.isError && <Alert tone="error">{errorText(projects.error)}</Alert>}
      {projects.isSuccess && projects.data.length === 0 && (
        <p className="rounded-2xl border border-dashed border-neutral-300 p-10 text-center text-sm text-neutral-500">
          {t('studio.empty')}
        </p>
      )}
      {projects.isSuccess && projects.data.length > 0 && (
        <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
          {projects.data.map((project) => (
            <li key={project.project_id}>
              <Link
                to={pathTo('studioProject', { id: project.project_id })}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-accent-600"
              >
                <span className="font-medium text-neutral-900">{project.name}</span>
                <span className="text-sm text-neutral-500">
                  {[project.author, formatDate(project.create_date_unix, i18n.language)]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
