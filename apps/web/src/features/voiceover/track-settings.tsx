import { DEFAULT_TTS_MODEL_ID } from '@timbre/contract'
import { useTranslation } from 'react-i18next'
import { LabelledSelect } from '../../components/select'
import { useModels, useVoices } from '../tts/tts-queries'
import type { VoiceoverProject, VoiceoverTrack } from './voiceover-api'

// The voice of each speaker track and the language of each dubbed track, chosen from the
// library's voices and the default model's languages. They apply to clips generated afterwards.

const selectClass =
  'min-h-9 w-full rounded-lg border border-neutral-300 bg-white px-2 text-sm text-neutral-900 disabled:opacity-50'

/** The default model's languages, by code and name. */
export function useDubbingLanguages(): Array<{ code: string; name: string }> {
  const models = useModels()
  const model = models.data?.find((m) => m.model_id === DEFAULT_TTS_MODEL_ID) ?? models.data?.[0]
  return (model?.languages ?? []).map((l) => ({ code: l.language_id, name: l.name }))
}

export function TrackSettings(props: {
  project: VoiceoverProject
  busy: boolean
  onChange: (track: VoiceoverTrack, change: { voice_id?: string; language?: string }) => void
}) {
  const { t } = useTranslation()
  const voices = useVoices()
  const languages = useDubbingLanguages()
  const speakers = props.project.tracks.filter(
    (tr) => tr.type === 'voiceover_speaker' || tr.type === 'dubbed_speaker',
  )
  if (speakers.length === 0) return null
  const voiceList = voices.data?.voices ?? []

  return (
    <section
      className="space-y-3 rounded-2xl border border-neutral-200 p-4"
      aria-labelledby="voiceover-track-settings"
      data-testid="track-settings"
    >
      <h2 id="voiceover-track-settings" className="text-sm font-semibold text-neutral-900">
        {t('voiceover.trackSettings')}
      </h2>
      <ul className="divide-y divide-neutral-200">
        {speakers.map((track) => (
          <li
            key={track.track_id}
            className="grid gap-2 py-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)_minmax(0,1fr)] sm:items-center"
            data-testid={`track-settings-${track.track_id}`}
          >
            <span className="truncate text-sm font-medium text-neutral-900">{track.name}</span>
            <LabelledSelect
              label={t('voiceover.trackVoice')}
              className="text-xs text-neutral-600"
              labelClassName="mb-1 block"
              selectClassName={selectClass}
              value={track.voice_id ?? ''}
              disabled={props.busy}
              aria-label={t('voiceover.trackVoiceOf', { track: track.name })}
              onChange={(voice_id) => props.onChange(track, { voice_id })}
              options={[
                ...(!voiceList.some((v) => v.voice_id === track.voice_id) && track.voice_id
                  ? [{ value: track.voice_id, label: track.voice_id }]
                  : []),
                ...voiceList.map((voice) => ({ value: voice.voice_id, label: voice.name })),
              ]}
            />
            {track.type === 'dubbed_speaker' ? (
              <LabelledSelect
                label={t('voiceover.trackLanguage')}
                className="text-xs text-neutral-600"
                labelClassName="mb-1 block"
                selectClassName={selectClass}
                value={track.language ?? ''}
                disabled={props.busy}
                aria-label={t('voiceover.trackLanguageOf', { track: track.name })}
                onChange={(language) => props.onChange(track, { language })}
                options={languages.map((language) => ({ value: language.code, label: language.name }))}
              />
            ) : (
              <span aria-hidden className="hidden sm:block" />
            )}
          </li>
        ))}
      </ul>
      <p className="text-xs text-neutral-500">{t('voiceover.trackSettingsHint')}</p>
    </section>
  )
}
