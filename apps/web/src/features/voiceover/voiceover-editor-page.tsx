import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Select } from '../../components/select'
import { PageSpinner } from '../../components/spinner'
import { useToast } from '../../components/toaster'
import { pathTo } from '../../routes'
import { AddClipForm, SelectedClipPanel } from './clip-panel'
import { RenderPanel } from './render-panel'
import { ShortcutsDialog } from './shortcuts-dialog'
import { Timeline } from './timeline'
import { DEFAULT_ZOOM_INDEX, formatTime, orderedClips, snap, typingInto, ZOOM_LEVELS } from './timeline-rules'
import { TrackSettings, useDubbingLanguages } from './track-settings'
import { useVoiceoverError } from './use-voiceover-error'
import {
  type AddClipBody,
  addVoiceoverClip,
  addVoiceoverTrack,
  deleteVoiceoverClip,
  splitVoiceoverClip,
  startVoiceoverRender,
  type TrackType,
  type UpdateClipBody,
  updateVoiceoverClip,
  updateVoiceoverTrack,
  type VoiceoverClip,
} from './voiceover-api'
import { projectKey, useVoiceoverProject, useVoiceoverRender } from './voiceover-queries'

const NUDGE = 0.1
const NEW_TRACK_TYPES: TrackType[] = ['voiceover_speaker', 'sfx', 'dubbed_speaker', 'foreground']
const NEW_TRACK_SELECT =
  'min-h-10 rounded-lg border border-neutral-300 bg-white px-2 text-sm text-neutral-900'

