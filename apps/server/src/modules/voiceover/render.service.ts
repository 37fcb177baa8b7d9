import { AppError } from '../../errors.js'
import type { JobQueue } from '../../jobs/queue.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import { defineHeldJob, type HeldRun, TakenOver } from '../../platform/jobs/held-run-runner.js'
import type { Principal } from '../../plugins/auth.js'
import { mixdown } from './render-mixdown.js'
import type { RenderRow, VoiceoverRepository } from './voiceover.repository.js'
import type { VoiceoverService } from './voiceover.service.js'
import { renderView } from './voiceover-views.js'

// A render mixes every clip of the unmuted tracks at its place on the timeline (media clips
// take their stretch of the uploaded media; speech and sound effects their generated audio,
// cut at the clip's end) into one mono track as long as the timeline, then encodes it as MP3
// and, when the media is a video, as an MP4 with the mix under the picture re-cut to the
// foreground clips' places (muting a track silences it; its picture still shows). It runs as a
// job that reports its percent; rendering charges nothing.

const HEARTBEAT_MS = 5_000
/** A running render whose row has not moved for this long belongs to a dead worker. */
export const STALE_RENDER_SECONDS = 60

export const renderStale = (updatedAt: Date, status: string) =>
  status === 'running' && Date.now() - updatedAt.getTime() > STALE_RENDER_SECONDS * 1000

export function createRenders(deps: {
  projects: VoiceoverService
  repository: VoiceoverRepository
  storage: FileStorage
  queue: JobQueue
  log?: (message: string, details: object) => void
}) {
  const renders = deps.repository.renders

  /** The render job's handler: the held row's project mixed, encoded and stored. */
  async function renderHeld(row: RenderRow, run: HeldRun): Promise<void> {
    try {
      await mixdown(deps, row, (p) => run.progress(p, { force: true }))
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
