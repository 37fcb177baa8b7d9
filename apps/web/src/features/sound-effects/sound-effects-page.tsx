import { useQueryClient } from '@tanstack/react-query'
import { SOUND_EFFECT_MODEL_ID } from '@timbre/contract'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { LabelledSelect } from '../../components/select'
import { Switch } from '../../components/switch'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { formatCount } from '../../lib/format-count'
import { player } from '../player/player-store'
import { OUTPUT_FORMATS } from '../tts/tts-rules'
import { generateSoundEffect } from './sound-effects-api'
import { SoundEffectsLibrary } from './sound-effects-library'
import {
  blockerOf,
  costOf,
  DEFAULT_INFLUENCE,
  DURATION_MAX,
  DURATION_MIN,
  EXAMPLES,
  type ExampleKey,
  type SoundEffectForm,
  TEXT_MAX,
} from './sound-effects-rules'

const TITLE_MAX = 80

/** Sound effects: a prompt, a length (automatic or set), prompt influence and loop; plays in the player. */
export function SoundEffectsPage() {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const textId = useId()
  const durationId = useId()
  const influenceId = useId()
  const [form, setForm] = useState<SoundEffectForm>({
    text: '',
    automatic: true,
    seconds: 5,
    influence: DEFAULT_INFLUENCE,
    loop: false,
  })
  const [format, setFormat] = useState<string>(OUTPUT_FORMATS[0])
  const [pending, setPending] = useState(false)
  const abortRef = useRef<AbortController | null>(null)
  const change = (patch: Partial<SoundEffectForm>) => setForm((f) => ({ ...f, ...patch }))
  const n = (value: number) => formatCount(value, i18n.language)
  const cost = costOf(form)
  const blocker = blockerOf(form)

  const generate = async () => {
    if (blocker) return
    abortRef.current?.abort()
    const abort = new AbortController()
    abortRef.current = abort
    setPending(true)
    try {
      const settings = {
        duration_seconds: form.automatic ? null : form.seconds,
        prompt_influence: form.influence,
        loop: form.loop,
      }
      const response = await generateSoundEffect({ text: form.text, ...settings }, format, abort.signal)
      const blob = await response.blob()
      const text = form.text.trim()
      player.load({
        type: 'soundEffect',
        historyItemId: response.headers.get('history-item-id'),
        title: text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX)}…` : text,
        text,
        voiceId: null,
        voiceName: t('soundEffects.playerLabel'),
        voiceDescription: null,
        voiceCategory: null,
        modelId: SOUND_EFFECT_MODEL_ID,
        settings,
        dateUnix: Math.floor(Date.now() / 1000),
        autoStart: true,
        outputFormat: format,
        src: URL.createObjectURL(blob),
        blob,
        ownsSrc: true,
      })
      void queryClient.invalidateQueries({ queryKey: ['subscription'] })
      void queryClient.invalidateQueries({ queryKey: ['sfx-history'] })
    } catch (error) {
      if (!abort.signal.aborted) toast({ title: errorText(error), tone: 'error' })
    } finally {
      if (abortRef.current === abort) setPending(false)
    }
  }

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('soundEffects.title')}</h1>
      <p className="mt-1 text-sm text-neutral-600">{t('soundEffects.subtitle')}</p>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_19rem]">
        <div className="flex flex-col self-start rounded-2xl border border-neutral-200 bg-white shadow-xs">
          <div className="p-4 sm:p-5">
            <label htmlFor={textId} className="sr-only">
              {t('soundEffects.promptLabel')}
            </label>
            <textarea
              id={textId}
              value={form.text}
              maxLength={TEXT_MAX}
              onChange={(event) => change({ text: event.target.value })}
              placeholder={t('soundEffects.placeholder')}
              className="block min-h-40 w-full resize-none border-0 bg-transparent p-0 text-base leading-relaxed text-neutral-900 placeholder:text-neutral-400 focus:outline-none"
            />
            <h2 className="mt-4 text-xs font-semibold tracking-wide text-neutral-500 uppercase">
              {t('soundEffects.examplesTitle')}
            </h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {(Object.keys(EXAMPLES) as ExampleKey[]).map((key) => (
                <li key={key}>
                  <button
                    type="button"
                    onClick={() => change({ text: EXAMPLES[key] })}
                    className="rounded-full border border-neutral-200 px-3 py-1 text-sm text-neutral-700 hover:border-neutral-400 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent-600"
                  >
                    {t(`soundEffects.examples.${key}`)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-neutral-200 px-4 py-3 sm:px-5">
            <p className="text-xs text-neutral-600 tabular-nums" aria-live="polite">
              {t('soundEffects.cost', { cost: n(cost) })}
            </p>
            <div className="ml-auto flex items-center gap-2">
              {pending && (
                <Button variant="ghost" onClick={() => abortRef.current?.abort()}>
                  {t('tts.stop')}
                </Button>
              )}
              <Button onClick={() => void generate()} disabled={!!blocker} loading={pending}>
                {t('soundEffects.generate')}
              </Button>
            </div>
          </div>
        </div>

        <aside
          className="space-y-5 rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-5"
          aria-label={t('soundEffects.settings')}
        >
          <div>
            <div className="flex items-center justify-between gap-3">
              <span className="text-sm font-medium text-neutral-900">
                {t('soundEffects.automaticDuration')}
              </span>
              <Switch
                checked={form.automatic}
                onChange={(automatic) => change({ automatic })}
                label={t('soundEffects.automaticDuration')}
              />
            </div>
            {!form.automatic && (
              <>
                <label htmlFor={durationId} className="mt-3 flex justify-between text-sm text-neutral-700">
                  <span>{t('soundEffects.duration')}</span>
                  <span className="tabular-nums">{t('soundEffects.seconds', { seconds: form.seconds })}</span>
                </label>
                <input
                  id={durationId}
                  type="range"
                  min={DURATION_MIN}
                  max={DURATION_MAX}
                  step={0.5}
                  value={form.seconds}
                  onChange={(event) => change({ seconds: Number(event.target.value) })}
                  aria-valuetext={t('soundEffects.seconds', { seconds: form.seconds })}
                  className="mt-2 w-full cursor-pointer"
                />
              </>
            )}
            <p className="mt-2 text-xs text-neutral-500">{t('soundEffects.durationHint')}</p>
            <p className="mt-1 text-xs text-neutral-500">{t('soundEffects.englishHint')}</p>
          </div>
          <div>
            <label htmlFor={influenceId} className="flex justify-between text-sm text-neutral-700">
              <span>{t('soundEffects.influence')}</span>
              <span className="tabular-nums">{Math.round(form.influence * 100)}%</span>
            </label>
            <input
              id={influenceId}
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={form.influence}
              onChange={(event) => change({ influence: Number(event.target.value) })}
              aria-valuetext={`${Math.round(form.influence * 100)}%`}
              className="mt-2 w-full cursor-pointer"
            />
            <div className="flex justify-between text-[11px] text-neutral-400">
              <span>{t('soundEffects.moreCreative')}</span>
              <span>{t('soundEffects.followPrompt')}</span>
            </div>
          </div>
          <div className="flex items-center justify-between gap-3">
            <span className="text-sm font-medium text-neutral-900">{t('soundEffects.loop')}</span>
            <Switch
              checked={form.loop}
              onChange={(loop) => change({ loop })}
              label={t('soundEffects.loop')}
            />
          </div>
          <LabelledSelect
            label={t('tts.format')}
            labelClassName="text-sm text-neutral-700"
            selectClassName="mt-2 block w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 focus:border-accent-600 focus:outline-2 focus:outline-accent-600/20"
            value={format}
            onChange={setFormat}
            options={OUTPUT_FORMATS.map((value) => ({ value, label: t(`tts.formats.${value}`) }))}
          />
        </aside>
      </div>
      <SoundEffectsLibrary
        onUsePrompt={(text) => {
          setForm((f) => ({ ...f, text }))
          window.scrollTo({ top: 0, behavior: 'smooth' })
        }}
      />
    </div>
  )
}
