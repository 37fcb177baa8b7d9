import { VOICE_TEXT_LIMITS } from '@timbre/contract'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '../../components/alert'
import { Button, buttonClass } from '../../components/button'
import { Icon } from '../../components/icon'
import { Modal, ModalActions } from '../../components/modal'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { routes } from '../../routes'
import { useSession } from '../auth/use-session'
import { useBipaGate } from '../consent/bipa-gate'
import { useRecorder } from '../recording/use-recorder'
import { useAddVoice } from './voices-queries'

const inputClass =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-neutral-900 focus:border-accent-600 focus:outline-2 focus:outline-accent-600/20'
const border = (invalid: boolean) => (invalid ? 'border-red-600' : 'border-neutral-300')

/**
 * What a plan without instant cloning sees instead of the form: that cloning needs a paid plan,
 * with the way to upgrade, before anything is filled in.
 */
export function CloneNeedsPlan({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('voices.addTitle')} width="md">
      <Alert tone="info">{t('voices.cloneNeedsPlan')}</Alert>
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Link to={routes.subscription} className={buttonClass('primary')}>
          {t('voices.cloneUpgrade')}
        </Link>
      </ModalActions>
    </Modal>
  )
}

/** Instant voice cloning: a name, audio samples of one speaker, and an optional description. */
export function VoiceAddDialog(props: { onClose: () => void; onAdded: (voiceId: string) => void }) {
  const session = useSession()
  const allowed = session.user?.subscription.can_use_instant_voice_cloning ?? true
  if (!allowed) return <CloneNeedsPlan onClose={props.onClose} />
  return <VoiceAddForm {...props} />
}

function VoiceAddForm({ onClose, onAdded }: { onClose: () => void; onAdded: (voiceId: string) => void }) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const nameId = useId()
  const descriptionId = useId()
  const filesId = useId()
  const noiseId = useId()
  const add = useAddVoice()
  const bipa = useBipaGate()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [files, setFiles] = useState<File[]>([])
  const [removeNoise, setRemoveNoise] = useState(false)
  const [tried, setTried] = useState(false)
  const mic = useRecorder()
  const [recordings, setRecordings] = useState(0)

  const nameError = !tried
    ? null
    : !name.trim()
      ? t('voices.form.nameRequired')
      : name.trim().length > VOICE_TEXT_LIMITS.nameMax
        ? t('voices.form.nameTooLong', { max: VOICE_TEXT_LIMITS.nameMax })
        : null
  const descriptionError =
    tried && description.trim().length > VOICE_TEXT_LIMITS.descriptionMax
      ? t('voices.form.descriptionTooLong', { max: VOICE_TEXT_LIMITS.descriptionMax })
      : null
  const filesError = tried && files.length === 0 ? t('voices.addFilesRequired') : null

  const submit = async () => {
    setTried(true)
    const trimmed = name.trim()
    if (!trimmed || trimmed.length > VOICE_TEXT_LIMITS.nameMax || files.length === 0) return
    if (description.trim().length > VOICE_TEXT_LIMITS.descriptionMax) return
    // Biometric consent comes before any recording is sent for cloning.
    if (!(await bipa.ensure())) return
    add.mutate(
      { name: trimmed, description: description.trim(), files, removeBackgroundNoise: removeNoise },
      {
        onSuccess: (answer) => {
          toast({ title: t('voices.addDone'), tone: 'success' })
          onAdded(answer.voice_id)
        },
      },
    )
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('voices.addTitle')} width="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
        className="space-y-5"
      >
        <div>
          <label htmlFor={nameId} className="block text-sm font-medium text-neutral-800">
            {t('voices.form.name')}
          </label>
          <input
            id={nameId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={!!nameError}
            aria-describedby={nameError ? `${nameId}-error` : undefined}
            className={`mt-1.5 ${inputClass} ${border(!!nameError)}`}
          />
          {nameError && (
            <p id={`${nameId}-error`} className="mt-1.5 text-sm text-red-700">
              {nameError}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={filesId} className="block text-sm font-medium text-neutral-800">
            {t('voices.addFiles')}
          </label>
          <p id={`${filesId}-hint`} className="mt-0.5 text-xs text-neutral-500">
            {t('voices.addFilesHint')}
          </p>
          <input
            id={filesId}
            type="file"
            multiple
            accept="audio/*,.wav,.mp3,.ogg,.flac,.m4a,.webm"
            onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
            aria-invalid={!!filesError}
            aria-describedby={`${filesId}-hint${filesError ? ` ${filesId}-error` : ''}`}
            className={`mt-1.5 ${inputClass} ${border(!!filesError)} file:mr-3 file:rounded-md file:border-0 file:bg-neutral-100 file:px-2.5 file:py-1 file:text-sm`}
          />
          <div className="mt-2 flex items-center gap-2">
            <Button
              variant="secondary"
              onClick={() =>
                mic.recording
                  ? mic.stop()
                  : void mic.start((blob) => {
                      // A recording made here joins the samples as one more file.
                      const n = recordings + 1
                      setRecordings(n)
                      const extension = blob.type.includes('ogg')
                        ? 'ogg'
                        : blob.type.includes('mp4')
                          ? 'm4a'
                          : 'webm'
                      setFiles((list) => [
                        ...list,
                        new File([blob], `recording-${n}.${extension}`, { type: blob.type }),
                      ])
                    })
              }
            >
              <Icon name={mic.recording ? 'stop' : 'speech'} className="size-4" />
              {mic.recording ? t('recording.stop') : t('recording.record')}
            </Button>
            {mic.recording && (
              <span className="text-xs text-neutral-600" aria-live="polite">
                {t('recording.recording')}
              </span>
            )}
          </div>
          {mic.denied && (
            <Alert tone="error" className="mt-2">
              {t('recording.micDenied')}
            </Alert>
          )}
          {files.length > 0 && (
            <ul className="mt-2 space-y-0.5 text-xs text-neutral-600">
              {files.map((file) => (
                <li key={`${file.name}-${file.size}`} className="truncate">
                  {file.name}
                </li>
              ))}
            </ul>
          )}
          {filesError && (
            <p id={`${filesId}-error`} className="mt-1.5 text-sm text-red-700">
              {filesError}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={descriptionId} className="block text-sm font-medium text-neutral-800">
            {t('common.optionalLabel', { label: t('voices.form.description') })}
          </label>
          <textarea
            id={descriptionId}
            value={description}
            rows={2}
            onChange={(event) => setDescription(event.target.value)}
            aria-invalid={!!descriptionError}
            aria-describedby={descriptionError ? `${descriptionId}-error` : undefined}
            className={`mt-1.5 resize-y ${inputClass} ${border(!!descriptionError)}`}
          />
          {descriptionError && (
            <p id={`${descriptionId}-error`} className="mt-1.5 text-sm text-red-700">
              {descriptionError}
            </p>
          )}
        </div>
        <div className="flex items-center gap-2">
          <input
            id={noiseId}
            type="checkbox"
            checked={removeNoise}
            onChange={(event) => setRemoveNoise(event.target.checked)}
            className="size-4 accent-accent-600"
          />
          <label htmlFor={noiseId} className="text-sm text-neutral-800">
            {t('voices.addRemoveNoise')}
          </label>
        </div>
        {add.isError && <Alert tone="error">{errorText(add.error)}</Alert>}
        <ModalActions>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('voices.addSubmit')}
          </Button>
        </ModalActions>
      </form>
      {bipa.dialog}
    </Modal>
  )
}
