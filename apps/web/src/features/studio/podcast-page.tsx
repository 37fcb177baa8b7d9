import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PodcastMode } from '@timbre/contract'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { FileField } from '../../components/file-field'
import { LabelledSelect } from '../../components/select'
import { PageSpinner } from '../../components/spinner'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import type { PodcastRequest } from '../../lib/api-types'
import { pathTo, routes } from '../../routes'
import { useVoices } from '../tts/tts-queries'
import { effectiveMode, PodcastModeChoice } from './podcast-modes'
import { createPodcast, getPodcastModes } from './studio-api'

type Mode = PodcastMode
const SOURCES = ['text', 'file', 'url'] as const
type SourceKind = (typeof SOURCES)[number]
const PODCAST_MODEL = 'eleven_multilingual_v2'

const FIELD =
  'w-full rounded-lg border border-neutral-300 bg-white px-3 text-sm text-neutral-900 shadow-xs outline-none focus:border-accent-500 focus:ring-3 focus:ring-accent-100'

/** The request body for a mode and its voices (the bulletin has the host only). */
export function podcastMode(mode: Mode, host: string, guest: string): PodcastRequest['mode'] {
  if (mode === 'bulletin') return { type: 'bulletin', bulletin: { host_voice_id: host } }
  if (mode === 'turns') return { type: 'turns', turns: { host_voice_id: host, guest_voice_id: guest } }
  return { type: 'conversation', conversation: { host_voice_id: host, guest_voice_id: guest } }
}

/**
 * A podcast made from text, a text file or a web page: host and guest voices, the mode, then
 * the Studio project it becomes. Modes this server cannot make are shown as unavailable, and the
 * first that works is chosen.
 */
export function PodcastPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const voices = useVoices()
  const textId = useId()
  const modes = useQuery({ queryKey: ['studio', 'podcast-modes'], queryFn: getPodcastModes })
  const [picked, setPicked] = useState<Mode | null>(null)
  const mode = effectiveMode(modes.data?.modes, picked)
  const [kind, setKind] = useState<SourceKind>('text')
  const [text, setText] = useState('')
  const [url, setUrl] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [host, setHost] = useState('')
  const [guest, setGuest] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const list = voices.data?.voices ?? []
  const voiceOptions = list.map((v) => ({ value: v.voice_id, label: v.name }))
  const hostId = host || list[0]?.voice_id || ''
  const guestId = guest || list[1]?.voice_id || list[0]?.voice_id || ''

  const create = useMutation({
    mutationFn: async () => {
      const source: PodcastRequest['source'] =
        kind === 'url'
          ? { type: 'url', url: url.trim() }
          : { type: 'text', text: kind === 'file' ? await (file as File).text() : text }
      return createPodcast({
        model_id: PODCAST_MODEL,
        mode: podcastMode(mode ?? 'turns', hostId, guestId),
        source,
      })
    },
    onSuccess: async (made) => {
      await queryClient.invalidateQueries({ queryKey: ['studio'] })
      navigate(pathTo('studioProject', { id: made.project.project_id }))
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const missing =
      (kind === 'text' && !text.trim() && t('podcast.textRequired')) ||
      (kind === 'url' && !url.trim() && t('podcast.urlRequired')) ||
      (kind === 'file' && !file && t('podcast.fileRequired')) ||
      (!hostId && t('podcast.voiceRequired')) ||
      (!mode && t('podcast.modeRequired'))
    setProblem(missing || null)
    if (!missing) create.mutate()
  }

  return (
    <div className="space-y-6">
      <div className="max-w-2xl">
        <Link to={routes.studio} className="text-sm text-neutral-500 hover:text-neutral-800">
          {t('studio.title')}
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('podcast.title')}</h1>
        <p className="mt-1 text-sm text-neutral-600">{t('podcast.subtitle')}</p>
      </div>
      <form
        onSubmit={submit}
        noValidate
        className="max-w-2xl space-y-5 rounded-2xl border border-neutral-200 p-5"
      >
        {modes.data ? (
          <PodcastModeChoice modes={modes.data.modes} value={mode} onChange={setPicked} />
        ) : (
          <PageSpinner label={t('common.loading')} />
        )}

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <LabelledSelect
            label={t('podcast.host')}
            selectClassName={`h-10 ${FIELD}`}
            value={hostId}
            onChange={setHost}
            options={voiceOptions}
          />
          {mode !== 'bulletin' && (
            <LabelledSelect
              label={t('podcast.guest')}
              selectClassName={`h-10 ${FIELD}`}
              value={guestId}
              onChange={setGuest}
              options={voiceOptions}
            />
          )}
        </div>

        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-neutral-800">{t('podcast.source')}</legend>
          <div className="flex flex-wrap gap-2">
            {SOURCES.map((s) => (
              <label
                key={s}
                className="flex items-center gap-2 rounded-lg border border-neutral-200 px-3 py-2 text-sm text-neutral-800 has-checked:border-accent-500 has-checked:bg-accent-50"
              >
                <input
                  type="radio"
                  name="source"
                  value={s}
                  checked={kind === s}
                  onChange={() => setKind(s)}
                  className="accent-accent-600"
                />
                {t(`podcast.sources.${s}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {kind === 'text' && (
          <div>
            <label htmlFor={textId} className="mb-1.5 block text-sm font-medium text-neutral-800">
              {t('podcast.text')}
            </label>
            <textarea
              id={textId}
              value={text}
              rows={8}
              maxLength={100_000}
              onChange={(e) => setText(e.target.value)}
              className={`py-2 ${FIELD}`}
            />
          </div>
        )}
        {kind === 'file' && (
          <FileField
            label={t('podcast.file')}
            hint={t('podcast.fileHint')}
            accept=".txt,.md,text/plain,text/markdown"
            onFile={setFile}
          />
        )}
        {kind === 'url' && (
          <TextField
            label={t('podcast.url')}
            hint={t('podcast.urlHint')}
            type="url"
            value={url}
            placeholder="https://"
            onChange={(e) => setUrl(e.target.value)}
          />
        )}
        {problem && <Alert tone="error">{problem}</Alert>}
        {create.isError && <Alert tone="error">{errorText(create.error)}</Alert>}
        <Button type="submit" loading={create.isPending}>
          {t('podcast.create')}
        </Button>
      </form>
    </div>
  )
}
