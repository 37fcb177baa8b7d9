import { SEEK_STEP, SKIP_BUTTON_SECONDS, SKIP_KEY_SECONDS } from '@timbre/contract'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, type IconName } from '../../components/icon'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { historyAudioUrl } from '../history/history-api'
import { ShareDialog } from '../share/share-dialog'
import { downloadPlayerItem } from './download'
import { FeedbackControls } from './feedback-controls'
import { feedbackVisible } from './feedback-timing'
import { displayDuration, formatTime, fractionOf, skipTime, timeAtFraction } from './player-math'
import { type PlayerItem, player, usePlayerState } from './player-store'
import { PreviewLanguagePicker } from './preview-language-picker'
import { SpeedMenu } from './speed-menu'
import { useAudio } from './use-audio'
import { useHistoryPoll } from './use-history-poll'
import { VoiceAvatar } from './voice-avatar'
import { Waveform } from './waveform'

function IconButton({
  icon,
  label,
  onClick,
  disabled,
  className = '',
  expanded,
}: {
  icon: IconName
  label: string
  onClick: () => void
  disabled?: boolean
  className?: string
  expanded?: boolean
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-expanded={expanded}
      disabled={disabled}
      onClick={onClick}
      className={`inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-neutral-600 transition-colors hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent-600 disabled:opacity-40 disabled:hover:bg-transparent ${className}`}
    >
      <Icon name={icon} className="size-[18px]" />
    </button>
  )
}

/** Keys a focused control handles itself: typing, sliders, menus, buttons (space clicks them). */
function ownsKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  const tag = target.tagName
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true
  if (target.closest('[role="menu"],[role="dialog"],[role="listbox"],[role="slider"]')) return true
  return key === ' ' && (tag === 'BUTTON' || tag === 'A' || target.getAttribute('role') === 'button')
}

