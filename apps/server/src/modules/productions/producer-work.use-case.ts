import { PRODUCER_EXTENSION_HOURS, PRODUCER_MAX_EXTENSIONS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { isAdmin, requireProducer } from './access.js'
import type { ProductionsDeps } from './productions-deps.js'
import { claimView } from './task-views.js'

// A producer's own claims: read, save the working copy, submit it for review, give it back,
// extend the deadline, read and acknowledge the reviewer's feedback.

async function ownClaim(deps: ProductionsDeps, principal: Principal, userId: string, taskId: string) {
  const producer = await requireProducer(deps, principal, userId)
  const claim = await deps.claims.ofProducerTask(producer.userId, taskId)
  if (!claim) throw new AppError('production_not_found', { param: 'taskId' })
  return claim
}

export async function myTasks(deps: ProductionsDeps, principal: Principal, userId: string) {
  const producer = await requireProducer(deps, principal, userId)
  const now = deps.now()
  return { tasks: (await deps.claims.ofProducer(producer.userId)).map((c) => claimView(c, now)) }
}

export async function myTask(deps: ProductionsDeps, principal: Principal, userId: string, taskId: string) {
  return claimView(await ownClaim(deps, principal, userId, taskId), deps.now())
}

export async function content(deps: ProductionsDeps, principal: Principal, userId: string, taskId: string) {
  const claim = await ownClaim(deps, principal, userId, taskId)
  const summary = await deps.transcripts.summary(claim.working_workspace_id, claim.working_transcript_id)
  const version = await deps.transcripts.version(claim.working_workspace_id, claim.working_transcript_id)
  if (!summary || version === null) throw new AppError('production_not_found', { param: 'taskId' })
  return {
    transcription_id: claim.working_transcript_id,
    version,
    saved_version: claim.saved_version,
    text: summary.text,
  }
}

/** Saving records the version of the working copy the producer stands behind (it must be current). */
export async function saveContent(
  deps: ProductionsDeps,
  principal: Principal,
  userId: string,
  taskId: string,
  version: number,
) {
  const claim = await ownClaim(deps, principal, userId, taskId)
  const current = await deps.transcripts.version(claim.working_workspace_id, claim.working_transcript_id)
  if (current === null) throw new AppError('production_not_found', { param: 'taskId' })
  if (current !== version) throw new AppError('transcript_version_conflict')
  if (!(await deps.claims.move(claim.id, 'claimed', { saved_version: version })))
    throw new AppError('production_wrong_state')
  await deps.orders.event(claim.task_id, 'saved', principal.userId, `version ${version}`)
  return { task_id: claim.task_id, saved_version: version }
}

export async function submitTask(
  deps: ProductionsDeps,
  principal: Principal,
  userId: string,
  taskId: string,
) {
  const claim = await ownClaim(deps, principal, userId, taskId)
  if (claim.state !== 'claimed') throw new AppError('production_wrong_state')
  const summary = await deps.transcripts.summary(claim.working_workspace_id, claim.working_transcript_id)
  if (!summary || summary.text.trim() === '') throw new AppError('production_empty_deliverable')
  const version = await deps.transcripts.version(claim.working_workspace_id, claim.working_transcript_id)
  const task = await deps.orders.taskById(claim.task_id)
  const at = deps.now()
  const done = await deps.orders.transaction(async (trx) => {
    const moved = await deps.claims.move(
      claim.id,
      'claimed',
      { state: 'submitted', submitted_at: at, saved_version: version },
      trx,
    )
    if (!moved) return false
    await deps.orders.moveTask(claim.task_id, ['claimed'], 'submitted', trx)
    if (task) await deps.orders.moveOrder(task.order_id, ['in_progress'], { status: 'human_review' }, trx)
    await deps.orders.event(claim.task_id, 'submitted for review', principal.userId, null, trx)
    return true
  })
  if (!done) throw new AppError('production_wrong_state')
  return { task_id: claim.task_id, state: 'submitted' }
}

/** The producer gives the task back (an administrator may take it from them): it returns to the board. */
export async function revokeTask(
  deps: ProductionsDeps,
  principal: Principal,
  userId: string,
  taskId: string,
) {
  const claim = isAdmin(deps, principal)
    ? await deps.claims.ofProducerTask(userId, taskId)
    : await ownClaim(deps, principal, userId, taskId)
  if (!claim) throw new AppError('production_not_found', { param: 'taskId' })
  if (!(await revoke(deps, claim, principal.userId, 'revoked'))) throw new AppError('production_wrong_state')
  return { task_id: claim.task_id, state: 'revoked' }
}

/** Revokes a live claim: the task goes back to unclaimed; false when the claim was no longer live. */
export async function revoke(
  deps: ProductionsDeps,
  claim: { id: string; task_id: string },
  actorId: string | null,
  detail: string,
): Promise<boolean> {
  return deps.orders.transaction(async (trx) => {
    if (!(await deps.claims.move(claim.id, 'claimed', { state: 'revoked' }, trx))) return false
    await deps.orders.moveTask(claim.task_id, ['claimed'], 'unclaimed', trx)
    await deps.orders.event(claim.task_id, 'revoked', actorId, detail, trx)
    return true
  })
}

export async function extendDeadline(
  deps: ProductionsDeps,
  principal: Principal,
  userId: string,
  taskId: string,
) {
  const claim = await ownClaim(deps, principal, userId, taskId)
  if (claim.state !== 'claimed') throw new AppError('production_wrong_state')
  const deadline = new Date(new Date(claim.deadline_at).getTime() + PRODUCER_EXTENSION_HOURS * 3_600_000)
  if (!(await deps.claims.extend(claim.id, deadline, PRODUCER_MAX_EXTENSIONS)))
    throw new AppError('production_deadline_extended')
  await deps.orders.event(claim.task_id, 'deadline extended', principal.userId, deadline.toISOString())
  return { task_id: claim.task_id, deadline_unix: Math.floor(deadline.getTime() / 1000) }
}

export async function feedbackOf(
  deps: ProductionsDeps,
  principal: Principal,
  userId: string,
  taskId: string,
) {
  const claim = await ownClaim(deps, principal, userId, taskId)
  return {
    task_id: claim.task_id,
    state: claim.state,
    feedback: claim.feedback,
    reviewed: claim.reviewed_at !== null,
    acknowledged: claim.feedback_acknowledged_at !== null,
  }
}

export async function acknowledgeFeedback(
  deps: ProductionsDeps,
  principal: Principal,
  userId: string,
  taskId: string,
) {
  const claim = await ownClaim(deps, principal, userId, taskId)
  if (claim.reviewed_at === null)
    throw new AppError('production_wrong_state', { message: 'This task has no feedback yet.' })
  if (claim.feedback_acknowledged_at === null) {
    await deps.claims.move(claim.id, claim.state, { feedback_acknowledged_at: deps.now() })
    await deps.orders.event(claim.task_id, 'feedback acknowledged', principal.userId, null)
  }
  return { task_id: claim.task_id, acknowledged: true }
}

/**
 * A producer's earnings and claims by outcome, and the share of reviewed work approved. The
 * caller asks for their own, or is an administrator; `trusted` is a team view that checked
 * membership itself.
 */
export async function producerStats(
  deps: ProductionsDeps,
  principal: Principal,
  userId: string,
  options: { trusted?: boolean } = {},
) {
  const producer =
    options.trusted || (isAdmin(deps, principal) && userId !== 'me')
      ? { userId }
      : await requireProducer(deps, principal, userId)
  const rows = await deps.claims.stats(producer.userId)
  const count = (state: string) => rows.find((r) => r.state === state)?.count ?? 0
  const reviewed = count('approved') + count('rejected')
  return {
    user_id: producer.userId,
    claimed: rows.reduce((sum, r) => sum + r.count, 0),
    active: count('claimed'),
    submitted: count('submitted'),
    approved: count('approved'),
    rejected: count('rejected'),
    revoked: count('revoked'),
    approval_rate_percent: reviewed === 0 ? null : Math.round((count('approved') / reviewed) * 100),
    earnings_cents: rows.reduce((sum, r) => sum + r.earned, 0),
  }
}
