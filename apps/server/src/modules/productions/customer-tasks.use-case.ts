import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import type { ProductionsDeps } from './productions-deps.js'
import { customerTaskView, deliverableView, quoteView, taskOptionsView } from './task-views.js'

// What a customer reads and changes of their ordered productions.

async function ownTask(deps: ProductionsDeps, principal: Principal, taskId: string) {
  const task = await deps.orders.task(principal.workspaceId, taskId)
  if (!task) throw new AppError('production_not_found', { param: 'descriptionId' })
  const order = await deps.orders.orderById(task.order_id)
  if (!order || order.status === 'open')
    throw new AppError('production_not_found', { param: 'descriptionId' })
  return { task, order }
}

export async function getTask(deps: ProductionsDeps, principal: Principal, taskId: string) {
  const { task, order } = await ownTask(deps, principal, taskId)
  const deliverables = await deps.orders.deliverables([task.id])
  return customerTaskView(task, order, deliverables, await deps.orders.events(task.id))
}

export async function listTasks(deps: ProductionsDeps, principal: Principal) {
  const rows = await deps.orders.tasksOfWorkspace(principal.workspaceId, 200)
  return {
    tasks: rows.map((task) => ({
      description_id: task.id,
      order_id: task.order_id,
      name: task.name,
      status: task.order_status,
      task_state: task.state,
      options: taskOptionsView(task),
      quote: quoteView(task),
      created_at_unix: Math.floor(new Date(task.created_at).getTime() / 1000),
    })),
  }
}

export async function renameTask(deps: ProductionsDeps, principal: Principal, taskId: string, name: string) {
  const { task, order } = await ownTask(deps, principal, taskId)
  await deps.orders.renameTask(task.id, name)
  const tasks = await deps.orders.tasksOf(order.id)
  if (tasks.length === 1) await deps.orders.renameOrder(order.id, name)
  return { description_id: task.id, name }
}

export async function deliverableFile(
  deps: ProductionsDeps,
  principal: Principal,
  taskId: string,
  deliverableId: string,
) {
  const { task } = await ownTask(deps, principal, taskId)
  const row = await deps.orders.deliverable(task.id, deliverableId)
  if (!row) throw new AppError('production_not_found', { param: 'deliverableId' })
  return { name: row.name, contentType: row.content_type, content: row.content }
}

/** The task's media: the uploaded file, or the kept audio of the transcript it was ordered from. */
export async function taskMedia(deps: ProductionsDeps, principal: Principal, taskId: string) {
  const { task } = await ownTask(deps, principal, taskId)
  const media = await firstMedia(deps, task.order_id)
  if (media.storage_key) {
    const bytes = await deps.storage.get(media.storage_key)
    if (bytes) return { bytes, contentType: media.content_type, name: media.name }
  }
  if (media.transcript_id) {
    const audio = await deps.transcripts.audio(task.workspace_id, media.transcript_id)
    if (audio) return { bytes: audio.bytes, contentType: 'audio/mpeg', name: media.name }
  }
  throw new AppError('production_media_not_found')
}

export async function taskWaveform(deps: ProductionsDeps, principal: Principal, taskId: string) {
  const { task } = await ownTask(deps, principal, taskId)
  const media = await firstMedia(deps, task.order_id)
  const audio = media.transcript_id
    ? await deps.transcripts.audio(task.workspace_id, media.transcript_id)
    : null
  return { duration_seconds: media.duration_seconds, peaks: audio?.peaks ?? [] }
}

async function firstMedia(deps: ProductionsDeps, orderId: string) {
  const [media] = await deps.orders.mediaOf(orderId)
  if (!media) throw new AppError('production_media_not_found')
  return media
}

export async function giveFeedback(
  deps: ProductionsDeps,
  principal: Principal,
  input: { taskId: string; deliverableId: string; rating: number; comment: string },
) {
  const { task } = await ownTask(deps, principal, input.taskId)
  const deliverable = await deps.orders.deliverable(task.id, input.deliverableId)
  if (!deliverable) throw new AppError('production_not_found', { param: 'deliverableId' })
  const saved = await deps.orders.insertFeedback({
    deliverableId: deliverable.id,
    userId: principal.userId,
    rating: input.rating,
    comment: input.comment,
  })
  if (!saved) throw new AppError('production_feedback_exists')
  return { ...deliverableView(deliverable), feedback: { rating: input.rating, comment: input.comment } }
}
