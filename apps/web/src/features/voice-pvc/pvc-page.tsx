import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { LabelledSelect } from '../../components/select'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { useRecorder } from '../recording/use-recorder'
import { PvcSampleCard } from './pvc-sample-card'
import {
  addPvcSamples,
  createPvc,
  getPvc,
  getPvcCaptcha,
  type PvcStatus,
  requestPvcVerification,
  trainPvc,
  verifyPvcCaptcha,
} from './voice-pvc-api'

const LANGUAGES = ['en', 'de', 'es', 'fr', 'hi', 'ja', 'pl', 'pt', 'sv'] as const
const fieldClass =
  'mt-1 w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900'
const sectionClass = 'mt-6 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5'

function CreateForm({ onCreated }: { onCreated: (voiceId: string) => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const id = useId()
  const [name, setName] = useState('')
  const [language, setLanguage] = useState<string>('en')
  const [description, setDescription] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setPending(true)
    setError(null)
    try {
      onCreated((await createPvc({ name, language, ...(description ? { description } : {}) })).voice_id)
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setPending(false)
    }
  }
  return (
    <form className={sectionClass} onSubmit={(event) => void submit(event)}>
      <h2 className="text-lg font-semibold text-neutral-900">{t('pvc.createTitle')}</h2>
      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <label htmlFor={`${id}-name`} className="text-sm font-medium text-neutral-900">
          {t('pvc.name')}
          <input
            id={`${id}-name`}
            className={fieldClass}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <LabelledSelect
          label={t('pvc.language')}
          className="text-sm font-medium text-neutral-900"
          labelClassName=""
          selectClassName={fieldClass}
          value={language}
          onChange={setLanguage}
          options={LANGUAGES.map((code) => ({ value: code, label: t(`pvc.languages.${code}`) }))}
        />
        <label htmlFor={`${id}-description`} className="text-sm font-medium text-neutral-900 sm:col-span-2">
          {t('pvc.description')}
          <input
            id={`${id}-description`}
            className={fieldClass}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </label>
      </div>
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
      <Button type="submit" className="mt-4" loading={pending} disabled={!name.trim()}>
        {t('pvc.create')}
      </Button>
    </form>
  )
}

function SamplesSection({ voice }: { voice: PvcStatus }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const id = useId()
  const mic = useRecorder()
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const editable = voice.state === 'draft' || voice.state === 'needs_verification'
  const upload = async (files: { blob: Blob; name: string }[]) => {
    if (!files.length) return
    setPending(true)
    setError(null)
    try {
      await addPvcSamples(voice.voice_id, files)
      await queryClient.invalidateQueries({ queryKey: ['pvc', voice.voice_id] })
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setPending(false)
    }
  }
  const minutes = (seconds: number) => (seconds / 60).toFixed(1)
  return (
    <section className={sectionClass}>
      <h2 className="text-lg font-semibold text-neutral-900">{t('pvc.samplesTitle')}</h2>
      <p className="mt-1 text-sm text-neutral-600">{t('pvc.samplesRules')}</p>
      <p className="mt-1 text-sm text-neutral-600" data-testid="pvc-dataset">
        {t('pvc.dataset', {
          have: minutes(voice.dataset_duration_seconds),
          need: minutes(voice.min_training_seconds),
        })}
      </p>
      {editable && (
        <div className="mt-3 flex flex-wrap gap-2">
          <label htmlFor={`${id}-files`} className="cursor-pointer">
            <span className="inline-flex min-h-10 items-center rounded-lg border border-neutral-300 bg-white px-4 py-2 text-sm font-medium text-neutral-900 shadow-xs hover:bg-neutral-50">
              {t('pvc.upload')}
            </span>
            <input
              id={`${id}-files`}
              type="file"
              multiple
              accept="audio/*"
              className="sr-only"
              onChange={(event) =>
                void upload(
                  Array.from(event.target.files ?? []).map((file) => ({ blob: file, name: file.name })),
                )
              }
            />
          </label>
          <Button
            variant="secondary"
            loading={pending}
            onClick={() =>
              mic.recording
                ? mic.stop()
                : void mic.start((blob) => void upload([{ blob, name: t('pvc.recordingName') }]))
            }
          >
            {mic.recording ? t('pvc.stop') : t('pvc.record')}
          </Button>
        </div>
      )}
      {mic.denied && (
        <Alert tone="error" className="mt-3">
          {t('pvc.micDenied')}
        </Alert>
      )}
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
      <ul className="mt-3 grid gap-3">
        {voice.samples.map((sample) => (
          <PvcSampleCard
            key={sample.sample_id}
            voiceId={voice.voice_id}
            sample={sample}
            editable={editable}
          />
        ))}
      </ul>
    </section>
  )
}

