import type { StudioExportFormat } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import type { JobQueue } from '../../../jobs/queue.js'
import { newId } from '../../../lib/ids.js'
import type { FileStorage } from '../../../lib/storage.js'
import { defineHeldJob, type HeldRun, TakenOver } from '../../../platform/jobs/held-run-runner.js'
import type { Principal } from '../../../plugins/auth.js'
import type { ChapterRow, ProjectRow, StudioRepository } from '../studio.repository.js'
import type { StoredBlock } from '../studio-content.js'
import type { ConversionRepository } from './conversion.repository.js'
import {
  CONVERSION_HEARTBEAT_MS,
  type ConversionService,
  STALE_CONVERSION_SECONDS,
} from './conversion.service.js'
import type { ExportRow, ExportsRepository } from './exports.repository.js'
import { type ChapterAudio, ExportFailed, masterExport } from './studio-audio.js'

// Exports of a project (MP3, WAV, M4B with chapter marks) or a chapter (MP3, WAV) as jobs: the
// request checks that every chapter is converted and enqueues the job, or answers with the
// identical export already queued or running; a worker joins the kept block audio, normalises
// its loudness in two FFmpeg passes reporting the percent, and stores the file, which the
// client downloads once the export is done. A run holds its export with a heartbeat and a dead
// run's export is taken over by the recovery sweep, as conversions are.

type Workspace = Pick<Principal, 'workspaceId' | 'userId'>

/** Progress is written at most this often. */
const PROGRESS_WRITE_MS = 400
/** Joining the chapters' audio is the first 10 % of an export; storing the file the last. */
const ASSEMBLED = 10
const MASTERED = 95

const exportKey = (workspaceId: string, id: string, extension: string) =>
  `studio/${workspaceId}/exports/${id}.${extension}`
const blockText = (block: StoredBlock) => block.nodes.map((n) => n.text).join(' ')
/** A file name that keeps letters and digits of any script. */
const fileName = (name: string) => name.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'audio'

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

export function createExportsService(deps: {
  studio: StudioRepository
  conversions: ConversionRepository
  conversion: Pick<ConversionService, 'chapterPcm'>
  exports: ExportsRepository
  queue: JobQueue
  storage: FileStorage
  log?: (message: string, details: object) => void
}) {
  const { studio, conversions, exports } = deps

  async function requireProject(workspace: Workspace, projectId: string): Promise<ProjectRow> {
    const project = await studio.findProject(workspace.workspaceId, projectId)
    if (!project) throw new AppError('project_not_found')
    return project
  }

  /** Every block with text has kept audio; otherwise the first chapter lacking it is named. */
  async function requireConverted(chapters: ChapterRow[]): Promise<void> {
    const kept = await conversions.blockAudio(chapters.map((c) => c.id))
    const have = new Set(kept.map((r) => `${r.chapter_id}:${r.block_id}`))
    for (const chapter of chapters) {
      const missing = (chapter.blocks as StoredBlock[]).some(
        (b) => blockText(b).trim() && !have.has(`${chapter.id}:${b.block_id}`),
      )
      if (missing)
        throw new AppError('studio_not_converted', {
          message: `Convert the chapter “${chapter.name}” before exporting it.`,
        })
    }
  }

  /** The chapters an export is made of, in reading order. */
  async function chaptersOf(project: ProjectRow, chapterId: string | null): Promise<ChapterRow[]> {
    if (chapterId !== null) {
      const chapter = await studio.findChapter(project.id, chapterId)
      if (!chapter) throw new AppError('chapter_not_found')
      return [chapter]
    }
    const chapters = (await studio.listChapters(project.id)).filter((c) => (c.blocks as unknown[]).length > 0)
    if (chapters.length === 0) throw new AppError('studio_not_converted')
    return chapters
  }

  /** The current audio of chapters, every block converted, in reading order. */
  async function chapterAudio(chapters: ChapterRow[]): Promise<ChapterAudio[]> {
    const rows = await conversions.blockAudio(chapters.map((c) => c.id))
    const out: ChapterAudio[] = []
    for (const chapter of chapters) {
      const audio = new Map(rows.filter((r) => r.chapter_id === chapter.id).map((r) => [r.block_id, r]))
      const pcm = await deps.conversion.chapterPcm(chapter, audio)
      if (!pcm)
        throw new AppError('studio_not_converted', {
          message: `Convert the chapter “${chapter.name}” before exporting it.`,
        })
      out.push({ title: chapter.name, pcm })
    }
    return out
  }

  /** The export job's handler: the held row's chapters joined, mastered and stored. */
  async function runExport(row: ExportRow, run: HeldRun): Promise<void> {
    try {
      const project = await studio.findProject(row.workspace_id, row.project_id)
      if (!project) throw new AppError('project_not_found')
      const chapters = await chaptersOf(project, row.chapter_id)
      const audio = await chapterAudio(chapters)
      await run.progress(ASSEMBLED, { force: true })
      const title = row.chapter_id === null ? project.name : (chapters[0]?.name ?? project.name)
      let mastered: Awaited<ReturnType<typeof masterExport>>
      try {
        mastered = await masterExport(title, audio, row.format as StudioExportFormat, (done) => {
          run.progress(ASSEMBLED + done * (MASTERED - ASSEMBLED)).catch(() => undefined)
        })
      } catch (error) {
        if (error instanceof ExportFailed) {
          deps.log?.('studio export failed', { exportId: row.id, err: error })
          throw new AppError('studio_export_failed')
        }
        throw error
      }
      run.assertHeld()
      const key = exportKey(row.workspace_id, row.id, mastered.extension)
      await deps.storage.put(key, mastered.audio)
      const kept = await exports.finish(row.id, run.token, {
        storage_key: key,
        file_name: `${fileName(title)}.${mastered.extension}`,
        content_type: mastered.contentType,
        size_bytes: mastered.audio.length,
        loudness: {
          integrated_lufs: mastered.loudness.integratedLufs,
          true_peak_db: mastered.loudness.truePeakDb,
          rms_db: mastered.loudness.rmsDb,
        },
      })
      if (!kept) throw new TakenOver()
      // Only the newest finished export of each kind is kept, so exporting again does not
      // pile files up in storage.
      for (const earlier of await exports.removeEarlier(row)) await deps.storage.delete(earlier)
    } catch (error) {
      if (error instanceof TakenOver) throw error
      const refusal = error instanceof AppError
      if (!refusal) deps.log?.('studio export failed', { exportId: row.id, err: error })
      await exports.fail(
        row.id,
        run.token,
        refusal ? error.code : 'studio_export_failed',
        refusal ? error.message : 'The audio could not be exported.',
      )
    }
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
    handler: (row, run) => runExport(row, run),
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
      const chapters = await chaptersOf(project, input.chapterId)
      await requireConverted(chapters)
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
