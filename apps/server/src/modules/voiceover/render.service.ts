import { AppError } from '../../errors.js'
import type { JobQueue } from '../../jobs/queue.js'
import { decodeTo48kMono } from '../../lib/audio/audio-decode.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import { defineHeldJob, type HeldRun, TakenOver } from '../../platform/jobs/held-run-runner.js'
import type { Principal } from '../../plugins/auth.js'
import type { ClipRow, RenderRow, VoiceoverRepository } from './voiceover.repository.js'
import type { VoiceoverService } from './voiceover.service.js'
import { encodeMix, wavOf } from './voiceover-media.js'
import { renderView } from './voiceover-views.js'

// A render mixes every clip of the unmuted tracks at its place on the timeline (media clips
// take their stretch of the uploaded media; speech and sound effects their generated audio,
// cut at the clip's end) into one mono track as long as the timeline, then encodes it as MP3
// and, when the media is a video, as an MP4 with the mix under the picture re-cut to the
// foreground clips' places (muting a track silences it; its picture still shows). It runs as a
// job that reports its percent; rendering charges nothing.

const RATE = 48_000
const HEARTBEAT_MS = 5_000
/** A running render whose row has not moved for this long belongs to a dead worker. */
export const STALE_RENDER_SECONDS = 60

export const renderStale = (updatedAt: Date, status: string) =>
  status === 'running' && Date.now() - updatedAt.getTime() > STALE_RENDER_SECONDS * 1000

const renderKey = (row: RenderRow, ext: string) =>
  `voiceover/${row.workspace_id}/${row.project_id}/renders/${row.id}.${ext}`

/** Adds `source` (from `from`) into `mix` at `at`, for at most `length` samples. */
function addInto(mix: Float32Array, at: number, source: Float32Array, from: number, length: number): void {
  const end = Math.min(mix.length, at + length, at + source.length - from)
  for (let i = Math.max(at, 0); i < end; i++) mix[i] = (mix[i] ?? 0) + (source[from + i - at] ?? 0)
}

