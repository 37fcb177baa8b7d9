import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { computePeaks } from './peaks'

const BARS = 160

/** Decodes audio with Web Audio and keeps the peaks of its first channel. */
async function decodePeaks(data: ArrayBuffer): Promise<number[]> {
  const context = new OfflineAudioContext(1, 1, 44_100)
  const buffer = await context.decodeAudioData(data)
  return computePeaks(buffer.getChannelData(0), BARS)
}

/** Waits for the whole audio (a stream finishes first), then loads its peaks. */
function usePeaks(source: Blob | string | null): number[] | null {
  const [peaks, setPeaks] = useState<number[] | null>(null)
  useEffect(() => {
    setPeaks(null)
    if (!source) return
    let live = true
    const load = async () => {
      const data =
        typeof source === 'string'
          ? await (await fetch(source, { credentials: 'same-origin' })).arrayBuffer()
          : await source.arrayBuffer()
      const next = await decodePeaks(data)
      if (live) setPeaks(next)
    }
    load().catch((error: unknown) => console.info('No waveform for this audio', error))
    return () => {
      live = false
    }
  }, [source])
  return peaks
}

/** The waveform of the item on show; played bars take the accent colour; a click seeks. */
export function Waveform({
  source,
  progress,
  onSeek,
}: {
  source: Blob | string | null
  progress: number
  onSeek: (fraction: number) => void
}) {
  const { t } = useTranslation()
  const peaks = usePeaks(source)
  const canvas = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    const element = canvas.current
    const context = element?.getContext('2d')
    if (!element || !context || !peaks) return
    const ratio = window.devicePixelRatio || 1
    const width = element.clientWidth
    const height = element.clientHeight
    element.width = Math.round(width * ratio)
    element.height = Math.round(height * ratio)
    context.scale(ratio, ratio)
    const styles = getComputedStyle(element)
    const played = styles.getPropertyValue('--color-accent-600').trim() || '#4f46e5'
    const rest = styles.getPropertyValue('--color-neutral-300').trim() || '#d4d4d4'
    const gap = 2
    const bar = Math.max(1, width / peaks.length - gap)
    peaks.forEach((peak, index) => {
      const x = index * (bar + gap)
      const h = Math.max(2, peak * (height - 4))
      context.fillStyle = index / peaks.length <= progress ? played : rest
      context.beginPath()
      context.roundRect(x, (height - h) / 2, bar, h, bar / 2)
      context.fill()
    })
  }, [peaks, progress])

  if (!peaks) {
    return (
      <div className="flex h-16 items-center justify-center text-xs text-neutral-400" aria-hidden="true">
        <div className="h-px w-full bg-neutral-200" />
      </div>
    )
  }
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={t('player.waveform')}
      data-testid="waveform"
      className="h-16 w-full cursor-pointer"
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect()
        onSeek((event.clientX - box.left) / box.width)
      }}
    />
  )
}
