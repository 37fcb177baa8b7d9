import type { StudioExportFormat } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { type HeldRun, TakenOver } from '../../../platform/jobs/held-run-runner.js'
import type { ExportRow } from './exports.repository.js'
import { chapterAudio, chaptersOf, type ExportsDeps } from './exports-deps.js'
import { ExportFailed, masterExport } from './studio-audio.js'

/** Joining the chapters' audio is the first 10 % of an export; storing the file the last. */
const ASSEMBLED = 10
const MASTERED = 95

const exportKey = (workspaceId: string, id: string, extension: string) =>
  `studio/${workspaceId}/exports/${id}.${extension}`
/** A file name that keeps letters and digits of any script. */
const fileName = (name: string) => name.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'audio'

/** The export job's handler: the held row's chapters joined, mastered and stored. */
export async function runExport(deps: ExportsDeps, row: ExportRow, run: HeldRun): Promise<void> {
  try {
    const project = await deps.studio.findProject(row.workspace_id, row.project_id)
    if (!project) throw new AppError('project_not_found')
    const chapters = await chaptersOf(deps, project, row.chapter_id)
    const audio = await chapterAudio(deps, chapters)
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
    const kept = await deps.exports.finish(row.id, run.token, {
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
    for (const earlier of await deps.exports.removeEarlier(row)) await deps.storage.delete(earlier)
  } catch (error) {
    if (error instanceof TakenOver) throw error
    const refusal = error instanceof AppError
    if (!refusal) deps.log?.('studio export failed', { exportId: row.id, err: error })
    await deps.exports.fail(
      row.id,
      run.token,
      refusal ? error.code : 'studio_export_failed',
      refusal ? error.message : 'The audio could not be exported.',
    )
  }
}
