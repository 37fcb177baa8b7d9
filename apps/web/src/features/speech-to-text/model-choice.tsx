import { useTranslation } from 'react-i18next'
import { LabelledSelect } from '../../components/select'
import type { SpeechToTextModel } from './speech-to-text-api'
import { languageName } from './transcript-paragraphs'

/**
 * The recogniser and the language, offered only when the server has more than its own engine
 * (Whisper models its operator gave it). A model of one language names it; a multilingual one
 * offers "detect" and each of its languages by name in the reader's language.
 */
export function ModelChoice({
  models,
  modelId,
  onModel,
  language,
  onLanguage,
}: {
  models: readonly SpeechToTextModel[]
  modelId: string
  onModel: (id: string) => void
  language: string
  onLanguage: (code: string) => void
}) {
  const { t, i18n } = useTranslation()
  // The public API's ids all run the one default engine: one entry stands for them.
  const choices = models.filter((m) => m.engine !== 'pocketsphinx' || m.model_id === 'scribe_v1')
  if (choices.length < 2) return null
  const model = choices.find((m) => m.model_id === modelId)
  const languages = [...(model?.languages ?? [])]
    .map((code) => ({ value: code, label: languageName(code, i18n.language) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language))
  return (
    <div className="mt-4 grid gap-3 sm:grid-cols-2">
      <LabelledSelect
        label={t('speechToText.model')}
        value={modelId}
        onChange={onModel}
        options={choices.map((m) => ({ value: m.model_id, label: m.name, disabled: !m.available }))}
      />
      {languages.length > 1 && (
        <LabelledSelect
          label={t('speechToText.language')}
          value={language}
          onChange={onLanguage}
          options={[
            {
              value: '',
              label: model?.identifies_language
                ? t('speechToText.detectLanguage')
                : t('speechToText.anyLanguage'),
            },
            ...languages,
          ]}
        />
      )}
    </div>
  )
}
