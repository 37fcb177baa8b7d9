import { useQueryClient } from '@tanstack/react-query'
import {
  DEFAULT_OUTPUT_FORMAT,
  VOICE_DESCRIPTION_MIN,
  VOICE_PREVIEW_TEXT_MAX,
  VOICE_PREVIEW_TEXT_MIN,
} from '@timbre/contract'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Icon } from '../../components/icon'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { player } from '../player/player-store'
import { Waveform } from '../player/waveform'
import { createVoiceFromPreview, designVoice } from './voice-design-api'

interface Preview {
  id: string
  blob: Blob
}

function toBlob(base64: string, type: string): Blob {
  const raw = atob(base64)
  const bytes = new Uint8Array(raw.length)
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return new Blob([bytes], { type })
}

/** The rules of the two text fields, as the product states them. */
export function designProblems(description: string, text: string): { description: boolean; text: boolean } {
  const length = [...text.trim()].length
  return {
    description: description.trim().length < VOICE_DESCRIPTION_MIN,
    text: length > 0 && (length < VOICE_PREVIEW_TEXT_MIN || length > VOICE_PREVIEW_TEXT_MAX),
  }
}

/** Voice design: a description (and a preview text) in, three previews out, one made a voice. */
export function VoiceDesignPage() {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const id = useId()
  const [description, setDescription] = useState('')
  const [text, setText] = useState('')
  const [spokenText, setSpokenText] = useState('')
  const [previews, setPreviews] = useState<Preview[]>([])
  const [pending, setPending] = useState(false)
  const [chosen, setChosen] = useState<string | null>(null)
  const [name, setName] = useState('')
  const [saving, setSaving] = useState(false)
  const problems = useMemo(() => designProblems(description, text), [description, text])

  const generate = async () => {
    if (problems.description || problems.text) return
    setPending(true)
    try {
      const result = await designVoice({
        voice_description: description.trim(),
        ...(text.trim() ? { text: text.trim() } : { auto_generate_text: true }),
      })
      setSpokenText(result.text)
      setPreviews(
        result.previews.map((p) => ({
          id: p.generated_voice_id,
          blob: toBlob(p.audio_base_64, p.media_type),
        })),
      )
      setChosen(null)
      void queryClient.invalidateQueries({ queryKey: ['subscription'] })
    } catch (error) {
      toast({ title: errorText(error), tone: 'error' })
    } finally {
      setPending(false)
    }
  }

  const play = (preview: Preview, index: number) =>
    player.load({
      type: 'voicePreview',
      historyItemId: null,
      title: t('voiceDesign.previewTitle', { n: index + 1 }),
      text: spokenText,
      voiceId: null,
      voiceName: t('voiceDesign.previewTitle', { n: index + 1 }),
      voiceDescription: description,
      voiceCategory: 'generated',
      modelId: null,
      settings: null,
      dateUnix: Math.floor(Date.now() / 1000),
      autoStart: true,
      outputFormat: DEFAULT_OUTPUT_FORMAT,
      src: URL.createObjectURL(preview.blob),
      blob: preview.blob,
      ownsSrc: true,
    })

  const save = async () => {
    if (!chosen || !name.trim()) return
    setSaving(true)
    try {
      await createVoiceFromPreview({
        voice_name: name.trim(),
        voice_description: description.trim(),
        generated_voice_id: chosen,
      })
      toast({ title: t('voiceDesign.created', { name: name.trim() }) })
      setChosen(null)
      setName('')
      void queryClient.invalidateQueries({ queryKey: ['voices'] })
    } catch (error) {
      toast({ title: errorText(error), tone: 'error' })
    } finally {
      setSaving(false)
    }
  }

  const field =
    'mt-1 w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 focus:outline-2 focus:outline-accent-600'
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('voiceDesign.title')}</h1>
      <p className="mt-1 text-sm text-neutral-600">{t('voiceDesign.subtitle')}</p>

      <section className="mt-6 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5">
        <label htmlFor={`${id}-description`} className="text-sm font-medium text-neutral-900">
          {t('voiceDesign.description')}
        </label>
        <textarea
          id={`${id}-description`}
          rows={3}
          maxLength={1000}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder={t('voiceDesign.descriptionPlaceholder')}
          aria-invalid={description.length > 0 && problems.description}
          className={field}
        />
        <p className="mt-1 text-xs text-neutral-500 tabular-nums">
          {description.length > 0 && problems.description
            ? t('voiceDesign.descriptionTooShort', { min: VOICE_DESCRIPTION_MIN })
            : t('voiceDesign.descriptionHint')}
        </p>
        <label htmlFor={`${id}-text`} className="mt-4 block text-sm font-medium text-neutral-900">
          {t('voiceDesign.text')}
        </label>
        <textarea
          id={`${id}-text`}
          rows={3}
          maxLength={VOICE_PREVIEW_TEXT_MAX + 50}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('voiceDesign.textPlaceholder')}
          aria-invalid={problems.text}
          className={field}
        />
        <p className={`mt-1 text-xs tabular-nums ${problems.text ? 'text-red-700' : 'text-neutral-500'}`}>
          {t('voiceDesign.textHint', {
            count: [...text.trim()].length,
            min: VOICE_PREVIEW_TEXT_MIN,
            max: VOICE_PREVIEW_TEXT_MAX,
          })}
        </p>
        <div className="mt-4 flex justify-end">
          <Button
            onClick={() => void generate()}
            disabled={problems.description || problems.text}
            loading={pending}
          >
            <Icon name="sparkles" className="size-4" />
            {t('voiceDesign.generate')}
          </Button>
        </div>
      </section>

      {previews.length > 0 && (
        <section className="mt-8" aria-labelledby={`${id}-previews`}>
          <h2 id={`${id}-previews`} className="text-lg font-semibold text-neutral-900">
            {t('voiceDesign.previews')}
          </h2>
          <p className="mt-1 text-sm text-neutral-600">{spokenText}</p>
          <ul className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-3">
            {previews.map((preview, index) => (
              <li
                key={preview.id}
                className={`rounded-2xl border bg-white p-4 ${chosen === preview.id ? 'border-accent-600' : 'border-neutral-200'}`}
              >
                <div className="flex items-center gap-3">
                  <button
                    type="button"
                    onClick={() => play(preview, index)}
                    aria-label={t('voiceDesign.play', { n: index + 1 })}
                    className="grid size-9 shrink-0 place-items-center rounded-full bg-neutral-900 text-white hover:bg-neutral-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
                  >
                    <Icon name="play" className="size-4" />
                  </button>
                  <p className="text-sm font-medium text-neutral-900">
                    {t('voiceDesign.previewTitle', { n: index + 1 })}
                  </p>
                </div>
                <div className="mt-3 h-12">
                  <Waveform source={preview.blob} progress={0} onSeek={() => play(preview, index)} />
                </div>
                <Button variant="secondary" className="mt-3 w-full" onClick={() => setChosen(preview.id)}>
                  {chosen === preview.id ? t('voiceDesign.selected') : t('voiceDesign.select')}
                </Button>
              </li>
            ))}
          </ul>
          {chosen && (
            <div className="mt-4 flex flex-wrap items-end gap-3 rounded-2xl border border-neutral-200 bg-white p-4">
              <label className="min-w-0 flex-1 text-sm font-medium text-neutral-900">
                {t('voiceDesign.name')}
                <input
                  value={name}
                  maxLength={100}
                  onChange={(event) => setName(event.target.value)}
                  className={field}
                />
              </label>
              <Button onClick={() => void save()} disabled={!name.trim()} loading={saving}>
                {t('voiceDesign.create')}
              </Button>
            </div>
          )}
        </section>
      )}
      {previews.length === 0 && !pending && (
        <Alert tone="info" className="mt-6">
          {t('voiceDesign.empty')}
        </Alert>
      )}
    </div>
  )
}