/** The persistent player: a 5rem bar at the bottom of every app page, with an expanded panel. */
export function PlayerBar() {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const { item, expanded } = usePlayerState()
  const [speed, setSpeed] = useState(1)
  const [hidden, setHidden] = useState(false)
  const [sharing, setSharing] = useState(false)
  const [downloading, setDownloading] = useState(false)
  const { ref, state, toggle, seek } = useAudio(item, speed)
  useHistoryPoll(item)

  const duration = displayDuration(state.duration, item?.text ?? '')
  const fraction = fractionOf(state.current, duration)
  const skip = (delta: number) => seek(skipTime(state.current, delta, duration))

  const itemKey = item?.key
  // A new item brings a hidden player back.
  useEffect(() => {
    if (itemKey) setHidden(false)
  }, [itemKey])

  useEffect(() => {
    if (!item) return
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      if (ownsKey(event.target, event.key)) return
      if (event.key === ' ') {
        event.preventDefault()
        toggle()
      } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault()
        const audio = ref.current
        const now = audio?.currentTime ?? 0
        seek(skipTime(now, event.key === 'ArrowLeft' ? -SKIP_KEY_SECONDS : SKIP_KEY_SECONDS, duration))
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [item, toggle, seek, duration, ref])

  const download = async (current: PlayerItem) => {
    setDownloading(true)
    try {
      await downloadPlayerItem(current)
    } catch (error) {
      toast({
        title: error instanceof Error && !('status' in error) ? error.message : errorText(error),
        tone: 'error',
      })
    } finally {
      setDownloading(false)
    }
  }

  const showFeedback =
    !!item?.historyItemId && item.loaded && !!item.voiceName && feedbackVisible(state.current, state.ended)
  const waveSource = item
    ? (item.blob ??
      (item.historyItemId && item.loaded && !item.streaming ? historyAudioUrl(item.historyItemId) : null))
    : null

  // biome-ignore lint/a11y/useMediaCaption: generated speech has no caption track; its text is shown beside the player.
  const audio = <audio ref={ref} preload="auto" data-testid="player-audio" className="hidden" />
  // The <audio> element keeps one place in the tree, so React never swaps it for a new one.
  return (
    <>
      {audio}
      {item && renderBar(item)}
    </>
  )

  function renderBar(item: PlayerItem) {
    const playButton = (big: boolean) => (
      <button
        type="button"
        onClick={toggle}
        aria-label={state.playing ? t('player.pause') : t('player.play')}
        className={`inline-flex shrink-0 items-center justify-center rounded-full bg-neutral-900 text-white shadow-sm transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 ${
          big ? 'size-11' : 'size-10'
        }`}
      >
        <Icon name={state.playing ? 'pause' : 'play'} className="size-5" />
      </button>
    )
    const skipButtons = (
      <>
        <IconButton
          icon="back10"
          label={t('player.back', { seconds: SKIP_BUTTON_SECONDS })}
          onClick={() => skip(-SKIP_BUTTON_SECONDS)}
        />
        {playButton(true)}
        <IconButton
          icon="fwd10"
          label={t('player.forward', { seconds: SKIP_BUTTON_SECONDS })}
          onClick={() => skip(SKIP_BUTTON_SECONDS)}
        />
      </>
    )
    const canUseHistory = !!item.historyItemId && item.loaded
    // A song is shared through its own page, once the server has named it.
    const songId = item.type === 'music' ? (item.songId ?? null) : null
    const actions = (
      <>
        {showFeedback && item.historyItemId && (
          <FeedbackControls historyItemId={item.historyItemId} feedback={item.feedback} />
        )}
        <SpeedMenu speed={speed} onChange={setSpeed} />
        <IconButton
          icon="download"
          label={t('player.download')}
          onClick={() => void download(item)}
          disabled={downloading || (item.streaming && !canUseHistory)}
        />
        <IconButton
          icon="share"
          label={t('player.share')}
          onClick={() => setSharing(true)}
          disabled={!canUseHistory && !songId}
        />
      </>
    )

    if (hidden) {
      return (
        <div className="fixed right-4 bottom-20 z-30 flex items-center gap-1 rounded-full border border-neutral-200 bg-white p-1 shadow-lg lg:bottom-4">
          {playButton(false)}
          <IconButton
            icon="chevronUp"
            label={t('player.show')}
            onClick={() => setHidden(false)}
            className="rounded-full"
          />
        </div>
      )
    }

    return (
      <section
        aria-label={t('player.label')}
        className="fixed inset-x-0 bottom-16 z-20 border-t border-neutral-200 bg-white shadow-[0_-8px_24px_-12px_rgb(0_0_0/0.15)] backdrop-blur lg:bottom-0 lg:left-60"
      >
        {expanded && (
          <div className="border-b border-neutral-200 px-4 pt-4 pb-3 sm:px-6">
            <div className="mx-auto max-w-5xl">
              <Waveform
                source={waveSource}
                progress={fraction}
                onSeek={(f) => seek(timeAtFraction(f, duration))}
              />
              <p className="mt-3 line-clamp-3 text-sm text-neutral-700">{item.text}</p>
              <div className="mt-3 flex flex-wrap items-center justify-center gap-1 md:hidden">
                {skipButtons}
              </div>
              <div className="mt-2 flex flex-wrap items-center justify-center gap-1 md:hidden">
                {actions}
                <IconButton icon="minimize" label={t('player.hide')} onClick={() => setHidden(true)} />
                <IconButton icon="x" label={t('player.close')} onClick={() => player.clear()} />
              </div>
            </div>
          </div>
        )}
        <div className="flex h-20 flex-col justify-center gap-1.5 px-3 md:flex-row md:items-center md:gap-6 md:px-5">
          <div className="flex min-w-0 items-center gap-3 md:w-64 md:shrink-0 xl:w-80">
            <VoiceAvatar id={item.voiceId} name={item.voiceName} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-neutral-900" data-testid="player-title">
                {item.title}
              </p>
              <p className="truncate text-xs text-neutral-500">
                {[item.voiceName, item.voiceDescription].filter(Boolean).join(' · ')}
                {item.streaming && <span className="ml-1.5 text-accent-600">{t('player.streaming')}</span>}
              </p>
            </div>
            <PreviewLanguagePicker item={item} />
            <div className="flex items-center gap-1 md:hidden">
              {playButton(false)}
              <IconButton
                icon={expanded ? 'chevronDown' : 'chevronUp'}
                label={expanded ? t('player.collapse') : t('player.expand')}
                expanded={expanded}
                onClick={() => player.setExpanded(!expanded)}
              />
            </div>
          </div>
          <div className="flex min-w-0 flex-1 flex-col items-center gap-0.5">
            <div className="hidden items-center gap-2 md:flex">{skipButtons}</div>
            <div className="flex w-full items-center gap-2.5 text-[11px] text-neutral-500 tabular-nums">
              <span className="w-10 text-right" data-testid="player-elapsed">
                {formatTime(state.current)}
              </span>
              <input
                type="range"
                min={0}
                max={1}
                step={SEEK_STEP}
                value={fraction}
                aria-label={t('player.seek')}
                aria-valuetext={t('player.position', {
                  elapsed: formatTime(state.current),
                  total: formatTime(duration),
                })}
                onChange={(event) => seek(timeAtFraction(Number(event.target.value), duration))}
                className="h-1 min-w-0 flex-1 cursor-pointer"
              />
              <span className="w-10" data-testid="player-duration">
                {state.duration === null ? '~' : ''}
                {formatTime(duration)}
              </span>
            </div>
          </div>
          <div className="hidden shrink-0 items-center gap-1 md:flex">
            {actions}
            <span className="mx-1 h-6 w-px bg-neutral-200" aria-hidden="true" />
            <IconButton
              icon={expanded ? 'chevronDown' : 'chevronUp'}
              label={expanded ? t('player.collapse') : t('player.expand')}
              expanded={expanded}
              onClick={() => player.setExpanded(!expanded)}
            />
            <IconButton icon="minimize" label={t('player.hide')} onClick={() => setHidden(true)} />
            <IconButton icon="x" label={t('player.close')} onClick={() => player.clear()} />
          </div>
        </div>
        {state.error && (
          <p className="sr-only" role="alert">
            {t('player.error')}
          </p>
        )}
        {sharing && (item.historyItemId || songId) && (
          <ShareDialog
            historyItemId={item.historyItemId}
            songId={songId}
            open
            onOpenChange={(open) => !open && setSharing(false)}
          />
        )}
      </section>
    )
  }
}
