import { DEFAULT_TTS_MODEL_ID } from '@timbre/contract'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Icon } from '../../components/icon'
import { Select } from '../../components/select'
import type { Model, Voice } from '../../lib/api-types'
import { formatCount } from '../../lib/format-count'
import { type DialogueRow, dialogueInputs, dialogueTitleText, loadDialogue, saveDialogue } from './dialogue'
import { DialogueEditor } from './dialogue-editor'
import { ModelPicker } from './model-picker'
import { useDefaultVoices, useModels, useRequestedVoice, useSubscription, useVoicesById } from './tts-queries'
import {
  characterCount,
  creditCost,
  creditsRemaining,
  DEFAULT_SETTINGS,
  generateBlocker,
  maxCharacters,
  OUTPUT_FORMATS,
  type Settings,
} from './tts-rules'
import { useGenerate } from './use-generate'
import { VoicePicker } from './voice-picker'
import { VoiceSettingsPanel } from './voice-settings-panel'

type Mode = 'text' | 'dialogue'

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-b border-neutral-200 py-5 first:pt-0 last:border-b-0 last:pb-0">
      <h2 className="mb-3 text-xs font-semibold tracking-wide text-neutral-500 uppercase">{title}</h2>
      {children}
    </section>
  )
}

export function TtsPage() {
  const { t, i18n } = useTranslation()
  const textId = useId()
  const formatId = useId()
  const models = useModels()
  const [params] = useSearchParams()
  const defaults = useDefaultVoices()
  const requested = useRequestedVoice(params.get('voice_id'))
  const subscription = useSubscription()
  const generate = useGenerate()

  const [mode, setMode] = useState<Mode>('text')
  const [text, setText] = useState('')
  const [voice, setVoice] = useState<Voice | null>(null)
  const [model, setModel] = useState<Model | null>(null)
  const [settings, setSettings] = useState<Settings>(DEFAULT_SETTINGS)
  const [format, setFormat] = useState<string>(OUTPUT_FORMATS[0])
  const [rows, setRows] = useState<DialogueRow[]>(loadDialogue)
  const [seen, setSeen] = useState<Map<string, Voice>>(new Map())

  const ttsModels = useMemo(() => (models.data ?? []).filter((m) => m.can_do_text_to_speech), [models.data])
  useEffect(() => {
    if (!model && ttsModels.length > 0)
      setModel(ttsModels.find((m) => m.model_id === DEFAULT_TTS_MODEL_ID) ?? ttsModels[0] ?? null)
  }, [model, ttsModels])
  const rowVoices = useVoicesById(rows.map((row) => row.voice_id))
  // A page opened for one voice (the library's "Use" button) starts with it; otherwise with
  // the library's first English voice.
  const firstVoice = defaults.data?.voices[0] ?? null
  const waitingForRequested = requested.fetchStatus === 'fetching'
  const startVoice = requested.data ?? (waitingForRequested ? null : firstVoice)
  const requestedId = requested.data?.voice_id
  const applied = useRef<string | null>(null)
  useEffect(() => {
    if (!startVoice || applied.current === startVoice.voice_id) return
    // The first English voice only fills an empty choice; a requested voice replaces it.
    if (voice && startVoice.voice_id !== requestedId) return
    applied.current = startVoice.voice_id
    setVoice(startVoice)
    if (startVoice.settings) setSettings({ ...DEFAULT_SETTINGS, ...startVoice.settings })
  }, [voice, startVoice, requestedId])
  useEffect(() => saveDialogue(rows), [rows])
  // An empty dialogue starts as two lines between the first two voices.
  const secondVoice = defaults.data?.voices[1] ?? firstVoice
  useEffect(() => {
    if (rows.length === 0 && firstVoice && secondVoice) {
      setRows([
        { voice_id: firstVoice.voice_id, text: '' },
        { voice_id: secondVoice.voice_id, text: '' },
      ])
    }
  }, [rows.length, firstVoice, secondVoice])

  const voiceMap = useMemo(() => {
    const map = new Map<string, Voice>()
    for (const v of [...(defaults.data?.voices ?? []), ...(rowVoices.data?.voices ?? [])])
      map.set(v.voice_id, v)
    if (requested.data) map.set(requested.data.voice_id, requested.data)
    for (const [id, v] of seen) map.set(id, v)
    return map
  }, [defaults.data, rowVoices.data, requested.data, seen])
  const remember = (v: Voice) => setSeen((current) => new Map(current).set(v.voice_id, v))

  const pickVoice = (v: Voice) => {
    remember(v)
    setVoice(v)
    if (v.settings) setSettings({ ...DEFAULT_SETTINGS, ...v.settings })
  }

  const inputs = dialogueInputs(rows)
  const spoken = mode === 'text' ? text : inputs.map((row) => row.text).join('')
  const characters = characterCount(spoken)
  const multiplier = model?.model_rates.character_cost_multiplier ?? 1
  const cost = creditCost(characters, multiplier)
  const quota = subscription.data ?? null
  const max = maxCharacters(model, quota?.is_paid ?? false)
  const remaining = quota ? creditsRemaining(quota) : null
  const blocker = generateBlocker({
    characters,
    max,
    cost,
    quota,
    hasVoice: mode === 'text' ? !!voice : inputs.length > 0,
  })
  const n = (value: number) => formatCount(value, i18n.language)

  const start = () => {
    if (blocker || !model) return
    const voiceSettings = { ...settings }
    if (mode === 'text' && voice) {
      void generate.run({
        kind: 'speech',
        voice,
        outputFormat: format,
        body: { text, model_id: model.model_id, voice_settings: voiceSettings },
      })
      return
    }
    const names = [...new Set(inputs.map((row) => voiceMap.get(row.voice_id)?.name).filter(Boolean))]
    void generate.run({
      kind: 'dialogue',
      outputFormat: format,
      title: dialogueTitleText(inputs),
      voiceName: names.join(', '),
      body: { inputs, model_id: model.model_id, settings: voiceSettings },
    })
  }

  const tab = (value: Mode, label: string, icon: 'speech' | 'dialogue') => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === value}
      onClick={() => setMode(value)}
      className={`inline-flex items-center gap-2 rounded-lg px-3.5 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-accent-600 ${
        mode === value ? 'bg-white text-neutral-900 shadow-sm' : 'text-neutral-600 hover:text-neutral-900'
      }`}
    >
      <Icon name={icon} className="size-4" />
      {label}
    </button>
  )

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('tts.title')}</h1>
          <p className="mt-1 text-sm text-neutral-600">{t('tts.subtitle')}</p>
        </div>
        <div role="tablist" aria-label={t('tts.mode')} className="inline-flex rounded-xl bg-neutral-100 p-1">
          {tab('text', t('tts.modeText'), 'speech')}
          {tab('dialogue', t('tts.modeDialogue'), 'dialogue')}
        </div>
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_19rem]">
        <div className="flex min-h-[22rem] flex-col self-start rounded-2xl border border-neutral-200 bg-white shadow-xs lg:sticky lg:top-24">
          <div className="flex-1 p-4 sm:p-5">
            {mode === 'text' ? (
              <>
                <label htmlFor={textId} className="sr-only">
                  {t('tts.textLabel')}
                </label>
                <textarea
                  id={textId}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  placeholder={t('tts.placeholder')}
                  className="block h-full min-h-64 w-full resize-none border-0 bg-transparent p-0 text-base leading-relaxed text-neutral-900 placeholder:text-neutral-400 focus:outline-none"
                />
              </>
            ) : (
              <DialogueEditor rows={rows} onChange={setRows} voices={voiceMap} onVoiceSeen={remember} />
            )}
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-neutral-200 px-4 py-3 sm:px-5">
            <p className="text-xs text-neutral-600 tabular-nums" aria-live="polite" data-testid="tts-counter">
              <span className={characters > max ? 'font-semibold text-red-700' : ''}>
                {t('tts.characters', { count: characters, max: n(max) })}
              </span>
              <span className="mx-1.5 text-neutral-300" aria-hidden="true">
                ·
              </span>
              {t('tts.cost', { cost: n(cost) })}
              {remaining !== null && (
                <>
                  <span className="mx-1.5 text-neutral-300" aria-hidden="true">
                    ·
                  </span>
                  {t('tts.remaining', { credits: n(remaining) })}
                </>
              )}
            </p>
            <div className="ml-auto flex items-center gap-2">
              {generate.pending && (
                <Button variant="ghost" onClick={generate.stop}>
                  {t('tts.stop')}
                </Button>
              )}
              <Button onClick={start} disabled={!!blocker || !model} loading={generate.pending}>
                {t('tts.generate')}
              </Button>
            </div>
          </div>
        </div>

        <aside
          className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5"
          aria-label={t('tts.settings')}
        >
          {mode === 'text' && (
            <Panel title={t('tts.voice')}>
              <VoicePicker voice={voice} onChange={pickVoice} label={t('tts.voice')} />
            </Panel>
          )}
          <Panel title={t('tts.model')}>
            <ModelPicker models={ttsModels} model={model} onChange={setModel} />
          </Panel>
          <Panel title={t('tts.settings')}>
            <VoiceSettingsPanel settings={settings} onChange={setSettings} />
          </Panel>
          <Panel title={t('tts.format')}>
            <label htmlFor={formatId} className="sr-only">
              {t('tts.format')}
            </label>
            <Select
              id={formatId}
              value={format}
              onChange={setFormat}
              className="block w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 focus:border-accent-600 focus:outline-2 focus:outline-accent-600/20"
              options={OUTPUT_FORMATS.map((value) => ({ value, label: t(`tts.formats.${value}`) }))}
            />
          </Panel>
        </aside>
      </div>
      {blocker === 'tooLong' && (
        <Alert tone="warning" className="mt-4">
          {t('tts.tooLong', { max: n(max) })}
        </Alert>
      )}
      {blocker === 'noCredits' && (
        <Alert tone="warning" className="mt-4">
          {t('tts.noCredits')}
        </Alert>
      )}
      {(models.isError || defaults.isError) && (
        <Alert tone="error" className="mt-4">
          {t('errors.generic')}
        </Alert>
      )}
    </div>
  )
}
