import { useQueryClient } from '@tanstack/react-query'
import {
  SPEECH_TO_TEXT_CREDITS_PER_MINUTE,
  SPEECH_TO_TEXT_MAX_BYTES,
  SPEECH_TO_TEXT_MAX_SECONDS,
  SPEECH_TO_TEXT_MAX_SPEAKERS,
  speechToTextCredits,
} from '@timbre/contract'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { CheckboxField } from '../../components/checkbox-field'
import { FileDrop } from '../../components/file-drop'
import { Icon } from '../../components/icon'
import { NumberField } from '../../components/number-field'
import { useToast } from '../../components/toaster'
import { useFileDuration } from '../../components/use-file-duration'
import { useErrorText } from '../../i18n/use-error-text'
import { formatCount } from '../../lib/format-count'
import { formatDateTime } from '../../lib/format-date'
import { formatSize } from '../../lib/format-size'
import { pathTo } from '../../routes'
import { DictationPanel } from './dictation/dictation-panel'
import { ModelChoice } from './model-choice'
import { submitTranscription, type TranscriptionJob, type TranscriptSummary } from './speech-to-text-api'
import { useDeleteTranscript, useSpeechToTextModels, useTranscripts } from './transcript-queries'
import { TranscriptionJobsPanel } from './transcription-jobs-panel'

/** Speech to text: upload a recording, get its transcript (kept in the workspace); earlier ones below. */
export function SpeechToTextPage() {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [diarize, setDiarize] = useState(true)
  const [speakers, setSpeakers] = useState('')
  const [events, setEvents] = useState(true)
  const [pending, setPending] = useState(false)
  const [modelId, setModelId] = useState('scribe_v1')
  const [language, setLanguage] = useState('')
  /** The file this page sent last: its transcript opens when it is ready. */
  const [following, setFollowing] = useState<string | null>(null)
  const models = useSpeechToTextModels()
  const model = models.data?.find((m) => m.model_id === modelId)
  const seconds = useFileDuration(file)
  const n = (value: number) => formatCount(value, i18n.language)
  const speakerCount = speakers.trim() === '' ? null : Number(speakers)
  const badSpeakers =
    speakerCount !== null &&
    (!Number.isInteger(speakerCount) || speakerCount < 1 || speakerCount > SPEECH_TO_TEXT_MAX_SPEAKERS)
  const tooBig =
    !!file && (file.size > SPEECH_TO_TEXT_MAX_BYTES || (seconds ?? 0) > SPEECH_TO_TEXT_MAX_SECONDS)

  // The file goes to the background (at most three at once), so another can be chosen and sent
  // while it runs; each one's progress shows below.
  const start = async () => {
    if (!file || tooBig || badSpeakers) return
    setPending(true)
    try {
      const id = await submitTranscription(file, {
        diarize,
        speakers: diarize ? speakerCount : null,
        tagAudioEvents: events,
        modelId,
        languageCode: language || null,
      })
      setFollowing(id)
      setFile(null)
      void queryClient.invalidateQueries({ queryKey: ['transcription-jobs'] })
    } catch (error) {
      toast({ title: errorText(error), tone: 'error' })
    } finally {
      setPending(false)
    }
  }

  const finished = (job: TranscriptionJob) => {
    if (job.transcription_id === following)
      navigate(pathTo('speechToTextTranscript', { id: job.transcription_id }))
    else toast({ title: t('speechToText.jobs.ready', { name: job.file_name }) })
  }

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('speechToText.title')}</h1>
      <p className="mt-1 text-sm text-neutral-600">{t('speechToText.subtitle')}</p>

      <section className="mt-6 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5">
        <FileDrop
          icon="dialogue"
          prompt={t('speechToText.choose')}
          fileName={file?.name ?? null}
          hint={t('speechToText.limits', {
            size: formatSize(SPEECH_TO_TEXT_MAX_BYTES, i18n.language),
            minutes: n(SPEECH_TO_TEXT_MAX_SECONDS / 60),
            credits: n(SPEECH_TO_TEXT_CREDITS_PER_MINUTE),
          })}
          accept="audio/*,video/webm,video/mp4"
          onFile={setFile}
          testId="transcribe-file"
        />
        <ModelChoice
          models={models.data ?? []}
          modelId={modelId}
          onModel={(id) => {
            setModelId(id)
            setLanguage('')
          }}
          language={language}
          onLanguage={setLanguage}
        />
        {model && model.languages.length === 1 && model.languages[0] === 'en' && (
          <p className="mt-3 text-xs text-neutral-500">{t('speechToText.englishOnly')}</p>
        )}
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <div className="space-y-3">
            <CheckboxField checked={diarize} onChange={setDiarize}>
              {t('speechToText.diarize')}
            </CheckboxField>
            <CheckboxField checked={events} onChange={setEvents}>
              {t('speechToText.audioEvents')}
            </CheckboxField>
          </div>
          {diarize && (
            <NumberField
              label={t('speechToText.speakers')}
              placeholder={t('speechToText.speakersAny')}
              min={1}
              max={SPEECH_TO_TEXT_MAX_SPEAKERS}
              value={speakers}
              onChange={(event) => setSpeakers(event.target.value)}
            />
          )}
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="text-xs text-neutral-600 tabular-nums" aria-live="polite">
            {file && seconds !== null && t('speechToText.cost', { cost: n(speechToTextCredits(seconds)) })}
          </p>
          <div className="ml-auto flex items-center gap-2">
            <Button onClick={() => void start()} disabled={!file || tooBig || badSpeakers} loading={pending}>
              {pending ? t('speechToText.working') : t('speechToText.transcribe')}
            </Button>
          </div>
        </div>
        {badSpeakers && (
          <Alert tone="warning" className="mt-4">
            {t('speechToText.badSpeakers', { max: SPEECH_TO_TEXT_MAX_SPEAKERS })}
          </Alert>
        )}
        {tooBig && (
          <Alert tone="warning" className="mt-4">
            {t('speechToText.tooBig', {
              size: formatSize(SPEECH_TO_TEXT_MAX_BYTES, i18n.language),
              minutes: n(SPEECH_TO_TEXT_MAX_SECONDS / 60),
            })}
          </Alert>
        )}
      </section>

      <TranscriptionJobsPanel onFinished={finished} />

      <DictationPanel />

      <TranscriptList />
    </div>
  )
}

