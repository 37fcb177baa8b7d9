import { ERRORS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { FileStorage } from '../../lib/storage.js'
import { type HeldRun, TakenOver } from '../../platform/jobs/held-run-runner.js'
import { jobPrincipal } from '../../platform/jobs/job-principal.js'
import type { IsolationService } from './audio-isolation.service.js'
import type { IsolationJobRow, IsolationJobsRepository } from './isolation-jobs.repository.js'

// The worker's side of an isolation job: the stored upload isolated into a history item, the
// percent done written to the job's row, and a refusal or failure recorded as the job's error.

/** Progress is written at most this often (and on every whole 10 %). */
export const PROGRESS_WRITE_MS = 500

export interface IsolationRunDeps {
  isolation: IsolationService
  jobs: IsolationJobsRepository
  storage: FileStorage
  log?: ((message: string, details: object) => void) | undefined
}

/** The isolation job's handler: the held row's stored upload isolated into a history item. */
export async function isolateHeld(deps: IsolationRunDeps, row: IsolationJobRow, run: HeldRun): Promise<void> {
  const { isolation, jobs } = deps
  const principal = jobPrincipal({
    userId: row.user_id,
    workspaceId: row.workspace_id,
    apiKeyId: row.api_key_id,
  })
  try {
    const data = await deps.storage.get(row.upload_key)
    if (!data)
      throw new AppError('audio_isolation_failed', { message: 'The uploaded audio is no longer stored.' })
    const samples = await isolation.decodeUpload({
      data,
      fileFormat: row.file_format === 'pcm_s16le_16' ? 'pcm_s16le_16' : 'other',
    })
    let written = 0
    const result = await isolation.isolate(
      principal,
      row.request_id,
      { id: row.id, title: row.file_name, previewB64: row.preview_b64 },
      samples,
      async (done) => {
        // Every whole 10 % is written at once; between them at most every PROGRESS_WRITE_MS.
        const force = done >= written + 10
        if (force) written = done
        await run.progress(done, { force })
      },
    )
    await jobs.finish(row.id, result.historyItemId)
    await deps.storage.delete(row.upload_key).catch(() => undefined)
  } catch (error) {
    if (error instanceof TakenOver) throw error
    if (error instanceof AppError) {
      // A refusal (credits, concurrency, bad audio): final, and nothing was charged.
      await jobs.fail(row.id, error.code, error.message)
      await deps.storage.delete(row.upload_key).catch(() => undefined)
      return
    }
    deps.log?.('voice isolation job failed', { jobId: row.id, err: error })
    await jobs.fail(row.id, 'audio_isolation_failed', ERRORS.audio_isolation_failed.message)
    await deps.storage.delete(row.upload_key).catch(() => undefined)
  }
}
