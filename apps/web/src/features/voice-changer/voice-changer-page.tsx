import { useQueryClient } from '@tanstack/react-query'
import {
  DEFAULT_OUTPUT_FORMAT,
  SPEECH_TO_SPEECH_CREDITS_PER_MINUTE,
  SPEECH_TO_SPEECH_MAX_BYTES,
  SPEECH_TO_SPEECH_MAX_SECONDS,
} from '@timbre/contract'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Icon } from '../../components/icon'
import { LabelledSelect } from '../../components/select'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { formatCount } from '../../lib/format-count'
import { player } from '../player/player-store'
import { Waveform } from '../player/waveform'
import { useRecorder } from '../recording/use-recorder'
import { useVoices } from '../tts/tts-queries'
import { convertSpeech } from './voice-changer-api'

const MB = 1024 * 1024

/** Voice changer: a recording (uploaded or made here) spoken again in a chosen voice. */
export function VoiceChangerPage() {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const id = useId()
  const voices = useVoices()
  const [voiceId, setVoiceId] = useState('')
  const [audio, setAudio] = useState<{ blob: Blob; name: string } | null>(null)
  const [pending, setPending] = useState(false)
  const mic = useRecorder()
  const n = (value: number) => formatCount(value, i18n.language)
  const tooBig = !!audio && audio.blob.size > SPEECH_TO_SPEECH_MAX_BYTES
  const target = voices.data?.voices.find((v) => v.voice_id === voiceId) ?? voices.data?.voices[0]

  const convert = async () => {
    if (!audio || !target || tooBig) return
    setPending(true)
    try {
      const response = await convertSpeech(target.voice_id, audio.blob, audio.name)
      const blob = await response.blob()
      player.load({
        type: 'speechToSpeech',
        historyItemId: response.headers.get('history-item-id'),
        title: audio.name,
        text: audio.name,
        voiceId: target.voice_id,
        voiceName: target.name,
        voiceDescription: target.description ?? null,
        voiceCategory: target.category ?? null,
        modelId: 'eleven_multilingual_sts_v2',
        settings: null,
        dateUnix: Math.floor(Date.now() / 1000),
        autoStart: true,
        outputFormat: DEFAULT_OUTPUT_FORMAT,
        src: URL.createObjectURL(blob),
        blob,
        ownsSrc: true,
      })
      void queryClient.invalidateQueries({ queryKey: ['subscription'] })
      void queryClient.invalidateQueries({ queryKey: ['history'] })
    } catch (error) {
      toast({ title: errorText(error), tone: 'error' })
    } finally {
      setPending(false)
    }
  }

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('voiceChanger.title')}</h1>
      <p className="mt-1 text-sm text-neutral-600">{t('voiceChanger.subtitle')}</p>

      <section className="mt-6 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <label
            htmlFor={`${id}-file`}
            className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-neutral-300 px-4 py-6 text-center hover:border-neutral-400 focus-within:outline-2 focus-within:outline-accent-600"
          >
            <Icon name="volume" className="size-6 text-neutral-500" />
            <span className="text-sm font-medium text-neutral-900">{t('voiceChanger.choose')}</span>
            <span className="text-xs text-neutral-500">
              {t('voiceChanger.limits', {
                mb: n(SPEECH_TO_SPEECH_MAX_BYTES / MB),
                minutes: n(SPEECH_TO_SPEECH_MAX_SECONDS / 60),
                credits: n(SPEECH_TO_SPEECH_CREDITS_PER_MINUTE),
              })}
            </span>
            <input
              id={`${id}-file`}
              type="file"
              accept="audio/*,video/webm,video/mp4"
              className="sr-only"
              onChange={(event) => {
                const file = event.target.files?.[0]
                setAudio(file ? { blob: file, name: file.name } : null)
              }}
            />
          </label>
          <div className="flex flex-col items-center justify-center gap-2 rounded-xl border border-neutral-200 px-4 py-6">
            <Button
              variant={mic.recording ? 'secondary' : 'primary'}
              onClick={() =>
                mic.recording
                  ? mic.stop()
                  : void mic.start((blob) => setAudio({ blob, name: t('voiceChanger.recordingName') }))
              }
            >
              <Icon name={mic.recording ? 'stop' : 'speech'} className="size-4" />
              {mic.recording ? t('voiceChanger.stop') : t('voiceChanger.record')}
            </Button>
            <span className="text-xs text-neutral-500">{t('voiceChanger.recordHint')}</span>
          </div>
        </div>
        {mic.denied && (
          <Alert tone="error" className="mt-4">
            {t('voiceChanger.micDenied')}
          </Alert>
        )}
        {audio && (
          <div className="mt-4">
            <p className="truncate text-sm font-medium text-neutral-900">{audio.name}</p>
            <div className="mt-2 h-12">
              <Waveform source={audio.blob} progress={0} onSeek={() => undefined} />
            </div>
          </div>
        )}
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <LabelledSelect
            label={t('voiceChanger.voice')}
            className="min-w-0 flex-1 text-sm font-medium text-neutral-900"
            labelClassName=""
            selectClassName="mt-1 w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900"
            value={target?.voice_id ?? ''}
            onChange={setVoiceId}
            options={(voices.data?.voices ?? []).map((voice) => ({
              value: voice.voice_id,
              label: voice.name,
            }))}
          />
          <Button onClick={() => void convert()} disabled={!audio || !target || tooBig} loading={pending}>
            {t('voiceChanger.convert')}
          </Button>
        </div>
        {tooBig && (
          <Alert tone="warning" className="mt-4">
            {t('voiceChanger.tooBig', {
              mb: n(SPEECH_TO_SPEECH_MAX_BYTES / MB),
              minutes: n(SPEECH_TO_SPEECH_MAX_SECONDS / 60),
            })}
          </Alert>
        )}
      </section>
    </div>
  )
}
