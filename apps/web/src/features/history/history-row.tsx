import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../components/icon'
import type { HistoryItem } from '../../lib/api-types'
import { FeedbackControls } from '../player/feedback-controls'
import { player, usePlayerState } from '../player/player-store'
import { VoiceAvatar } from '../player/voice-avatar'
import { ShareDialog } from '../share/share-dialog'
import { historyAudioUrl } from './history-api'

/** Plays a history item in the persistent player. */
export function playHistoryItem(item: HistoryItem): void {
  const text = item.text ?? item.dialogue?.map((line) => line.text).join(' ') ?? ''
  player.load({
    type: 'speechHistoryItem',
    historyItemId: item.history_item_id,
    title: text.length > 80 ? `${text.slice(0, 80)}…` : text,
    text,
    voiceId: item.voice_id,
    voiceName: item.voice_name ?? item.dialogue?.map((line) => line.voice_name).join(', ') ?? null,
    voiceDescription: null,
    voiceCategory: item.voice_category,
    modelId: item.model_id,
    settings: item.settings,
    dateUnix: item.date_unix,
    src: historyAudioUrl(item.history_item_id),
    loaded: true,
    autoStart: true,
    feedback: item.feedback,
    outputFormat: item.output_format,
  })
}

export function HistoryRow({
  item,
  selected,
  onSelect,
  onDownload,
  onDelete,
  dateText,
}: {
  item: HistoryItem
  selected: boolean
  onSelect: () => void
  onDownload: () => void
  onDelete: () => void
  dateText: string
}) {
  const { t } = useTranslation()
  const { item: current, playing } = usePlayerState()
  const [sharing, setSharing] = useState(false)
  const isCurrent = current?.historyItemId === item.history_item_id
  const text = item.text ?? item.dialogue?.map((line) => line.text).join(' ') ?? ''
  const voiceName = item.voice_name ?? item.dialogue?.map((line) => line.voice_name).join(', ') ?? '—'
  const action =
    'inline-flex size-8 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent-600'
  const actions = (
    <>
      <button
        type="button"
        className={action}
        onClick={() => setSharing(true)}
        aria-label={t('history.share')}
      >
        <Icon name="share" className="size-4" />
      </button>
      <button type="button" className={action} onClick={onDownload} aria-label={t('history.download')}>
        <Icon name="download" className="size-4" />
      </button>
      <button type="button" className={action} onClick={onDelete} aria-label={t('history.delete')}>
        <Icon name="trash" className="size-4" />
      </button>
    </>
  )
  return (
    <li
      className={`group flex gap-3 rounded-xl px-2 py-3 transition-colors sm:px-3 ${
        selected ? 'bg-accent-50' : isCurrent ? 'bg-neutral-50' : 'hover:bg-neutral-50'
      }`}
      data-testid="history-row"
    >
      <input
        type="checkbox"
        checked={selected}
        onChange={onSelect}
        aria-label={t('history.select', { text: text.slice(0, 40) })}
        className="mt-2.5 size-4 shrink-0 rounded accent-accent-600"
      />
      <button
        type="button"
        onClick={() => (isCurrent ? player.toggle() : playHistoryItem(item))}
        aria-label={isCurrent && playing ? t('player.pause') : t('history.play', { text: text.slice(0, 40) })}
        className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full border transition-colors focus-visible:outline-2 focus-visible:outline-accent-600 ${
          isCurrent
            ? 'border-accent-600 bg-accent-600 text-white'
            : 'border-neutral-200 bg-white text-neutral-700 hover:border-neutral-300'
        }`}
      >
        <Icon name={isCurrent && playing ? 'pause' : 'play'} className="size-4" />
      </button>
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm text-neutral-900">{text}</p>
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-neutral-500">
          <span className="inline-flex items-center gap-1.5">
            <VoiceAvatar id={item.voice_id} name={voiceName} size="xs" />
            <span className="max-w-40 truncate font-medium text-neutral-700">{voiceName}</span>
          </span>
          <span aria-hidden="true">·</span>
          <time dateTime={new Date(item.date_unix * 1000).toISOString()}>{dateText}</time>
          <span aria-hidden="true">·</span>
          <span>
            {t('history.chars', {
              count: Math.abs(item.character_count_change_to - item.character_count_change_from),
            })}
          </span>
          {item.source && item.source !== 'TTS' && (
            <span className="rounded bg-neutral-100 px-1.5 py-0.5 text-[10px] font-medium">
              {item.source}
            </span>
          )}
          {item.feedback && (
            <span className="inline-flex items-center gap-1 rounded bg-neutral-100 px-1.5 py-0.5 text-[10px] font-medium">
              <Icon name={item.feedback.thumbs_up ? 'thumbsUp' : 'thumbsDown'} className="size-3" />
              {item.feedback.review_status === 'not_reviewed'
                ? t('history.feedbackSent')
                : t('history.feedbackReviewed')}
            </span>
          )}
        </div>
        <div className="mt-1 -ml-2 flex items-center gap-0.5 sm:hidden">
          {item.voice_name && (
            <FeedbackControls historyItemId={item.history_item_id} feedback={item.feedback} size="sm" />
          )}
          {actions}
        </div>
      </div>
      <div className="hidden shrink-0 items-start gap-0.5 sm:flex">
        {item.voice_name && (
          <FeedbackControls historyItemId={item.history_item_id} feedback={item.feedback} size="sm" />
        )}
        {actions}
      </div>
      {sharing && (
        <ShareDialog
          historyItemId={item.history_item_id}
          open
          onOpenChange={(open) => !open && setSharing(false)}
        />
      )}
    </li>
  )
}
