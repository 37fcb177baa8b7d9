import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { FileField } from '../../components/file-field'
import { LinkRow, ListPage, rowListClass } from '../../components/list-page'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { pathTo } from '../../routes'
import { formatTime } from './timeline-rules'
import { useVoiceoverError } from './use-voiceover-error'
import { useCreateVoiceoverProject, useVoiceoverProjects } from './voiceover-queries'

/** Voiceover Studio: the welcome, the workspace's projects and a new one, blank or over a video or audio file. */
export function VoiceoverPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const voiceoverError = useVoiceoverError()
  const navigate = useNavigate()
  const projects = useVoiceoverProjects()
  const create = useCreateVoiceoverProject()
  const [name, setName] = useState('')
  const [duration, setDuration] = useState('30')
  const [file, setFile] = useState<File | null>(null)
  const [nameError, setNameError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) {
      setNameError(t('voiceover.nameRequired'))
      return
    }
    setNameError(null)
    const seconds = Number(duration)
    create.mutate(
      { name: name.trim(), durationSeconds: file || !Number.isFinite(seconds) ? null : seconds, file },
      { onSuccess: (project) => navigate(pathTo('voiceoverProject', { id: project.project_id })) },
    )
  }

  return (
    <ListPage
      title={t('voiceover.title')}
      subtitle={t('voiceover.welcome')}
      loading={projects.isPending}
      error={projects.isError ? errorText(projects.error) : null}
      items={projects.data}
      empty={t('voiceover.empty')}
      renderItems={(list) => (
        <ul className={rowListClass}>
          {list.map((project) => (
            <LinkRow
              key={project.project_id}
              to={pathTo('voiceoverProject', { id: project.project_id })}
              name={project.name}
              factsClassName="tabular-nums"
              facts={[
                project.media ? t(`voiceover.mediaKind.${project.media.kind}`) : null,
                formatTime(project.duration_seconds),
              ]
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
        <h2 className="text-base font-semibold text-neutral-900">{t('voiceover.newProject')}</h2>
        <TextField
          label={t('voiceover.name')}
          value={name}
          maxLength={49}
          error={nameError}
          onChange={(e) => setName(e.target.value)}
        />
        <FileField
          label={t('voiceover.media')}
          hint={t('voiceover.mediaHint')}
          accept="video/mp4,audio/*"
          onFile={setFile}
        />
        {!file && (
          <TextField
            label={t('voiceover.duration')}
            type="number"
            inputMode="decimal"
            min={1}
            max={1800}
            value={duration}
            onChange={(e) => setDuration(e.target.value)}
          />
        )}
        {create.isError && <Alert tone="error">{voiceoverError(create.error)}</Alert>}
        <Button type="submit" loading={create.isPending}>
          {t('voiceover.create')}
        </Button>
      </form>
    </ListPage>
  )
}
