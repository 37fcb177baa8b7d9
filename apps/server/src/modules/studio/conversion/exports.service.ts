import type { StudioExportFormat } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import { defineHeldJob } from '../../../platform/jobs/held-run-runner.js'
import type { Principal } from '../../../plugins/auth.js'
import type { ProjectRow } from '../studio.repository.js'
import { CONVERSION_HEARTBEAT_MS, STALE_CONVERSION_SECONDS } from './conversion.service.js'
import type { ExportRow } from './exports.repository.js'
import { chaptersOf, type ExportsDeps, requireConverted } from './exports-deps.js'
import { runExport } from './run-export.js'

// Exports of a project (MP3, WAV, M4B with chapter marks) or a chapter (MP3, WAV) as jobs: the
// request checks that every chapter is converted and enqueues the job, or answers with the
// identical export already queued or running; a worker joins the kept block audio, normalises
// its loudness in two FFmpeg passes reporting the percent, and stores the file, which the
// client downloads once the export is done. A run holds its export with a heartbeat and a dead
// run's export is taken over by the recovery sweep, as conversions are. The job's run is in
// run-export.ts; the chapters an export is made of in exports-deps.ts.

type Workspace = Pick<Principal, 'workspaceId' | 'userId'>

/** Progress is written at most this often. */
const PROGRESS_WRITE_MS = 400

export type { ExportsDeps } from './exports-deps.js'

export function exportView(row: ExportRow) {
  return {
    export_id: row.id,
    project_id: row.project_id,
    chapter_id: row.chapter_id,
    format: row.format as StudioExportFormat,
    status: row.status as 'queued' | 'running' | 'done' | 'failed',
    progress: row.progress,
    file_name: row.file_name,
    size_bytes: row.size_bytes,
    loudness: row.loudness,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    created_at_unix: Math.floor(row.created_at.getTime() / 1000),
  }
}

export function createExportsService(deps: ExportsDeps) {
  const { studio, exports } = deps

  async function requireProject(workspace: Workspace, projectId: string): Promise<ProjectRow> {
    const project = await studio.findProject(workspace.workspaceId, projectId)
    if (!project) throw new AppError('project_not_found')
    return project
  }

  const job = defineHeldJob({
    name: 'studio.export',
    store: exports.held,
    timing: {
      heartbeatMs: CONVERSION_HEARTBEAT_MS,
      staleSeconds: STALE_CONVERSION_SECONDS,
      progressWriteMs: PROGRESS_WRITE_MS,
    },
    rowId: (payload) => payload.exportId,
    resume: (exportId) => ({ exportId }),
    handler: (row, run) => runExport(deps, row, run),
    log: deps.log,
  })

  return {
    job,
    run: (exportId: string) => job.run({ exportId }),

    /** The export files of a project, deleted with it. */
    files: (projectId: string) => exports.filesOf(projectId),

    /** Hands every export whose run stopped beating (its process died) to a new run. */
    recoverStale: () => job.recoverStale(deps.queue),

    /**
     * Starts an export of the project (chapterId null) or one chapter; an identical export
     * already queued or running is answered instead of starting a second one.
     */
    async start(
      principal: Workspace,
      projectId: string,
      input: { format: StudioExportFormat; chapterId: string | null },
    ) {
      const project = await requireProject(principal, projectId)
      if (input.chapterId !== null && input.format === 'm4b')
        throw new AppError('validation_error', {
          message: 'A chapter exports as mp3 or wav; m4b is for the whole project.',
          param: 'format',
        })
      const chapters = await chaptersOf(deps, project, input.chapterId)
      await requireConverted(deps, chapters)
      const id = newId()
      const { row, created } = await exports.insertUnlessRunning(
        {
          id,
          workspace_id: principal.workspaceId,
          project_id: project.id,
          chapter_id: input.chapterId,
          user_id: principal.userId,
          format: input.format,
          status: 'queued',
        },
        (trx) => deps.queue.send('studio.export', { exportId: id }, { trx }),
      )
      return { created, view: exportView(row) }
    },

    async find(principal: Workspace, projectId: string, exportId: string) {
      const project = await requireProject(principal, projectId)
      const row = await exports.findInProject(project.id, exportId)
      if (!row) throw new AppError('studio_export_not_found')
      return exportView(row)
    },

    /** The finished file; 409 while the export is queued or running, 422 when it failed. */
    async download(principal: Workspace, projectId: string, exportId: string) {
      const project = await requireProject(principal, projectId)
      const row = await exports.findInProject(project.id, exportId)
      if (!row) throw new AppError('studio_export_not_found')
      if (row.status === 'failed')
        throw new AppError('studio_export_failed', row.error_message ? { message: row.error_message } : {})
      if (row.status !== 'done' || !row.storage_key) throw new AppError('studio_export_not_ready')
      const audio = await deps.storage.get(row.storage_key)
      if (!audio) throw new AppError('history_audio_missing')
      return { row, audio }
    },
  }
}

export type ExportsService = ReturnType<typeof createExportsService>