export function createRenders(deps: {
  projects: VoiceoverService
  repository: VoiceoverRepository
  storage: FileStorage
  queue: JobQueue
  log?: (message: string, details: object) => void
}) {
  const { repository } = deps
  const renders = repository.renders

  async function mixdown(renderId: string, row: RenderRow, report: (percent: number) => Promise<void>) {
    const project = await repository.findAny(row.project_id)
    if (!project) throw new AppError('voiceover_project_not_found')
    const [tracks, clips] = await Promise.all([repository.tracks(project.id), repository.clips(project.id)])
    const audible = new Set(tracks.filter((t) => !t.muted).map((t) => t.id))
    const playing = clips.filter((c) => audible.has(c.track_id) && (c.kind === 'media' || c.audio_key))
    const mediaBytes = project.media_key ? await deps.storage.get(project.media_key) : null
    const needsMedia = playing.some((c) => c.kind === 'media')
    const media =
      needsMedia && mediaBytes
        ? await decodeTo48kMono(mediaBytes, 'detect', (project.media_duration_ms ?? 0) / 1000)
        : new Float32Array(0)
    const mix = new Float32Array(Math.round((project.duration_ms / 1000) * RATE))
    const at = (ms: number) => Math.round((ms / 1000) * RATE)
    let done = 0
    for (const clip of playing) {
      const length = at(clip.end_ms) - at(clip.start_ms)
      const source = clip.kind === 'media' ? media : await clipSamples(clip)
      const from = clip.kind === 'media' ? at(clip.source_start_ms) : 0
      addInto(mix, at(clip.start_ms), source, from, length)
      done++
      await report(Math.round((done / (playing.length + 1)) * 80))
    }
    const foreground = tracks
      .filter((t) => t.type === 'foreground')
      .sort((a, b) => a.position - b.position)
      .map((t) => t.id)
    const pictures = clips
      .filter((c) => c.kind === 'media' && foreground.includes(c.track_id))
      .sort(
        (a, b) => foreground.indexOf(a.track_id) - foreground.indexOf(b.track_id) || a.start_ms - b.start_ms,
      )
      .map((c) => ({ startMs: c.start_ms, endMs: c.end_ms, sourceStartMs: c.source_start_ms }))
    const encoded = await encodeMix(
      wavOf(mix, RATE),
      mediaBytes && project.media_kind
        ? { bytes: mediaBytes, kind: project.media_kind, durationMs: project.media_duration_ms ?? 0 }
        : null,
      project.duration_ms,
      pictures,
    )
    await report(95)
    const audioKey = renderKey(row, 'mp3')
    await deps.storage.put(audioKey, encoded.mp3)
    const videoKey = encoded.mp4 ? renderKey(row, 'mp4') : null
    if (videoKey && encoded.mp4) await deps.storage.put(videoKey, encoded.mp4)
    await renders.finish(renderId, {
      audio_key: audioKey,
      video_key: videoKey,
      duration_ms: project.duration_ms,
    })
  }

  async function clipSamples(clip: ClipRow): Promise<Float32Array> {
    const bytes = clip.audio_key ? await deps.storage.get(clip.audio_key) : null
    if (!bytes) return new Float32Array(0)
    return decodeTo48kMono(bytes, 'detect', (clip.audio_ms ?? clip.end_ms - clip.start_ms) / 1000 + 1)
  }

  /** The render job's handler: the held row's project mixed, encoded and stored. */
  async function renderHeld(row: RenderRow, run: HeldRun): Promise<void> {
    try {
      await mixdown(row.id, row, (p) => run.progress(p, { force: true }))
    } catch (error) {
      if (error instanceof TakenOver) throw error
      if (error instanceof AppError) await renders.fail(row.id, error.code, error.message)
      else {
        deps.log?.('voiceover render failed', { renderId: row.id, err: error })
        await renders.fail(row.id, 'voiceover_render_failed', 'The render failed; please try again.')
      }
    }
  }

  // A dead run's render is not taken over: it reads as failed and is marked so when its job
  // comes again, so only queued rows are claimed.
  const job = defineHeldJob({
    name: 'voiceover.render',
    store: renders.held,
    timing: { heartbeatMs: HEARTBEAT_MS, staleSeconds: STALE_RENDER_SECONDS, progressWriteMs: 0 },
    rowId: (payload) => payload.renderId,
    handler: renderHeld,
    log: deps.log,
  })

  async function run(renderId: string): Promise<void> {
    const row = await renders.findAny(renderId)
    if (!row) return
    if (renderStale(row.updated_at, row.status)) {
      await renders.fail(row.id, 'voiceover_render_failed', 'The render stopped; please try again.')
      return
    }
    await job.run({ renderId })
  }

  async function find(principal: Principal, projectId: string, renderId: string): Promise<RenderRow> {
    await deps.projects.project(principal, projectId)
    const row = await renders.find(principal.workspaceId, projectId, renderId)
    if (!row) throw new AppError('voiceover_render_not_found', { param: 'render_id' })
    return row
  }

  return {
    run,

    async start(principal: Principal, projectId: string) {
      const project = await deps.projects.project(principal, projectId)
      const id = newId()
      await renders.insert(
        {
          id,
          project_id: project.id,
          workspace_id: principal.workspaceId,
          status: 'queued',
          audio_key: null,
          video_key: null,
          duration_ms: null,
          error_code: null,
          error_message: null,
        },
        (trx) => deps.queue.send('voiceover.render', { renderId: id }, { trx }),
      )
      const row = await find(principal, projectId, id)
      return renderView(row, false)
    },

    async status(principal: Principal, projectId: string, renderId: string) {
      const row = await find(principal, projectId, renderId)
      return renderView(row, renderStale(row.updated_at, row.status))
    },

    async file(principal: Principal, projectId: string, renderId: string, which: 'audio' | 'video') {
      const row = await find(principal, projectId, renderId)
      if (row.status !== 'done') throw new AppError('voiceover_render_not_ready')
      const key = which === 'audio' ? row.audio_key : row.video_key
      if (!key) throw new AppError('voiceover_no_video')
      const data = await deps.storage.get(key)
      if (!data) throw new AppError('voiceover_render_not_found')
      return { data, mime: which === 'audio' ? 'audio/mpeg' : 'video/mp4' }
    },
  }
}

export type Renders = ReturnType<typeof createRenders>
