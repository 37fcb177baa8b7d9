import { SPEECH_TO_TEXT_JOBS_AT_ONCE } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import type { JobQueue } from '../../../jobs/queue.js'
import { newId } from '../../../lib/ids.js'
import type { FileStorage } from '../../../lib/storage.js'
import { defineHeldJob } from '../../../platform/jobs/held-run-runner.js'
import type { Principal } from '../../../plugins/auth.js'
import type { WebhooksPorts } from '../../webhooks/webhooks.module.js'
import { decodeSource } from '../source-audio.js'
import type { SpeechToTextService } from '../speech-to-text.service.js'
import type { TranscriptionInput } from '../stt-form.js'
import { PROGRESS_WRITE_MS, type StoredOptions, transcribeHeld } from './transcription-job-run.js'
import type { TranscriptionJobRow, TranscriptionJobsRepository } from './transcription-jobs.repository.js'

// Transcription in the background (the request's `webhook`, and the web app's uploads): the
// request is checked and its file decoded once (every refusal a 4xx before anything is stored),
// the file is stored and the job enqueued in one transaction, and the answer comes at once.
// A workspace transcribes at most three files at a time in this way.

/** A running job's row is touched this often, whatever the work is doing. */
const HEARTBEAT_MS = 3_000
/** A running row whose heartbeat is older than this belongs to a dead run and is taken over. */
export const STALE_JOB_SECONDS = 15

/** The public API's early answer to a request with `webhook`. */
export interface WebhookAnswer {
  message: string
  request_id: string
  transcription_id: string
}

export interface TranscriptionJobView {
  transcription_id: string
  file_name: string
  status: TranscriptionJobRow['status']
  progress: number
  created_at_unix: number
  error: { code: string; message: string } | null
}

const uploadKey = (workspaceId: string, id: string) => `speech-to-text/uploads/${workspaceId}/${id}`

function view(row: TranscriptionJobRow): TranscriptionJobView {
  return {
    transcription_id: row.id,
    file_name: row.file_name,
    status: row.status,
    progress: row.progress,
    created_at_unix: Math.floor(new Date(row.created_at).getTime() / 1000),
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
  }
}

export function createTranscriptionJobs(deps: {
  stt: SpeechToTextService
  jobs: TranscriptionJobsRepository
  queue: JobQueue
  storage: FileStorage
  webhooks: Pick<WebhooksPorts, 'emit' | 'subscribed'>
  log?: ((message: string, details: object) => void) | undefined
}) {
  const job = defineHeldJob({
    name: 'speech-to-text.transcribe',
    store: deps.jobs.held,
    timing: {
      heartbeatMs: HEARTBEAT_MS,
      staleSeconds: STALE_JOB_SECONDS,
      progressWriteMs: PROGRESS_WRITE_MS,
    },
    rowId: (payload) => payload.jobId,
    resume: (jobId) => ({ jobId }),
    handler: (row, run) => transcribeHeld(deps, row, run),
    log: deps.log,
  })

  async function checkWebhook(principal: Principal, input: TranscriptionInput): Promise<void> {
    if (!input.webhookId) return
    if (!(await deps.webhooks.subscribed(principal.workspaceId, 'speech_to_text', input.webhookId)))
      throw new AppError('speech_to_text_webhook_not_found', { param: 'webhook_id' })
  }

  return {
    job,

    async submit(principal: Principal, requestId: string, input: TranscriptionInput): Promise<WebhookAnswer> {
      deps.stt.check(input)
      await checkWebhook(principal, input)
      const file = await deps.stt.sourceOf(input)
      await decodeSource(file)
      const id = newId()
      const key = uploadKey(principal.workspaceId, id)
      const { file: _file, cloudStorageUrl: _url, ...rest } = input
      const options: StoredOptions = { ...rest, fileFormat: file.fileFormat }
      await deps.storage.put(key, file.data)
      let accepted = false
      try {
        accepted = await deps.jobs.insertWithin(
          {
            id,
            workspace_id: principal.workspaceId,
            user_id: principal.userId,
            api_key_id: principal.apiKey?.id ?? null,
            request_id: requestId,
            status: 'queued',
            file_name: file.fileName || 'audio',
            upload_key: key,
            options: JSON.stringify(options),
            webhook: input.webhook,
            webhook_id: input.webhookId,
            webhook_metadata: input.webhookMetadata ? JSON.stringify(input.webhookMetadata) : null,
            error_code: null,
            error_message: null,
          },
          SPEECH_TO_TEXT_JOBS_AT_ONCE,
          (trx) => deps.queue.send('speech-to-text.transcribe', { jobId: id }, { trx }),
        )
      } finally {
        if (!accepted) await deps.storage.delete(key).catch(() => undefined)
      }
      if (!accepted) throw new AppError('speech_to_text_too_many_jobs')
      return { message: 'Request processed successfully', request_id: requestId, transcription_id: id }
    },

    async status(principal: Principal, id: string): Promise<TranscriptionJobView> {
      const row = await deps.jobs.find(principal.workspaceId, id)
      if (!row) throw new AppError('speech_to_text_job_not_found', { param: 'transcription_id' })
      return view(row)
    },

    /** The workspace's files still being transcribed, and those that failed. */
    async listOpen(principal: Principal): Promise<{ jobs: TranscriptionJobView[] }> {
      return { jobs: (await deps.jobs.listOpen(principal.workspaceId)).map(view) }
    },

    async dismiss(principal: Principal, id: string): Promise<void> {
      if (!(await deps.jobs.removeFailed(principal.workspaceId, id)))
        throw new AppError('speech_to_text_job_not_found', { param: 'transcription_id' })
    },
  }
}

export type TranscriptionJobs = ReturnType<typeof createTranscriptionJobs>
