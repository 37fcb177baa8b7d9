import { useTranslation } from 'react-i18next'
import { Icon } from '../../components/icon'
import type { Voice } from '../../lib/api-types'
import { player, usePlayerState } from '../player/player-store'
import { VoiceAvatar } from '../player/voice-avatar'
import { playVoicePreview } from './play-preview'
import { BADGE_LIST_LIMIT, isOwnVoice, labelText, orderedLabels } from './voice-labels'

/** The category as a short badge; workspace voices say so. */
export function CategoryBadge({ category }: { category: string }) {
  const { t } = useTranslation()
  const known = ['premade', 'cloned', 'generated', 'professional'].includes(category)
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-[11px] font-medium ${
        category === 'premade' ? 'bg-neutral-100 text-neutral-600' : 'bg-accent-50 text-accent-700'
      }`}
    >
      {known ? t(`voices.categories.${category as 'premade'}`) : category}
    </span>
  )
}

/** One voice of the library grid: opens the detail, plays the preview in the player. */
export function VoiceCard({
  voice,
  onOpen,
  languageNames,
}: {
  voice: Voice
  onOpen: (voice: Voice) => void
  languageNames: Intl.DisplayNames | null
}) {
  const { t } = useTranslation()
  const { item, playing } = usePlayerState()
  const isPlaying = playing && item?.type === 'voicePreview' && item.voiceId === voice.voice_id
  const labels = orderedLabels(voice).slice(0, BADGE_LIST_LIMIT)
  return (
    <li className="group relative flex flex-col rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs transition-colors hover:border-neutral-300 focus-within:border-neutral-300">
      <div className="flex items-start gap-3">
        <VoiceAvatar id={voice.voice_id} name={voice.name} />
        <div className="min-w-0 flex-1">
          <h2 className="flex items-center gap-2 text-[15px] font-semibold text-neutral-900">
            <button
              type="button"
              onClick={() => onOpen(voice)}
              className="truncate text-left after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-accent-600"
            >
              {voice.name}
            </button>
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-1.5">
            <CategoryBadge category={voice.category} />
            {isOwnVoice(voice) && (
              <span className="text-[11px] font-medium text-neutral-500">{t('voices.yours')}</span>
            )}
          </div>
        </div>
        {voice.preview_url && (
          <button
            type="button"
            onClick={() => (isPlaying ? player.toggle() : playVoicePreview(voice))}
            aria-label={
              isPlaying
                ? t('voices.pausePreview', { name: voice.name })
                : t('voices.playPreview', { name: voice.name })
            }
            aria-pressed={isPlaying}
            className={`relative z-10 inline-flex size-9 shrink-0 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 ${
              isPlaying ? 'bg-accent-600 text-white' : 'bg-neutral-100 text-neutral-700 hover:bg-neutral-200'
            }`}
          >
            <Icon name={isPlaying ? 'pause' : 'play'} className="size-4" />
          </button>
        )}
      </div>
      <p className="mt-3 line-clamp-2 min-h-10 text-sm text-neutral-600">
        {voice.description || t('voices.noDescription')}
      </p>
      {labels.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('voices.labels')}>
          {labels.map(([key, value]) => (
            <li
              key={key}
              className="max-w-full truncate rounded-md bg-neutral-50 px-2 py-0.5 text-xs text-neutral-600 ring-1 ring-neutral-200 ring-inset"
            >
              {labelText(t, key, value, languageNames)}
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}
