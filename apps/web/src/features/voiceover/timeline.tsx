import { type PointerEvent as ReactPointerEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { snap } from './timeline-rules'
import type { VoiceoverClip, VoiceoverProject, VoiceoverTrack } from './voiceover-api'

// The timeline: a ruler to place the playhead, one row per track, and the clips drawn at their
// times. A clip is dragged along its row or onto another row; where it lands is sent to the
// server, which checks the placement rules (a refused drop snaps back).

const KIND_STYLE: Record<VoiceoverClip['kind'], string> = {
  speech: 'border-accent-600 bg-accent-100 text-accent-900',
  sound_effect: 'border-amber-200 bg-amber-50 text-amber-900',
  media: 'border-emerald-200 bg-emerald-50 text-emerald-800',
}
const LABEL_WIDTH = 132

type Drag = { clipId: string; pointerX: number; dx: number; moved: boolean }

export function Timeline(props: {
  project: VoiceoverProject
  pxPerSecond: number
  playhead: number
  selectedId: string | null
  onSelect: (clipId: string | null) => void
  onSeek: (seconds: number) => void
  onMove: (clip: VoiceoverClip, to: { start: number; trackId: string }) => void
  onToggleMute: (track: VoiceoverTrack) => void
}) {
  const { t } = useTranslation()
  const { project, pxPerSecond } = props
  const [drag, setDrag] = useState<Drag | null>(null)
  const rulerRef = useRef<HTMLDivElement>(null)
  const width = Math.ceil(project.duration_seconds * pxPerSecond)
  const ticks = Array.from({ length: Math.floor(project.duration_seconds) + 1 }, (_, i) => i)
  const every = pxPerSecond >= 60 ? 1 : pxPerSecond >= 30 ? 2 : 5

  const seek = (event: ReactPointerEvent<HTMLDivElement>) => {
    const box = rulerRef.current?.getBoundingClientRect()
    if (!box) return
    props.onSeek(snap(Math.min(project.duration_seconds, (event.clientX - box.left) / pxPerSecond)))
  }

  const down = (clip: VoiceoverClip) => (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return
    event.currentTarget.setPointerCapture(event.pointerId)
    props.onSelect(clip.clip_id)
    setDrag({ clipId: clip.clip_id, pointerX: event.clientX, dx: 0, moved: false })
  }
  const move = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (!drag) return
    const dx = event.clientX - drag.pointerX
    setDrag({ ...drag, dx, moved: drag.moved || Math.abs(dx) > 3 })
  }
  const up = (clip: VoiceoverClip) => (event: ReactPointerEvent<HTMLButtonElement>) => {
    const current = drag
    setDrag(null)
    if (!current?.moved) return
    // The row under the pointer is where the clip lands.
    const row = document
      .elementsFromPoint(event.clientX, event.clientY)
      .map((el) => (el as HTMLElement).dataset?.trackId)
      .find(Boolean)
    props.onMove(clip, {
      start: snap(clip.start_seconds + current.dx / pxPerSecond),
      trackId: row ?? clip.track_id,
    })
  }

  return (
    <div className="overflow-x-auto rounded-2xl border border-neutral-200" data-testid="voiceover-timeline">
      <div style={{ width: width + LABEL_WIDTH }} className="relative select-none">
        <div className="sticky top-0 flex h-8 border-b border-neutral-200 bg-neutral-50">
          <div style={{ width: LABEL_WIDTH }} className="shrink-0 border-r border-neutral-200" />
          <div
            ref={rulerRef}
            role="slider"
            tabIndex={-1}
            aria-label={t('voiceover.playhead')}
            aria-valuemin={0}
            aria-valuemax={project.duration_seconds}
            aria-valuenow={props.playhead}
            onPointerDown={seek}
            className="relative h-full cursor-pointer"
            style={{ width }}
          >
            {ticks
              .filter((s) => s % every === 0)
              .map((s) => (
                <span
                  key={s}
                  className="absolute top-0 h-full border-l border-neutral-300 pl-1 text-[10px] text-neutral-500 tabular-nums"
                  style={{ left: s * pxPerSecond }}
                >
                  {s}s
                </span>
              ))}
          </div>
        </div>
        {project.tracks.map((track) => (
          <div key={track.track_id} className="flex h-14 border-b border-neutral-200 last:border-b-0">
            <div
              style={{ width: LABEL_WIDTH }}
              className="sticky left-0 z-10 flex shrink-0 flex-col justify-center gap-0.5 border-r border-neutral-200 bg-white px-2"
            >
              <span className="truncate text-xs font-medium text-neutral-900">{track.name}</span>
              <span className="flex items-center justify-between gap-1 text-[10px] text-neutral-500">
                <span className="truncate">
                  {/* The language first: the narrow label cuts the end off. */}
                  {track.language ? `${track.language.toUpperCase()} · ` : ''}
                  {t(`voiceover.trackType.${track.type}`)}
                </span>
                <button
                  type="button"
                  onClick={() => props.onToggleMute(track)}
                  aria-pressed={track.muted}
                  className="rounded px-1 text-[10px] font-medium text-neutral-600 hover:bg-neutral-100"
                >
                  {track.muted ? t('voiceover.unmute') : t('voiceover.mute')}
                </button>
              </span>
            </div>
            <div
              data-track-id={track.track_id}
              data-testid={`track-${track.type}`}
              className={`relative ${track.muted ? 'opacity-50' : ''}`}
              style={{ width }}
            >
              {project.clips
                .filter((clip) => clip.track_id === track.track_id)
                .map((clip) => {
                  const dragging = drag?.clipId === clip.clip_id ? drag.dx : 0
                  const selected = props.selectedId === clip.clip_id
                  return (
                    <button
                      key={clip.clip_id}
                      type="button"
                      data-testid="voiceover-clip"
                      data-clip-id={clip.clip_id}
                      aria-pressed={selected}
                      onPointerDown={down(clip)}
                      onPointerMove={move}
                      onPointerUp={up(clip)}
                      onPointerCancel={() => setDrag(null)}
                      className={`absolute top-1.5 bottom-1.5 cursor-grab touch-none overflow-hidden rounded-md border px-1.5 text-left text-[11px] leading-tight ${KIND_STYLE[clip.kind]} ${
                        selected ? 'ring-2 ring-accent-600 ring-offset-1' : ''
                      } ${dragging ? 'z-20 cursor-grabbing shadow-lg' : ''}`}
                      style={{
                        left: clip.start_seconds * pxPerSecond + dragging,
                        width: Math.max(6, (clip.end_seconds - clip.start_seconds) * pxPerSecond),
                      }}
                    >
                      <span className="line-clamp-2">
                        {clip.text || t(`voiceover.clipKind.${clip.kind}`)}
                        {!clip.has_audio && clip.kind !== 'media' ? ` · ${t('voiceover.noAudio')}` : ''}
                      </span>
                    </button>
                  )
                })}
              <span
                aria-hidden
                className="pointer-events-none absolute top-0 bottom-0 w-px bg-red-500"
                style={{ left: props.playhead * pxPerSecond }}
              />
            </div>
          </div>
        ))}
      </div>
    </div>
  )
}
