import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Switch } from '../../components/switch'
import { DEFAULT_SETTINGS, type Settings, SPEED_RANGE, stabilityWarning } from './tts-rules'

function Slider({
  label,
  value,
  min,
  max,
  step,
  onChange,
  left,
  right,
  display,
  hint,
}: {
  label: string
  value: number
  min: number
  max: number
  step: number
  onChange: (value: number) => void
  left: string
  right: string
  display: string
  hint?: string | null
}) {
  const id = useId()
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-neutral-800">
          {label}
        </label>
        <span className="text-xs text-neutral-500 tabular-nums">{display}</span>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-describedby={hint ? `${id}-hint` : undefined}
        aria-valuetext={display}
        className="mt-2 w-full cursor-pointer"
      />
      <div className="flex justify-between text-[11px] text-neutral-400">
        <span>{left}</span>
        <span>{right}</span>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 rounded-lg bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900">
          {hint}
        </p>
      )}
    </div>
  )
}

const pct = (value: number) => `${Math.round(value * 100)}%`

export function VoiceSettingsPanel({
  settings,
  onChange,
}: {
  settings: Settings
  onChange: (next: Settings) => void
}) {
  const { t } = useTranslation()
  const set = (patch: Partial<Settings>) => onChange({ ...settings, ...patch })
  const warning = stabilityWarning(settings.stability)
  return (
    <div className="space-y-5">
      <Slider
        label={t('tts.speed')}
        value={settings.speed}
        min={SPEED_RANGE[0]}
        max={SPEED_RANGE[1]}
        step={0.01}
        onChange={(speed) => set({ speed })}
        left={t('tts.slower')}
        right={t('tts.faster')}
        display={`${settings.speed.toFixed(2)}×`}
      />
      <Slider
        label={t('tts.stability')}
        value={settings.stability}
        min={0}
        max={1}
        step={0.01}
        onChange={(stability) => set({ stability })}
        left={t('tts.moreVariable')}
        right={t('tts.moreStable')}
        display={pct(settings.stability)}
        hint={warning === 'low' ? t('tts.stabilityLow') : warning === 'high' ? t('tts.stabilityHigh') : null}
      />
      <Slider
        label={t('tts.similarity')}
        value={settings.similarity_boost}
        min={0}
        max={1}
        step={0.01}
        onChange={(similarity_boost) => set({ similarity_boost })}
        left={t('tts.low')}
        right={t('tts.high')}
        display={pct(settings.similarity_boost)}
      />
      <Slider
        label={t('tts.style')}
        value={settings.style}
        min={0}
        max={1}
        step={0.01}
        onChange={(style) => set({ style })}
        left={t('tts.none')}
        right={t('tts.exaggerated')}
        display={pct(settings.style)}
      />
      <div className="flex items-center justify-between gap-3">
        <span className="text-sm font-medium text-neutral-800">{t('tts.speakerBoost')}</span>
        <Switch
          checked={settings.use_speaker_boost}
          onChange={(use_speaker_boost) => set({ use_speaker_boost })}
          label={t('tts.speakerBoost')}
        />
      </div>
      <button
        type="button"
        onClick={() => onChange(DEFAULT_SETTINGS)}
        className="text-xs font-medium text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
      >
        {t('tts.resetSettings')}
      </button>
    </div>
  )
}
