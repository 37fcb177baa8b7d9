import { useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../../components/toaster'
import { computePeaks } from '../../player/peaks'
import { TranscriptWaveform } from '../../speech-to-text/editor/transcript-waveform'
import { usePlayerTime } from '../../speech-to-text/editor/use-player-time'
import type { DubResource } from '../dubbing-api'
import { dragged, placementProblem } from './placement'

// The dub's timeline: the dubbed language's waveform, and under it one row per speaker with
// that speaker's clips where they sound. A clip is dragged to move it and by its edges to
// resize it; a placement the rules refuse snaps back with the rule's message, an accepted one
// is saved. A click selects a clip (its row in the list below), a double click or Enter plays
// the dub from it in the persistent player. Arrow keys move a focused clip by a tenth of a
// second, with Shift they move its end.

/** Bars computed from the decoded audio (the waveform merges them to its width). */
const BARS = 1200
const KEY_STEP = 0.1

const SPEAKER_COLOURS = [
  'bg-accent-100 border-accent-500 text-accent-900',
  'bg-emerald-50 border-emerald-200 text-emerald-800',
  'bg-amber-50 border-amber-200 text-amber-900',
  'bg-neutral-100 border-neutral-400 text-neutral-800',
]

/** Bars of 0 to 100 from the audio at `url`, decoded by the browser; none where it cannot decode. */
async function peaksOf(url: string): Promise<number[]> {
  const Context = globalThis.OfflineAudioContext
  if (!Context) return []
  const response = await fetch(url, { credentials: 'same-origin' })
  if (!response.ok) return []
  const context = new Context(1, 1, 44_100)
  const audio = await context.decodeAudioData(await response.arrayBuffer())
  return computePeaks(audio.getChannelData(0), BARS).map((p) => p * 100)
}

interface Drag {
  id: string
  mode: 'move' | 'start' | 'end'
  x: number
  width: number
  from: { start: number; end: number }
  to: { start: number; end: number }
}

export function DubTimeline(props: {
  resource: DubResource
  language: string
  duration: number
  audioUrl: string
  readOnly: boolean
  selected: string | null
  onSelect: (segmentId: string) => void
  onPlace: (segmentId: string, start: number, end: number) => Promise<void>
  onPlay: (seconds: number) => void
}) {
  const { t } = useTranslation()
  const toast = useToast()
  const time = usePlayerTime(props.audioUrl)
  const peaks = useQuery({
    queryKey: ['dub-peaks', props.audioUrl],
    queryFn: () => peaksOf(props.audioUrl),
    staleTime: Number.POSITIVE_INFINITY,
  })
  const [drag, setDrag] = useState<Drag | null>(null)
  const moved = useRef(false)
  const segments = Object.values(props.resource.speaker_segments)
  const clips = segments.map((s) => ({
    id: s.id,
    start: s.dubs[props.language]?.start_time ?? null,
    end: s.dubs[props.language]?.end_time ?? null,
  }))
  const duration = Math.max(0.01, props.duration)
  const selectedClip = clips.find((c) => c.id === props.selected)

  const place = async (id: string, to: { start: number; end: number }) => {
    const problem = placementProblem({ clips, id, start: to.start, end: to.end, mediaSeconds: duration })
    if (problem) {
      toast({ title: t(`dubbing.placement.${problem}`), tone: 'error' })
      return
    }
    await props.onPlace(id, to.start, to.end)
  }

  const down = (event: PointerEvent<HTMLElement>, id: string, mode: Drag['mode']) => {
    const clip = clips.find((c) => c.id === id)
    if (props.readOnly || clip?.start == null || clip.end == null || event.button !== 0) return
    event.stopPropagation()
    const row =
      (event.currentTarget.closest('[data-timeline-row]') as HTMLElement | null) ?? event.currentTarget
    event.currentTarget.setPointerCapture?.(event.pointerId)
    moved.current = false
    const from = { start: clip.start, end: clip.end }
    setDrag({ id, mode, x: event.clientX, width: row.getBoundingClientRect().width || 1, from, to: from })
  }
  const move = (event: PointerEvent<HTMLElement>) => {
    if (!drag) return
    const delta = ((event.clientX - drag.x) / drag.width) * duration
    if (Math.abs(event.clientX - drag.x) > 2) moved.current = true
    setDrag({ ...drag, to: dragged(drag.mode, drag.from, delta) })
  }
  const up = (id: string) => {
    const finished = drag
    setDrag(null)
    if (!finished || !moved.current) {
      props.onSelect(id)
      return
    }
    void place(finished.id, finished.to)
  }
  const key = (event: KeyboardEvent<HTMLElement>, id: string) => {
    const clip = clips.find((c) => c.id === id)
    if (clip?.start == null || clip.end == null) return
    if (event.key === 'Enter') {
      event.preventDefault()
      props.onPlay(clip.start)
      return
    }
    const step = event.key === 'ArrowLeft' ? -KEY_STEP : event.key === 'ArrowRight' ? KEY_STEP : 0
    if (!step || props.readOnly) return
    event.preventDefault()
    void place(id, dragged(event.shiftKey ? 'end' : 'move', { start: clip.start, end: clip.end }, step))
  }

  const tracks = Object.values(props.resource.speaker_tracks)
  return (
    <section
      className="mt-6 rounded-2xl border border-neutral-200 bg-white p-4"
      aria-label={t('dubbing.timeline.title')}
    >
      <h2 className="text-base font-semibold text-neutral-900">{t('dubbing.timeline.title')}</h2>
      <p className="mt-1 text-xs text-neutral-600">
        {props.readOnly ? t('dubbing.timeline.readOnly') : t('dubbing.timeline.help')}
      </p>
      <div className="mt-3" data-testid="dub-waveform" data-bars={peaks.data?.length ?? 0}>
        <TranscriptWaveform
          peaks={peaks.data ?? []}
          duration={duration}
          time={time}
          highlight={
            selectedClip?.start != null && selectedClip.end != null
              ? { start: selectedClip.start, end: selectedClip.end }
              : null
          }
          onSeek={props.onPlay}
        />
      </div>
      <div className="mt-2 space-y-2">
        {tracks.map((track, index) => (
          <div key={track.id} className="grid grid-cols-[6rem_1fr] items-center gap-2">
            <span className="truncate text-xs font-medium text-neutral-700">{track.speaker_name}</span>
            <div
              data-timeline-row
              className="relative h-10 rounded-lg bg-neutral-50"
              data-testid="timeline-row"
            >
              {track.segments.map((id) => {
                const clip = clips.find((c) => c.id === id)
                if (clip?.start == null || clip.end == null) return null
                const at = drag?.id === id ? drag.to : { start: clip.start, end: clip.end }
                const text = props.resource.speaker_segments[id]?.dubs[props.language]?.text ?? ''
                return (
                  <button
                    key={id}
                    type="button"
                    data-testid="timeline-segment"
                    aria-pressed={props.selected === id}
                    aria-label={t('dubbing.timeline.clip', {
                      speaker: track.speaker_name,
                      start: at.start.toFixed(2),
                      end: at.end.toFixed(2),
                    })}
                    title={`${at.start.toFixed(2)}–${at.end.toFixed(2)} s · ${text}`}
                    className={`absolute inset-y-1 flex touch-none p-0 text-left select-none items-center overflow-hidden rounded-md border text-[11px] ${SPEAKER_COLOURS[index % SPEAKER_COLOURS.length]} ${props.selected === id ? 'ring-2 ring-accent-600' : ''} ${props.readOnly ? 'cursor-default' : 'cursor-grab'}`}
                    style={{
                      left: `${(Math.max(0, at.start) / duration) * 100}%`,
                      width: `${(Math.max(0.05, at.end - at.start) / duration) * 100}%`,
                    }}
                    onPointerDown={(e) => down(e, id, 'move')}
                    onPointerMove={move}
                    onPointerUp={() => up(id)}
                    onDoubleClick={() => props.onPlay(at.start)}
                    onKeyDown={(e) => key(e, id)}
                  >
                    <span
                      aria-hidden
                      data-testid="timeline-handle-start"
                      className="h-full w-1.5 shrink-0 cursor-ew-resize bg-current opacity-30"
                      onPointerDown={(e) => down(e, id, 'start')}
                    />
                    <span className="min-w-0 flex-1 truncate px-1">{text}</span>
                    <span
                      aria-hidden
                      data-testid="timeline-handle-end"
                      className="h-full w-1.5 shrink-0 cursor-ew-resize bg-current opacity-30"
                      onPointerDown={(e) => down(e, id, 'end')}
                    />
                  </button>
                )
              })}
            </div>
          </div>
        ))}
      </div>
    </section>
  )
}
