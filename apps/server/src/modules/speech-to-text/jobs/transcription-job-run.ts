import { ERRORS, SPEECH_TO_TEXT_JOB_ATTEMPTS } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import type { JobQueue } from '../../../jobs/queue.js'
import type { FileStorage } from '../../../lib/storage.js'
import { type HeldRun, TakenOver } from '../../../platform/jobs/held-run-runner.js'
import { jobPrincipal } from '../../../platform/jobs/job-principal.js'
import type { WebhooksPorts } from '../../webhooks/webhooks.module.js'
import { decodeSource } from '../source-audio.js'
import type { SpeechToTextService, TranscriptBody } from '../speech-to-text.service.js'
import type { SourceFile, TranscriptionInput } from '../stt-form.js'
import type { TranscriptionJobRow, TranscriptionJobsRepository } from './transcription-jobs.repository.js'

// The worker's side of a background transcription. Each run counts itself on the row; a run
// that fails for a reason that is not the request's fault (the engine crashed, the process was
// killed) puts the row back in the queue until the last attempt, which fails with the product's
// message. A refusal (credits, bad audio) is final at once. The end is told to the workspace's
// speech to text webhooks when the request asked for it.

export interface TranscriptionRunDeps {
  stt: SpeechToTextService
  jobs: TranscriptionJobsRepository
  storage: FileStorage
  queue: Pick<JobQueue, 'send'>
  webhooks: Pick<WebhooksPorts, 'emit'>
  log?: ((message: string, details: object) => void) | undefined
}

/** What a job row stored of the request, besides the file. */
export type StoredOptions = Omit<TranscriptionInput, 'file' | 'cloudStorageUrl'> & {
  fileFormat: SourceFile['fileFormat']
}

/** Progress is written at most this often (and on every whole 10 %). */
export const PROGRESS_WRITE_MS = 500

export async function transcribeHeld(deps: TranscriptionRunDeps, row: TranscriptionJobRow, run: HeldRun) {
  const principal = jobPrincipal({
    userId: row.user_id,
    workspaceId: row.workspace_id,
    apiKeyId: row.api_key_id,
  })
  const attempt = await deps.jobs.countAttempt(row.id, run.token)
  // A transcript stored under the job's id means an earlier run finished all but the last write.
  const stored = await deps.stt.stored(row.workspace_id, row.id)
  if (stored) return finished(deps, row, stored)
  if (attempt > SPEECH_TO_TEXT_JOB_ATTEMPTS) return failed(deps, row, 'speech_to_text_failed')
  try {
    const body = await transcribeStored(deps, row, run, principal)
    await finished(deps, row, body)
  } catch (error) {
    if (error instanceof TakenOver) throw error
    if (error instanceof AppError) return failed(deps, row, error.code, error.message)
    deps.log?.('transcription job failed', { jobId: row.id, attempt, err: error })
    if (attempt >= SPEECH_TO_TEXT_JOB_ATTEMPTS) return failed(deps, row, 'speech_to_text_failed')
    await deps.jobs.requeue(row.id, run.token, (trx) =>
      deps.queue.send('speech-to-text.transcribe', { jobId: row.id }, { trx }),
    )
  }
}

async function transcribeStored(
  deps: TranscriptionRunDeps,
  row: TranscriptionJobRow,
  run: HeldRun,
  principal: ReturnType<typeof jobPrincipal>,
): Promise<TranscriptBody> {
  const data = await deps.storage.get(row.upload_key)
  if (!data)
    throw new AppError('speech_to_text_failed', { message: 'The uploaded file is no longer stored.' })
  const { fileFormat, ...options } = row.options as StoredOptions
  const input: TranscriptionInput = { ...options, file: null, cloudStorageUrl: null }
  // Chosen again: a model removed from the models directory since the request fails the job.
  const choice = deps.stt.check(input)
  const file: SourceFile = { data, fileName: row.file_name, fileFormat }
  const { samples, seconds } = await decodeSource(file)
  let written = 0
  return deps.stt.transcribeAudio({
    principal,
    requestId: row.request_id,
    id: row.id,
    fileName: row.file_name,
    samples,
    seconds,
    input,
    choice,
    onProgress: (fraction) => {
      // Every whole 10 % is written at once; between them at most every PROGRESS_WRITE_MS.
      const percent = Math.floor(fraction * 100)
      const force = percent >= written + 10
      if (force) written = percent
      run.progress(percent, { force }).catch(() => undefined)
    },
  })
}

async function finished(deps: TranscriptionRunDeps, row: TranscriptionJobRow, body: TranscriptBody) {
  await deps.jobs.finish(row.id)
  await deps.storage.delete(row.upload_key).catch(() => undefined)
  if (row.webhook)
    await deps.webhooks.emit(row.workspace_id, {
      type: 'speech_to_text',
      name: 'speech_to_text_transcription',
      onlyWebhookId: row.webhook_id ?? undefined,
      data: {
        request_id: row.request_id,
        transcription: body,
        ...(row.webhook_metadata ? { webhook_metadata: row.webhook_metadata } : {}),
      },
    })
}

async function failed(deps: TranscriptionRunDeps, row: TranscriptionJobRow, code: string, message?: string) {
  const text = message ?? ERRORS[code as keyof typeof ERRORS]?.message ?? ERRORS.speech_to_text_failed.message
  await deps.jobs.fail(row.id, code, text)
  await deps.storage.delete(row.upload_key).catch(() => undefined)
  if (row.webhook)
    await deps.webhooks.emit(row.workspace_id, {
      type: 'speech_to_text',
      name: 'speech_to_text_transcription_failed',
      onlyWebhookId: row.webhook_id ?? undefined,
      data: {
        request_id: row.request_id,
        transcription_id: row.id,
        error: { code, message: text },
        ...(row.webhook_metadata ? { webhook_metadata: row.webhook_metadata } : {}),
      },
    })
}
