import { PRODUCTION_MACHINE_TRANSCRIPT_ATTEMPTS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { FileStorage } from '../../lib/storage.js'
import { defineHeldJob, type HeldRun, TakenOver } from '../../platform/jobs/held-run-runner.js'
import type { SpeechToTextPorts } from '../speech-to-text/speech-to-text.module.js'
import type { MachineTranscriptRow, MachineTranscriptsRepository } from './machine-transcripts.repository.js'
import type { OrdersRepository } from './orders.repository.js'

// The machine transcript a producer starts from, for an order placed from a file: once the order
// is paid, the file is transcribed (speakers found, words timed) into the customer's workspace,
// uncharged, since the production's price covers it. It runs as a held job: a killed run's row
// is taken over and the transcript made again under the same id (a transcript stored by a run
// that died before its last write is found, not made twice). A file the recogniser refuses
// fails at once; other failures are retried up to the attempt limit.

const HEARTBEAT_MS = 3_000
const STALE_SECONDS = 15
const PROGRESS_WRITE_MS = 1_000

export interface MachineTranscriptJobDeps {
  machine: MachineTranscriptsRepository
  orders: Pick<OrdersRepository, 'mediaById' | 'orderById' | 'tasksOf' | 'event'>
  storage: FileStorage
  queue: Pick<JobQueue, 'send'>
  transcribe: SpeechToTextPorts['machineTranscript']
  log?: ((message: string, details: object) => void) | undefined
}

export function defineMachineTranscriptJob(deps: MachineTranscriptJobDeps) {
  return defineHeldJob({
    name: 'productions.machine-transcript',
    store: deps.machine.held,
    timing: { heartbeatMs: HEARTBEAT_MS, staleSeconds: STALE_SECONDS, progressWriteMs: PROGRESS_WRITE_MS },
    rowId: (payload) => payload.mediaId,
    resume: (mediaId) => ({ mediaId }),
    handler: (row, run) => makeMachineTranscript(deps, row, run),
    log: deps.log,
  })
}

async function makeMachineTranscript(
  deps: MachineTranscriptJobDeps,
  row: MachineTranscriptRow,
  run: HeldRun,
) {
  const attempt = await deps.machine.countAttempt(row.id, run.token)
  if (attempt > PRODUCTION_MACHINE_TRANSCRIPT_ATTEMPTS)
    return failed(deps, row, run, 'The machine transcript failed after automatic retries.')
  const media = await deps.orders.mediaById(row.id)
  const data = media?.storage_key ? await deps.storage.get(media.storage_key) : null
  if (!media || !data) return failed(deps, row, run, 'The ordered file is no longer stored.')
  const order = await deps.orders.orderById(media.order_id)
  if (!order) return failed(deps, row, run, 'The order is no longer stored.')
  const [task] = await deps.orders.tasksOf(media.order_id)
  try {
    const transcript = await deps.transcribe({
      workspaceId: media.workspace_id,
      // A deleted account leaves its orders: the transcript then has no user, as the order has none.
      userId: order.user_id,
      id: media.id,
      fileName: media.name,
      data,
      languageCode: media.language,
      speakers: task?.speakers ?? null,
      onProgress: (fraction) => run.note(fraction * 100),
    })
    run.assertHeld()
    if (!(await deps.machine.finish(row.id, run.token, transcript.transcription_id))) return
    for (const each of await deps.orders.tasksOf(media.order_id))
      await deps.orders.event(each.id, 'machine transcript ready', null, null)
  } catch (error) {
    if (error instanceof TakenOver) throw error
    if (error instanceof AppError) return failed(deps, row, run, error.message)
    deps.log?.('machine transcript failed', { mediaId: row.id, attempt, err: error })
    if (attempt >= PRODUCTION_MACHINE_TRANSCRIPT_ATTEMPTS)
      return failed(deps, row, run, 'The machine transcript failed after automatic retries.')
    await deps.machine.requeue(row.id, run.token)
    await deps.queue.send('productions.machine-transcript', { mediaId: row.id })
  }
}

async function failed(
  deps: MachineTranscriptJobDeps,
  row: MachineTranscriptRow,
  run: HeldRun,
  message: string,
) {
  await deps.machine.fail(row.id, run.token, message)
  for (const task of await deps.orders.tasksOf(row.order_id))
    await deps.orders.event(task.id, 'machine transcript failed', null, message)
}
