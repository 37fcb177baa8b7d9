import type { PodcastMode } from '@timbre/contract'
import { useTranslation } from 'react-i18next'
import type { PodcastModes } from '../../lib/api-types'

type ModeInfo = PodcastModes['modes'][number]

// The mode offered first when several work: a written conversation, else the two voices in
// turns (closest to it), else the host alone.
const PREFERENCE: readonly PodcastMode[] = ['conversation', 'turns', 'bulletin']

/** The mode to use: the one picked if this server can make it, else the first that works. */
export function effectiveMode(
  modes: readonly ModeInfo[] | undefined,
  picked: PodcastMode | null,
): PodcastMode | null {
  if (!modes) return null
  const works = (mode: PodcastMode) => modes.some((m) => m.mode === mode && m.available)
  if (picked && works(picked)) return picked
  return PREFERENCE.find(works) ?? null
}

/** The mode radios: a mode this server cannot make is shown, disabled, with the reason why. */
export function PodcastModeChoice({
  modes,
  value,
  onChange,
}: {
  modes: readonly ModeInfo[]
  value: PodcastMode | null
  onChange(mode: PodcastMode): void
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1.5 text-sm font-medium text-neutral-800">{t('podcast.mode')}</legend>
      {modes.map(({ mode, available, unavailable_reason }) => (
        <label
          key={mode}
          data-available={available}
          className={`flex items-start gap-2.5 rounded-lg border border-neutral-200 p-3 text-sm ${available ? '' : 'opacity-70'}`}
        >
          <input
            type="radio"
            name="mode"
            value={mode}
            checked={value === mode}
            disabled={!available}
            onChange={() => onChange(mode)}
            className="mt-0.5 accent-accent-600"
          />
          <span>
            <span className="block font-medium text-neutral-900">{t(`podcast.modes.${mode}`)}</span>
            <span className="block text-neutral-600">{t(`podcast.modeHints.${mode}`)}</span>
            {!available && unavailable_reason && (
              <span className="mt-1 block font-medium text-neutral-700">
                {t(`podcast.unavailable.${unavailable_reason}`)}
              </span>
            )}
          </span>
        </label>
      ))}
    </fieldset>
  )
}
