import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { LabelledSelect } from '../../components/select'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { speakWithTimestamps } from '../tts/tts-api'
import { usePreviewVoices } from './use-dictionaries'

interface Heard {
  spoken: string
  audio: string
}

/**
 * Says a word without and with the saved dictionary: the text the engine spoke (the normalised
 * alignment) and the audio, side by side. A preview is a real generation and uses credits.
 */
export function WordPreview({
  dictionaryId,
  versionId,
  modelId,
}: {
  dictionaryId: string
  versionId: string
  modelId: string
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const voices = usePreviewVoices()
  const [word, setWord] = useState('')
  const [voiceId, setVoiceId] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [result, setResult] = useState<{ before: Heard; after: Heard } | null>(null)
  // Phoneme rules need an English-only model, which speaks English voices only.
  const englishOnly = modelId !== 'eleven_multilingual_v2'
  const usable = (voices.data ?? []).filter((v) => !englishOnly || (v.labels?.language ?? 'en') === 'en')
  const voice = usable.some((v) => v.voice_id === voiceId) ? voiceId : (usable[0]?.voice_id ?? '')

  const say = async (withDictionary: boolean): Promise<Heard> => {
    const res = await speakWithTimestamps(
      voice,
      {
        text: word.trim(),
        model_id: modelId,
        pronunciation_dictionary_locators: withDictionary
          ? [{ pronunciation_dictionary_id: dictionaryId, version_id: versionId }]
          : [],
      },
      'mp3_22050_32',
    )
    return {
      spoken: (res.normalized_alignment?.characters ?? []).join(''),
      audio: `data:audio/mpeg;base64,${res.audio_base64}`,
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!word.trim() || !voice) return
    setBusy(true)
    setError(null)
    try {
      setResult({ before: await say(false), after: await say(true) })
    } catch (cause) {
      setError(errorText(cause, t('dictionaries.previewFailed')))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section
      aria-labelledby="dictionary-preview"
      className="space-y-3 rounded-2xl border border-neutral-200 p-4"
    >
      <h2 id="dictionary-preview" className="text-lg font-semibold text-neutral-900">
        {t('dictionaries.preview')}
      </h2>
      <p className="text-sm text-neutral-600">{t('dictionaries.previewHint')}</p>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          className="w-full sm:max-w-xs"
          label={t('dictionaries.previewWord')}
          value={word}
          maxLength={200}
          onChange={(e) => setWord(e.target.value)}
        />
        <LabelledSelect
          label={t('dictionaries.previewVoice')}
          className="flex flex-col gap-1.5 text-sm font-medium text-neutral-800"
          labelClassName=""
          selectClassName="rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm font-normal text-neutral-900"
          value={voice}
          onChange={setVoiceId}
          options={usable.map((v) => ({ value: v.voice_id, label: v.name }))}
        />
        <Button type="submit" variant="secondary" loading={busy} disabled={!word.trim() || !voice}>
          {t('dictionaries.previewRun')}
        </Button>
      </form>
      {error && <Alert tone="error">{error}</Alert>}
      {result && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-live="polite">
          {(['before', 'after'] as const).map((which) => (
            <figure key={which} className="space-y-2 rounded-lg bg-neutral-50 p-3">
              <figcaption className="text-sm font-medium text-neutral-800">
                {t(`dictionaries.${which}`)}
              </figcaption>
              <p className="text-sm text-neutral-700" data-testid={`preview-${which}`}>
                {result[which].spoken}
              </p>
              {/* biome-ignore lint/a11y/useMediaCaption: generated speech of the text shown above */}
              <audio
                controls
                src={result[which].audio}
                className="w-full"
                aria-label={t(`dictionaries.${which}`)}
              />
            </figure>
          ))}
        </div>
      )}
    </section>
  )
}