function TranscriptList() {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const headingId = useId()
  const list = useTranscripts()
  const remove = useDeleteTranscript()
  const items = list.data?.pages.flatMap((page) => page.transcripts) ?? []

  const del = (item: TranscriptSummary) =>
    remove.mutate(item.transcription_id, {
      onSuccess: () => toast({ title: t('speechToText.deleted', { name: item.file_name }) }),
      onError: (error) => toast({ title: errorText(error), tone: 'error' }),
    })

  return (
    <section className="mt-8" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
        {t('speechToText.history')}
      </h2>
      {list.isError && (
        <Alert tone="error" className="mt-3">
          {errorText(list.error)}
        </Alert>
      )}
      {list.data && items.length === 0 && (
        <p className="mt-3 text-sm text-neutral-600">{t('speechToText.empty')}</p>
      )}
      {items.length > 0 && (
        <ul
          className="mt-3 divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white"
          data-testid="transcript-list"
        >
          {items.map((item) => (
            <li key={item.transcription_id} className="flex items-center gap-3 px-4 py-3">
              <Link
                to={pathTo('speechToTextTranscript', { id: item.transcription_id })}
                className="min-w-0 flex-1 rounded focus-visible:outline-2 focus-visible:outline-accent-600"
              >
                <p className="truncate text-sm font-medium text-neutral-900">{item.file_name}</p>
                <p className="truncate text-xs text-neutral-600">
                  {item.text_start || t('speechToText.noSpeech')}
                </p>
                <p className="text-xs text-neutral-500 tabular-nums">
                  {t('speechToText.itemMeta', {
                    seconds: Math.round(item.audio_duration_secs),
                    date: formatDateTime(item.created_at_unix, i18n.language),
                  })}
                </p>
              </Link>
              <button
                type="button"
                onClick={() => del(item)}
                aria-label={t('speechToText.delete', { name: item.file_name })}
                className="grid size-9 shrink-0 place-items-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-accent-600"
              >
                <Icon name="trash" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <div className="mt-3 flex justify-center">
          <Button
            variant="secondary"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('speechToText.more')}
          </Button>
        </div>
      )}
    </section>
  )
}
