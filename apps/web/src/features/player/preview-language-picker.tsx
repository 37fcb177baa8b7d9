import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Select } from '../../components/select'
import { type PlayerItem, player } from './player-store'

/** For a voice preview recorded in more than one language: plays the one chosen. */
export function PreviewLanguagePicker({ item }: { item: PlayerItem }) {
  const { t, i18n } = useTranslation()
  const names = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'language' }), [i18n.language])
  const previews = item.languagePreviews ?? []
  if (item.type !== 'voicePreview' || previews.length < 2) return null
  return (
    <Select
      value={item.language ?? previews[0]?.language}
      aria-label={t('player.previewLanguage')}
      onChange={(language) => {
        const chosen = previews.find((p) => p.language === language)
        if (!chosen) return
        const { key: _key, ...rest } = item
        player.load({ ...rest, src: chosen.url, language: chosen.language, autoStart: true })
      }}
      className="max-w-28 shrink-0 rounded-md border border-neutral-300 bg-white px-1.5 py-1 text-xs text-neutral-800 focus:outline-2 focus:outline-accent-600"
      options={previews.map((p) => ({ value: p.language, label: names.of(p.language) ?? p.language }))}
    />
  )
}