function VerificationSection({ voice }: { voice: PvcStatus }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const toast = useToast()
  const queryClient = useQueryClient()
  const mic = useRecorder()
  const id = useId()
  const [text, setText] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [documents, setDocuments] = useState<File[]>([])
  const [note, setNote] = useState('')
  const attemptsLeft = voice.verification_attempts_max - voice.verification_attempts_count
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['pvc', voice.voice_id] })
  const fetchText = async () => {
    setError(null)
    try {
      setText((await getPvcCaptcha(voice.voice_id)).text)
    } catch (failure) {
      setError(errorText(failure))
    }
  }
  const verify = async (blob: Blob) => {
    setError(null)
    try {
      await verifyPvcCaptcha(voice.voice_id, blob, 'captcha.webm')
      toast({ title: t('pvc.verified'), tone: 'success' })
    } catch (failure) {
      setError(errorText(failure))
    }
    await refresh()
  }
  const requestManual = async () => {
    try {
      await requestPvcVerification(voice.voice_id, documents, note)
      await refresh()
    } catch (failure) {
      setError(errorText(failure))
    }
  }
  if (voice.verified) {
    return (
      <section className={sectionClass}>
        <h2 className="text-lg font-semibold text-neutral-900">{t('pvc.verifyTitle')}</h2>
        <Alert tone="success" className="mt-3">
          {t('pvc.verified')}
        </Alert>
      </section>
    )
  }
  return (
    <section className={sectionClass}>
      <h2 className="text-lg font-semibold text-neutral-900">{t('pvc.verifyTitle')}</h2>
      <p className="mt-1 text-sm text-neutral-600">{t('pvc.verifyHint', { attempts: attemptsLeft })}</p>
      {text && (
        <blockquote
          className="mt-3 rounded-lg bg-neutral-100 p-3 text-base text-neutral-900"
          data-testid="pvc-captcha"
        >
          {text}
        </blockquote>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void fetchText()} disabled={attemptsLeft <= 0}>
          {t('pvc.getCaptcha')}
        </Button>
        <Button
          disabled={!text || attemptsLeft <= 0}
          onClick={() => (mic.recording ? mic.stop() : void mic.start((blob) => void verify(blob)))}
        >
          {mic.recording ? t('pvc.stop') : t('pvc.readAloud')}
        </Button>
      </div>
      {mic.denied && (
        <Alert tone="error" className="mt-3">
          {t('pvc.micDenied')}
        </Alert>
      )}
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-medium text-neutral-900">
          {t('pvc.manualTitle')}
        </summary>
        {voice.manual_verification_requested ? (
          <Alert tone="info" className="mt-2">
            {t('pvc.manualRequested')}
          </Alert>
        ) : (
          <div className="mt-2 grid gap-2">
            <label htmlFor={`${id}-docs`} className="text-sm text-neutral-700">
              {t('pvc.manualFiles')}
              <input
                id={`${id}-docs`}
                type="file"
                multiple
                className="mt-1 block w-full text-sm text-neutral-700"
                onChange={(event) => setDocuments(Array.from(event.target.files ?? []))}
              />
            </label>
            <label htmlFor={`${id}-note`} className="text-sm text-neutral-700">
              {t('pvc.manualNote')}
              <textarea
                id={`${id}-note`}
                className={fieldClass}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </label>
            <Button variant="secondary" disabled={!documents.length} onClick={() => void requestManual()}>
              {t('pvc.manualSend')}
            </Button>
          </div>
        )}
      </details>
    </section>
  )
}

function TrainingSection({ voice }: { voice: PvcStatus }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const train = async () => {
    setError(null)
    try {
      await trainPvc(voice.voice_id)
    } catch (failure) {
      setError(errorText(failure))
    }
    await queryClient.invalidateQueries({ queryKey: ['pvc', voice.voice_id] })
  }
  return (
    <section className={sectionClass}>
      <h2 className="text-lg font-semibold text-neutral-900">{t('pvc.trainTitle')}</h2>
      <p className="mt-1 text-sm text-neutral-600" data-testid="pvc-state">
        {t(`pvc.states.${voice.state}`)}
      </p>
      {(voice.state === 'fine_tuning' || voice.state === 'ready') && (
        <div
          className="mt-3 h-3 w-full overflow-hidden rounded-full bg-neutral-200"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={voice.training_progress}
          aria-label={t('pvc.trainTitle')}
        >
          <div
            className="h-full bg-accent-600 transition-all"
            style={{ width: `${voice.training_progress}%` }}
          />
        </div>
      )}
      {voice.training_error && (
        <Alert tone="error" className="mt-3">
          {voice.training_error}
        </Alert>
      )}
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
      {(voice.state === 'draft' || voice.state === 'needs_verification') && (
        <Button className="mt-3" onClick={() => void train()}>
          {t('pvc.train')}
        </Button>
      )}
    </section>
  )
}

/** The professional voice clone flow: create, samples, speakers, captcha, training. */
export function PvcPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const voiceId = params.get('voice')
  const voice = useQuery({
    queryKey: ['pvc', voiceId],
    queryFn: () => getPvc(voiceId as string),
    enabled: !!voiceId,
    refetchInterval: (query) => {
      const data = query.state.data
      const busy =
        data?.state === 'fine_tuning' || data?.samples.some((s) => s.speaker_separation.status === 'pending')
      return busy ? 1000 : false
    },
  })
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('pvc.title')}</h1>
      <p className="mt-1 text-sm text-neutral-600">{t('pvc.subtitle')}</p>
      {!voiceId && <CreateForm onCreated={(id) => setParams({ voice: id })} />}
      {voice.error && (
        <Alert tone="error" className="mt-4">
          {t('pvc.notFound')}
        </Alert>
      )}
      {voice.data && (
        <>
          <p className="mt-4 text-lg font-medium text-neutral-900">{voice.data.name}</p>
          {voice.data.state === 'blocked' && (
            <Alert tone="error" className="mt-3">
              {t('pvc.blocked')}
            </Alert>
          )}
          <SamplesSection voice={voice.data} />
          <VerificationSection voice={voice.data} />
          <TrainingSection voice={voice.data} />
        </>
      )}
    </div>
  )
}
