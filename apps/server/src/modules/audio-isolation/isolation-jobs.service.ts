import { ERRORS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { JobQueue } from '../../jobs/queue.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import type { Principal } from '../../plugins/auth.js'
import type { IsolationService, IsolationUpload } from './audio-isolation.service.js'
import type { IsolationJobRow, IsolationJobsRepository } from './isolation-jobs.repository.js'

// Voice isolation as a background job: the request checks and stores the upload and enqueues a
// job in one transaction; a worker isolates it, reporting the percent done in the job's row,
// and answers with a history item or an error. The public API's calls wait for the job; the
// web app polls the job's status instead.

/** How often a waiting request looks at its job. */
const WAIT_POLL_MS = 150
/** Progress is written at most this often (and on every whole 10 %). */
const PROGRESS_WRITE_MS = 500
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

export function createIsolationJobs(deps: {
  isolation: IsolationService
  jobs: IsolationJobsRepository
  queue: JobQueue
  storage: FileStorage
  log?: (message: string, details: object) => void
}) {
  const { isolation, jobs } = deps

  function stale(row: IsolationJobRow): boolean {
    return row.status === 'running' && Date.now() - row.updated_at.getTime() > STALE_JOB_SECONDS * 1000
  }

  async function settleStale(row: IsolationJobRow): Promise<IsolationJobRow> {
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

  async function run(jobId: string): Promise<void> {
    const found = await jobs.findAny(jobId)
    if (!found) return
    const row = await settleStale(found)
    // Done, failed, or still running in a live worker (its heartbeat is fresh): nothing to do.
    if (row.status !== 'queued') return
    const principal: Principal = {
      userId: row.user_id,
      workspaceId: row.workspace_id,
      email: '',
      emailVerified: true,
      via: row.api_key_id ? 'api_key' : 'access_token',
      ...(row.api_key_id
        ? { apiKey: { id: row.api_key_id, permissions: null, characterLimit: null, characterCount: 0 } }
        : {}),
    }
    await jobs.progress(jobId, 'running', 0)
    let percent = 0
    const heartbeat = setInterval(() => {
      jobs.progress(jobId, 'running', percent).catch(() => undefined)
    }, HEARTBEAT_MS)
    heartbeat.unref()
    try {
      const data = await deps.storage.get(row.upload_key)
      if (!data)
        throw new AppError('audio_isolation_failed', { message: 'The uploaded audio is no longer stored.' })
      const samples = await isolation.decodeUpload({
        data,
        fileFormat: row.file_format === 'pcm_s16le_16' ? 'pcm_s16le_16' : 'other',
      })
      let written = 0
      let lastAt = 0
      const result = await isolation.isolate(
        principal,
        row.request_id,
        { id: row.id, title: row.file_name, previewB64: row.preview_b64 },
        samples,
        async (done) => {
          percent = done
          const now = Date.now()
          if (done >= written + 10 || now - lastAt >= PROGRESS_WRITE_MS) {
            written = done
            lastAt = now
            await jobs.progress(jobId, 'running', done)
          }
        },
      )
      await jobs.finish(jobId, result.historyItemId)
      await deps.storage.delete(row.upload_key).catch(() => undefined)
    } catch (error) {
      if (error instanceof AppError) {
        // A refusal (credits, concurrency, bad audio): final, and nothing was charged.
        await jobs.fail(jobId, error.code, error.message)
        await deps.storage.delete(row.upload_key).catch(() => undefined)
        return
      }
      deps.log?.('voice isolation job failed', { jobId, err: error })
      await jobs.fail(jobId, 'audio_isolation_failed', ERRORS.audio_isolation_failed.message)
      await deps.storage.delete(row.upload_key).catch(() => undefined)
    } finally {
      clearInterval(heartbeat)
    }
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
      return view(await settleStale(row))
    },

    /** Waits for a job to end: its history item id, or its error as an AppError. */
    async waitFor(principal: Principal, jobId: string, signal?: AbortSignal): Promise<string> {
      for (;;) {
        const row = await jobs.find(principal.workspaceId, jobId)
        if (!row) throw new AppError('audio_isolation_job_not_found', { param: 'job_id' })
        const current = view(await settleStale(row))
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
