import { PRODUCER_CLAIM_HOURS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { requireProducer } from './access.js'
import type { ProductionsDeps } from './productions-deps.js'
import { qualifiedFor } from './qualifications.js'
import { boardTaskView } from './task-views.js'

// The task board and claiming: a qualified producer claims one unclaimed task at a time. The
// claim copies the task's machine transcript into the producer's workspace, where they edit it
// in the transcript editor; the database keeps one active claim per producer and one per task.

export async function unclaimedTasks(deps: ProductionsDeps, principal: Principal) {
  const producer = await requireProducer(deps, principal, 'me')
  const rows = await deps.orders.unclaimedTasks(200)
  return {
    tasks: rows
      .filter((task) => qualifiedFor(producer.qualifications, task))
      .map((task) => boardTaskView(task, Number(task.duration_seconds ?? 0))),
  }
}

export async function claimTask(deps: ProductionsDeps, principal: Principal, userId: string, taskId: string) {
  const producer = await requireProducer(deps, principal, userId)
  const task = await deps.orders.taskById(taskId)
  if (!task) throw new AppError('production_claim_failed')
  if (task.state !== 'unclaimed') throw new AppError('production_claim_failed')
  if (!qualifiedFor(producer.qualifications, task)) throw new AppError('production_not_qualified')
  if (await deps.claims.activeOf(producer.userId)) throw new AppError('production_active_task')
  const [media] = await deps.orders.mediaOf(task.order_id)
  if (!media?.transcript_id) throw await notReady(deps, media?.id)
  const copy = await deps.transcripts.copy({
    fromWorkspaceId: task.workspace_id,
    transcriptId: media.transcript_id,
    toWorkspaceId: principal.workspaceId,
    toUserId: producer.userId,
    fileName: `Production: ${task.name}`.slice(0, 255),
  })
  if (!copy) throw new AppError('production_claim_failed')
  const at = deps.now()
  const claimed = await deps.claims.claim(
    {
      id: newId(),
      task_id: task.id,
      producer_id: producer.userId,
      state: 'claimed',
      claimed_at: at,
      deadline_at: new Date(at.getTime() + PRODUCER_CLAIM_HOURS * 3_600_000),
      working_workspace_id: principal.workspaceId,
      working_transcript_id: copy,
    },
    { id: newId(), detail: null },
  )
  if (claimed === null || claimed === 'conflict') {
    await deps.transcripts.remove(principal.workspaceId, copy)
    // The unique index answers a second active claim of the same producer as well.
    if (claimed === 'conflict' && (await deps.claims.activeOf(producer.userId)))
      throw new AppError('production_active_task')
    throw new AppError('production_claim_failed')
  }
  return { task_id: task.id, claim_id: claimed, state: 'claimed', transcription_id: copy }
}

/** Why a task cannot be claimed before its machine transcript exists: made so far, or failed. */
async function notReady(deps: ProductionsDeps, mediaId: string | undefined): Promise<AppError> {
  const [state] = mediaId ? await deps.machine.states([mediaId]) : []
  const message =
    state?.status === 'failed'
      ? `The machine transcript of this task failed: ${state.error ?? 'unknown error'}`
      : `The machine transcript of this task is not ready yet (${state?.progress ?? 0}% done).`
  return new AppError('production_wrong_state', { message })
}
