import { ERRORS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { JobQueue } from '../../jobs/queue.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import { defineHeldJob } from '../../platform/jobs/held-run-runner.js'
import type { Principal } from '../../plugins/auth.js'
import type { IsolationService, IsolationUpload } from './audio-isolation.service.js'
import { isolateHeld, PROGRESS_WRITE_MS } from './isolation-job-run.js'
import type { IsolationJobRow, IsolationJobsRepository } from './isolation-jobs.repository.js'

// Voice isolation as a background job: the request checks and stores the upload and enqueues a
// job in one transaction; a worker isolates it, reporting the percent done in the job's row,
// and answers with a history item or an error. The public API's calls wait for the job; the
// web app polls the job's status instead.

/** How often a waiting request looks at its job. */
const WAIT_POLL_MS = 150
/** A running job's row is touched this often, whatever the work is doing (decoding a long file). */
const HEARTBEAT_MS = 5_000
/**
 * A running job whose row has not moved for this long belongs to a dead worker: it is marked
 * failed when next looked at (its reservation is released by the recording sweeper, and the
 * queue's retry finds it failed and does nothing).
 */
export const STALE_JOB_SECONDS = 60

export interface IsolationJobView {
  job_id: string
  status: IsolationJobRow['status']
  progress: number
  history_item_id: string | null
  error: { code: string; message: string } | null
}

const uploadKey = (workspaceId: string, id: string) => `audio-isolation/uploads/${workspaceId}/${id}`

/** A running job whose row stopped moving: its worker is gone. */
function stale(row: IsolationJobRow): boolean {
  return row.status === 'running' && Date.now() - row.updated_at.getTime() > STALE_JOB_SECONDS * 1000
}

/** A dead worker's job marked failed, as it is read back. */
async function settleStale(jobs: IsolationJobsRepository, row: IsolationJobRow): Promise<IsolationJobRow> {
  if (!stale(row)) return row
  await jobs.fail(row.id, 'audio_isolation_failed', ERRORS.audio_isolation_failed.message)
  return (await jobs.findAny(row.id)) ?? row
}

function view(row: IsolationJobRow): IsolationJobView {
  if (stale(row)) {
    return {
      job_id: row.id,
      status: 'failed',
      progress: row.progress,
      history_item_id: null,
      error: { code: 'audio_isolation_failed', message: ERRORS.audio_isolation_failed.message },
    }
  }
  return {
    job_id: row.id,
    status: row.status,
    progress: row.progress,
    history_item_id: row.history_item_id,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
  }
}

export function createIsolationJobs(deps: {
  isolation: IsolationService
  jobs: IsolationJobsRepository
  queue: JobQueue
  storage: FileStorage
  log?: (message: string, details: object) => void
}) {
  const { isolation, jobs } = deps

  // A dead run's job is not taken over: it is marked failed when next looked at (its upload may
  // be what killed the process), so only queued rows are claimed.
  const job = defineHeldJob({
    name: 'audio-isolation.run',
    store: jobs.held,
    timing: {
      heartbeatMs: HEARTBEAT_MS,
      staleSeconds: STALE_JOB_SECONDS,
      progressWriteMs: PROGRESS_WRITE_MS,
    },
    rowId: (payload) => payload.jobId,
    handler: (row, run) => isolateHeld(deps, row, run),
    log: deps.log,
  })

  /** Runs one job: a dead run's row is failed first, then a queued one is claimed and run. */
  async function run(jobId: string): Promise<void> {
    const found = await jobs.findAny(jobId)
    if (!found) return
    await settleStale(jobs, found)
    await job.run({ jobId })
  }

  return {
    run,

    /** Checks the upload (every refusal a 4xx, before anything is stored), stores it and enqueues its job. */
    async submit(principal: Principal, requestId: string, upload: IsolationUpload): Promise<string> {
      await isolation.decodeUpload(upload)
      const id = newId()
      const key = uploadKey(principal.workspaceId, id)
      await deps.storage.put(key, upload.data)
      try {
        await jobs.insert(
          {
            id,
            workspace_id: principal.workspaceId,
            user_id: principal.userId,
            api_key_id: principal.apiKey?.id ?? null,
            request_id: requestId,
            status: 'queued',
            file_name: upload.fileName || 'audio',
            file_format: upload.fileFormat,
            upload_key: key,
            preview_b64: upload.previewB64,
            history_item_id: null,
            error_code: null,
            error_message: null,
          },
          (trx) => deps.queue.send('audio-isolation.run', { jobId: id }, { trx }),
        )
      } catch (error) {
        await deps.storage.delete(key).catch(() => undefined)
        throw error
      }
      return id
    },

    async status(principal: Principal, jobId: string): Promise<IsolationJobView> {
      const row = await jobs.find(principal.workspaceId, jobId)
      if (!row) throw new AppError('audio_isolation_job_not_found', { param: 'job_id' })
      return view(await settleStale(jobs, row))
    },

    /** Waits for a job to end: its history item id, or its error as an AppError. */
    async waitFor(principal: Principal, jobId: string, signal?: AbortSignal): Promise<string> {
      for (;;) {
        const row = await jobs.find(principal.workspaceId, jobId)
        if (!row) throw new AppError('audio_isolation_job_not_found', { param: 'job_id' })
        const current = view(await settleStale(jobs, row))
        if (current.status === 'done' && current.history_item_id) return current.history_item_id
        if (current.status === 'failed') {
          const code = (current.error?.code ?? 'audio_isolation_failed') as keyof typeof ERRORS
          throw new AppError(code in ERRORS ? code : 'audio_isolation_failed', {
            message: current.error?.message ?? ERRORS.audio_isolation_failed.message,
          })
        }
        if (signal?.aborted)
          throw new AppError('audio_isolation_failed', { message: 'The request was closed.' })
        await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS))
      }
    },
  }
}

export type IsolationJobs = ReturnType<typeof createIsolationJobs>
