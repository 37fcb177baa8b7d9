import { producerEarnings } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin } from './access.js'
import type { ProductionsDeps } from './productions-deps.js'
import { claimView } from './task-views.js'

// Reviewing submitted work. Approval turns the producer's working copy into the customer's
// deliverables and completes the task; rejection sends the task back to the board. The
// producer is paid for the claim either way, and the feedback cannot change once given.

const DELIVERABLE_FORMATS = {
  transcription: ['txt', 'srt'],
  captions: ['srt', 'vtt'],
  subtitles: ['srt', 'vtt'],
  dub: ['srt'],
} as const
const CONTENT_TYPES = { txt: 'text/plain', srt: 'application/x-subrip', vtt: 'text/vtt' } as const

export async function underReview(deps: ProductionsDeps, principal: Principal) {
  requireAdmin(deps, principal)
  const now = deps.now()
  const [submitted, unclaimed] = await Promise.all([deps.claims.submitted(), deps.orders.unclaimedTasks(200)])
  return {
    under_review: submitted.map((c) => claimView(c, now)),
    unclaimed: unclaimed.map((t) => ({ task_id: t.id, kind: t.kind, name: t.name, priority: t.priority })),
  }
}

/** The submitted text and subtitles, for the reviewer (and the producer) to read. */
export async function reviewExtras(
  deps: ProductionsDeps,
  principal: Principal,
  userId: string,
  taskId: string,
) {
  const producerId = userId === 'me' ? principal.userId : userId
  if (producerId !== principal.userId) requireAdmin(deps, principal)
  const claim = await deps.claims.ofProducerTask(producerId, taskId)
  if (!claim) throw new AppError('production_not_found', { param: 'taskId' })
  const [text, srt] = await Promise.all([
    deps.transcripts.file(claim.working_workspace_id, claim.working_transcript_id, 'txt'),
    deps.transcripts.file(claim.working_workspace_id, claim.working_transcript_id, 'srt'),
  ])
  return { task_id: claim.task_id, state: claim.state, text: text ?? '', srt: srt ?? '' }
}

export async function reviewTask(
  deps: ProductionsDeps,
  principal: Principal,
  input: { userId: string; taskId: string; decision: 'approve' | 'reject'; feedback: string },
) {
  requireAdmin(deps, principal)
  const claim = await deps.claims.ofProducerTask(input.userId, input.taskId)
  if (!claim) throw new AppError('production_not_found', { param: 'taskId' })
  if (claim.reviewed_at !== null) throw new AppError('production_feedback_reviewed')
  if (claim.state !== 'submitted') throw new AppError('production_wrong_state')
  const task = await deps.orders.taskById(claim.task_id)
  if (!task) throw new AppError('production_not_found', { param: 'taskId' })
  const files =
    input.decision === 'approve'
      ? await Promise.all(
          DELIVERABLE_FORMATS[task.kind as keyof typeof DELIVERABLE_FORMATS].map(async (format) => ({
            format,
            content: await deps.transcripts.file(
              claim.working_workspace_id,
              claim.working_transcript_id,
              format,
            ),
          })),
        )
      : []
  if (files.some((f) => f.content === null)) throw new AppError('production_not_found', { param: 'taskId' })
  const at = deps.now()
  const approved = input.decision === 'approve'
  const done = await deps.orders.transaction(async (trx) => {
    const reviewed = await deps.claims.review(
      claim.id,
      {
        state: approved ? 'approved' : 'rejected',
        reviewer_id: principal.userId,
        feedback: input.feedback,
        reviewed_at: at,
      },
      trx,
    )
    if (!reviewed) return false
    // Rejected work is still paid.
    await deps.claims.move(
      claim.id,
      approved ? 'approved' : 'rejected',
      { earnings_cents: producerEarnings(task.total_cents) },
      trx,
    )
    await deps.orders.event(
      task.id,
      approved ? 'approved' : 'rejected',
      principal.userId,
      input.feedback || null,
      trx,
    )
    if (!approved) {
      await deps.orders.moveTask(task.id, ['submitted'], 'unclaimed', trx)
      await deps.orders.moveOrder(task.order_id, ['human_review'], { status: 'in_progress' }, trx)
      return true
    }
    const base = task.name.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'production'
    await deps.orders.insertDeliverables(
      files.map((f) => ({
        id: newId(),
        task_id: task.id,
        name: `${base}.${f.format}`,
        content_type: CONTENT_TYPES[f.format],
        content: f.content!,
        version: 1,
        created_at: at,
      })),
      trx,
    )
    await deps.orders.moveTask(task.id, ['submitted'], 'complete', trx)
    await deps.orders.event(task.id, 'complete', principal.userId, null, trx)
    await deps.orders.moveOrder(
      task.order_id,
      ['human_review'],
      { status: 'complete', completed_at: at },
      trx,
    )
    return true
  })
  if (!done) throw new AppError('production_feedback_reviewed')
  return { task_id: task.id, decision: input.decision, state: approved ? 'complete' : 'unclaimed' }
}

export async function setPriority(
  deps: ProductionsDeps,
  principal: Principal,
  taskId: string,
  priority: number,
) {
  requireAdmin(deps, principal)
  const task = await deps.orders.taskById(taskId)
  if (!task) throw new AppError('production_not_found', { param: 'descriptionId' })
  await deps.orders.setPriority(task.id, priority)
  await deps.orders.event(task.id, 'priority changed', principal.userId, String(priority))
  return { description_id: task.id, priority }
}
