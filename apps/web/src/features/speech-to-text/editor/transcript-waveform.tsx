import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The waveform of a transcript's audio, drawn from the bars the server keeps (0 to 100): the
 * played part in the accent colour, the current segment shaded; a click plays from that time.
 */
export function TranscriptWaveform({
  peaks,
  duration,
  time,
  highlight,
  onSeek,
}: {
  peaks: readonly number[]
  duration: number
  time: number | null
  highlight: { start: number; end: number } | null
  onSeek: (seconds: number) => void
}) {
  const { t } = useTranslation()
  const canvas = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    const element = canvas.current
    const context = element?.getContext('2d')
    if (!element || !context || peaks.length === 0 || duration <= 0) return
    const ratio = window.devicePixelRatio || 1
    const width = element.clientWidth
    const height = element.clientHeight
    element.width = Math.round(width * ratio)
    element.height = Math.round(height * ratio)
    context.setTransform(ratio, 0, 0, ratio, 0, 0)
    context.clearRect(0, 0, width, height)
    const styles = getComputedStyle(element)
    const played = styles.getPropertyValue('--color-accent-600').trim() || '#4f46e5'
    const rest = styles.getPropertyValue('--color-neutral-400').trim() || '#a3a3a3'
    if (highlight) {
      // A faint wash of the accent reads on light and dark backgrounds alike.
      context.globalAlpha = 0.14
      context.fillStyle = played
      const x = (highlight.start / duration) * width
      context.fillRect(x, 0, Math.max(2, ((highlight.end - highlight.start) / duration) * width), height)
      context.globalAlpha = 1
    }
    // One bar per 3 pixels: the server's bars are merged (loudest wins) to fit the width.
    const bars = Math.max(1, Math.min(peaks.length, Math.floor(width / 3)))
    const per = peaks.length / bars
    const at = time === null ? -1 : (time / duration) * width
    for (let b = 0; b < bars; b++) {
      let peak = 0
      for (let i = Math.floor(b * per); i < Math.floor((b + 1) * per); i++)
        peak = Math.max(peak, peaks[i] ?? 0)
      const x = (b / bars) * width
      const h = Math.max(2, (peak / 100) * (height - 4))
      context.fillStyle = x <= at ? played : rest
      context.fillRect(x, (height - h) / 2, Math.max(1, width / bars - 1), h)
    }
    if (at >= 0) {
      context.fillStyle = played
      context.fillRect(at, 0, 2, height)
    }
  }, [peaks, duration, time, highlight])

  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={t('transcriptEditor.waveform')}
      data-testid="transcript-waveform"
      className="h-20 w-full cursor-pointer rounded-lg bg-neutral-50"
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect()
        onSeek(((event.clientX - box.left) / box.width) * duration)
      }}
    />
  )
}