/** The Voiceover Studio editor: tracks and clips on a timeline, keyboard shortcuts, render and player. */
export function VoiceoverEditorPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const toast = useToast()
  const voiceoverError = useVoiceoverError()
  const queryClient = useQueryClient()
  const project = useVoiceoverProject(id)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [playhead, setPlayhead] = useState(0)
  const [zoom, setZoom] = useState(DEFAULT_ZOOM_INDEX)
  const [help, setHelp] = useState(false)
  const [renderId, setRenderId] = useState<string | null>(null)
  const [newTrack, setNewTrack] = useState<TrackType>('sfx')
  const [newLanguage, setNewLanguage] = useState('es')
  const languages = useDubbingLanguages()
  const player = useRef<HTMLMediaElement | null>(null)
  const render = useVoiceoverRender(id, renderId ?? project.data?.latest_render?.render_id ?? null)

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: projectKey(id) }),
    [queryClient, id],
  )
  const failed = useCallback(
    (error: unknown) => {
      toast({ title: voiceoverError(error), tone: 'error' })
      void refresh()
    },
    [toast, voiceoverError, refresh],
  )
  const options = { onSuccess: () => void refresh(), onError: failed }

  const addClip = useMutation({ mutationFn: (body: AddClipBody) => addVoiceoverClip(id, body), ...options })
  const updateClip = useMutation({
    mutationFn: (input: { clipId: string; body: UpdateClipBody }) =>
      updateVoiceoverClip(id, input.clipId, input.body),
    ...options,
  })
  const split = useMutation({
    mutationFn: (input: { clipId: string; at: number }) => splitVoiceoverClip(id, input.clipId, input.at),
    ...options,
  })
  const remove = useMutation({
    mutationFn: (clipId: string) => deleteVoiceoverClip(id, clipId),
    onSuccess: () => {
      setSelectedId(null)
      void refresh()
    },
    onError: failed,
  })
  const addTrack = useMutation({
    mutationFn: (type: TrackType) =>
      addVoiceoverTrack(id, { type, ...(type === 'dubbed_speaker' ? { language: newLanguage } : {}) }),
    ...options,
  })
  const trackChange = useMutation({
    mutationFn: (input: { trackId: string; change: { voice_id?: string; language?: string } }) =>
      updateVoiceoverTrack(id, input.trackId, input.change),
    ...options,
  })
  const mute = useMutation({
    mutationFn: (input: { trackId: string; muted: boolean }) =>
      updateVoiceoverTrack(id, input.trackId, { muted: input.muted }),
    ...options,
  })
  const startRender = useMutation({
    mutationFn: () => startVoiceoverRender(id),
    onSuccess: (started) => setRenderId(started.render_id),
    onError: failed,
  })

  const data = project.data
  const clips = data
    ? orderedClips(
        data.clips,
        data.tracks.map((tr) => tr.track_id),
      )
    : []
  const selected = clips.find((c) => c.clip_id === selectedId) ?? null

  const moveBy = useCallback(
    (clip: VoiceoverClip, seconds: number) =>
      updateClip.mutate({
        clipId: clip.clip_id,
        body: { start_seconds: snap(clip.start_seconds + seconds) },
      }),
    [updateClip],
  )

  const togglePlay = useCallback(() => {
    const media = player.current
    if (!media) return
    if (media.paused) {
      media.currentTime = Math.min(playhead, Number.isFinite(media.duration) ? media.duration : playhead)
      void media.play()
    } else media.pause()
  }, [playhead])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typingInto(event.target) || event.metaKey || event.ctrlKey || event.altKey || !data) return
      const key = event.key
      const index = selected ? clips.indexOf(selected) : -1
      const pick = (at: number) => () => setSelectedId(clips[at]?.clip_id ?? null)
      const zoomBy = (step: number) => () =>
        setZoom((z) => Math.min(ZOOM_LEVELS.length - 1, Math.max(0, z + step)))
      const always: Record<string, () => void> = {
        ' ': togglePlay,
        '?': () => setHelp(true),
        Escape: () => setSelectedId(null),
        '+': zoomBy(1),
        '=': zoomBy(1),
        '-': zoomBy(-1),
        r: () => startRender.mutate(),
        R: () => startRender.mutate(),
        ArrowDown: pick(Math.min(clips.length - 1, index + 1)),
        ArrowUp: pick(Math.max(0, index - 1)),
      }
      const step = event.shiftKey ? NUDGE * 10 : NUDGE
      const onSelected: Record<string, (clip: VoiceoverClip) => void> = {
        Delete: (clip) => remove.mutate(clip.clip_id),
        Backspace: (clip) => remove.mutate(clip.clip_id),
        s: (clip) => split.mutate({ clipId: clip.clip_id, at: playhead }),
        S: (clip) => split.mutate({ clipId: clip.clip_id, at: playhead }),
        ArrowLeft: (clip) => moveBy(clip, -step),
        ArrowRight: (clip) => moveBy(clip, step),
      }
      const withClip = selected ? onSelected[key] : undefined
      const action = withClip && selected ? () => withClip(selected) : always[key]
      if (!action) return
      event.preventDefault()
      action()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [data, clips, selected, playhead, togglePlay, moveBy, remove, split, startRender])

  if (project.isPending) return <PageSpinner label={t('common.loading')} />
  if (project.isError || !data) {
    return (
      <div className="space-y-4">
        <Alert tone="error">{voiceoverError(project.error)}</Alert>
        <Link to={pathTo('voiceover')} className="text-sm font-medium text-accent-700 underline">
          {t('voiceover.back')}
        </Link>
      </div>
    )
  }

  const latest = render.data ?? data.latest_render ?? null

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <Link to={pathTo('voiceover')} className="text-xs font-medium text-neutral-500 hover:underline">
            {t('voiceover.title')}
          </Link>
          <h1 className="truncate text-2xl font-semibold tracking-tight text-neutral-900">{data.name}</h1>
          <p className="text-xs text-neutral-500 tabular-nums">
            {t('voiceover.playheadAt', { time: formatTime(playhead) })} · {formatTime(data.duration_seconds)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor="voiceover-new-track">
            {t('voiceover.trackTypeLabel')}
          </label>
          <Select
            id="voiceover-new-track"
            value={newTrack}
            onChange={setNewTrack}
            className={NEW_TRACK_SELECT}
            options={NEW_TRACK_TYPES.filter((type) => type !== 'foreground' || data.media).map((type) => ({
              value: type,
              label: t(`voiceover.trackType.${type}`),
            }))}
          />
          {newTrack === 'dubbed_speaker' && (
            <>
              <label className="sr-only" htmlFor="voiceover-new-language">
                {t('voiceover.trackLanguage')}
              </label>
              <Select
                id="voiceover-new-language"
                value={newLanguage}
                onChange={setNewLanguage}
                className={NEW_TRACK_SELECT}
                options={languages.map((language) => ({ value: language.code, label: language.name }))}
              />
            </>
          )}
          <Button
            type="button"
            variant="secondary"
            onClick={() => addTrack.mutate(newTrack)}
            loading={addTrack.isPending}
          >
            {t('voiceover.addTrack')}
          </Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => setZoom((z) => Math.max(0, z - 1))}
            aria-label={t('voiceover.zoomOut')}
          >
            −
          </Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => setZoom((z) => Math.min(ZOOM_LEVELS.length - 1, z + 1))}
            aria-label={t('voiceover.zoomIn')}
          >
            +
          </Button>
          <Button type="button" variant="ghost" onClick={() => setHelp(true)}>
            {t('voiceover.shortcuts.open')}
          </Button>
        </div>
      </div>

      <Timeline
        project={data}
        pxPerSecond={ZOOM_LEVELS[zoom] ?? 60}
        playhead={playhead}
        selectedId={selectedId}
        onSelect={setSelectedId}
        onSeek={setPlayhead}
        onMove={(clip, to) =>
          updateClip.mutate({
            clipId: clip.clip_id,
            body: {
              start_seconds: to.start,
              ...(to.trackId !== clip.track_id ? { track_id: to.trackId } : {}),
            },
          })
        }
        onToggleMute={(track) => mute.mutate({ trackId: track.track_id, muted: !track.muted })}
      />
      <p className="text-xs text-neutral-500">{t('voiceover.timelineHint')}</p>
      <TrackSettings
        project={data}
        busy={trackChange.isPending}
        onChange={(track, change) => trackChange.mutate({ trackId: track.track_id, change })}
      />

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <AddClipForm
          project={data}
          playhead={playhead}
          busy={addClip.isPending}
          onAdd={(body) => addClip.mutate(body)}
        />
        {selected ? (
          <SelectedClipPanel
            key={selected.clip_id}
            clip={selected}
            busy={updateClip.isPending}
            onSave={(body) => updateClip.mutate({ clipId: selected.clip_id, body })}
            onSplit={() => split.mutate({ clipId: selected.clip_id, at: playhead })}
            onDelete={() => remove.mutate(selected.clip_id)}
          />
        ) : (
          <p className="rounded-2xl border border-dashed border-neutral-300 p-4 text-sm text-neutral-500">
            {t('voiceover.selectHint')}
          </p>
        )}
        <RenderPanel
          projectId={id}
          render={latest}
          starting={startRender.isPending}
          onRender={() => startRender.mutate()}
          playerRef={(el) => {
            player.current = el
          }}
        />
      </div>
      <ShortcutsDialog open={help} onOpenChange={setHelp} />
    </div>
  )
}
