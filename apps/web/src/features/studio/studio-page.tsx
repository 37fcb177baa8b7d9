import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { FileField } from '../../components/file-field'
import { LinkRow, ListPage, rowListClass } from '../../components/list-page'
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
    <ListPage
      title={t('studio.title')}
      subtitle={t('studio.subtitle')}
      intro={
        <Link
          to={routes.studioPodcast}
          className="mt-3 inline-block text-sm font-medium text-accent-700 underline"
        >
          {t('podcast.createLink')}
        </Link>
      }
      loading={projects.isPending}
      error={projects.isError ? errorText(projects.error) : null}
      items={projects.data}
      empty={t('studio.empty')}
      renderItems={(list) => (
        <ul className={rowListClass}>
          {list.map((project) => (
            <LinkRow
              key={project.project_id}
              to={pathTo('studioProject', { id: project.project_id })}
              name={project.name}
              facts={[project.author, formatDate(project.create_date_unix, i18n.language)]
                .filter(Boolean)
                .join(' · ')}
            />
          ))}
        </ul>
      )}
    >
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
    </ListPage>
  )
}
