import { PRODUCTION_PAYMENT_WINDOW_HOURS, type ProductionQuote } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { probeMedia } from './media-probe.js'
import type { MediaRow, OrderRow, TaskRow } from './orders.repository.js'
import { payWithCredits } from './pay-order.use-case.js'
import type { ProductionsDeps } from './productions-deps.js'
import { mediaKey } from './register-task.use-case.js'
import type { SignedLinks } from './signed-links.js'
import { type TaskOptions, taskRow } from './task-options.js'

// The public API's orders (/v1/productions/orders): an open order gets media and items, each
// item quoted; submitting charges the workspace (credits) and the items become tasks for
// producers. A sandbox order is accepted without charge and never reaches producers.

export type PublicOrderState = 'open' | 'submitted' | 'accepted' | 'done' | 'cancelled'

/** Our order statuses in the public API's states. */
export function publicState(status: string): PublicOrderState {
  if (status === 'payment_pending') return 'submitted'
  if (status === 'in_progress' || status === 'human_review') return 'accepted'
  if (status === 'complete') return 'done'
  if (status === 'cancelled') return 'cancelled'
  return 'open'
}
const ourStatuses: Record<PublicOrderState, string[]> = {
  open: ['open'],
  submitted: ['payment_pending'],
  accepted: ['in_progress', 'human_review'],
  done: ['complete'],
  cancelled: ['cancelled'],
}
const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString())
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T
const usd = (cents: number) => Math.round(cents) / 100

async function openOrder(deps: ProductionsDeps, principal: Principal, orderId: string) {
  const order = await deps.orders.order(principal.workspaceId, orderId)
  if (!order) throw new AppError('production_not_found', { param: 'order_id' })
  return order
}

export async function createOrder(deps: ProductionsDeps, principal: Principal, sandbox: boolean) {
  const at = deps.now()
  const id = `ord_${newId()}`
  await deps.orders.insertOrder({
    id,
    workspace_id: principal.workspaceId,
    user_id: principal.userId,
    name: 'Untitled order',
    sandbox,
    status: 'open',
    created_at: at,
    updated_at: at,
  })
  return { order_id: id, sandbox }
}

function itemView(task: TaskRow) {
  const media = parsed<string[]>(task.media_ids)
  const targets = parsed<string[]>(task.target_languages)
  const common = { source_language: task.source_language, instructions: task.instructions }
  const item =
    task.kind === 'dub'
      ? {
          kind: 'dub' as const,
          media_id: media[0]!,
          destination_languages: targets,
          include_captions: task.sdh,
          include_source_captions: false,
          captions_sdh: task.sdh,
          ...common,
        }
      : task.kind === 'subtitles'
        ? {
            kind: 'subtitles' as const,
            media_ids: media,
            destination_languages: targets,
            sdh: task.sdh,
            ...common,
          }
        : { kind: 'transcription' as const, media_ids: media, verbatim: task.verbatim, ...common }
  return {
    item_id: task.id,
    item,
    quote: { amount_usd: usd(parsed<ProductionQuote>(task.quote).total_cents) },
  }
}

export async function getOrder(deps: ProductionsDeps, principal: Principal, orderId: string) {
  const order = await openOrder(deps, principal, orderId)
  const tasks = await deps.orders.tasksOf(order.id)
  return {
    order_id: order.id,
    name: order.name,
    state: publicState(order.status),
    items: tasks.map(itemView),
    total_amount_usd: usd(tasks.reduce((sum, t) => sum + t.total_cents, 0)),
    sandbox: order.sandbox,
    created_at: iso(order.created_at)!,
    submitted_at: iso(order.submitted_at),
    paid_at: iso(order.paid_at),
    accepted_at: iso(order.paid_at),
    completed_at: iso(order.completed_at),
    cancel_reason: order.cancel_reason,
  }
}

export async function listOrders(
  deps: ProductionsDeps,
  principal: Principal,
  query: {
    pageSize: number
    offset: number
    states: PublicOrderState[] | null
    from: Date | null
    to: Date | null
  },
) {
  const rows = await deps.orders.orders(principal.workspaceId, {
    statuses: query.states ? query.states.flatMap((s) => ourStatuses[s]) : null,
    from: query.from,
    to: query.to,
    limit: query.pageSize,
    offset: query.offset,
  })
  return { orders: rows.map(summary) }
}

const summary = (order: OrderRow) => ({
  order_id: order.id,
  name: order.name,
  state: publicState(order.status),
  total_amount_usd: order.total_cents === null ? null : usd(order.total_cents),
  sandbox: order.sandbox,
  submitted_at: iso(order.submitted_at),
  updated_at: iso(order.updated_at),
  cancel_reason: order.cancel_reason,
})

export async function renameOrder(
  deps: ProductionsDeps,
  principal: Principal,
  orderId: string,
  name: string,
) {
  const order = await openOrder(deps, principal, orderId)
  if (order.status !== 'open') throw new AppError('production_order_not_open')
  await deps.orders.renameOrder(order.id, name)
  return { name }
}

export async function registerMedia(
  deps: ProductionsDeps,
  principal: Principal,
  orderId: string,
  input: { data: Buffer; fileName: string; language: string },
) {
  const order = await openOrder(deps, principal, orderId)
  if (order.status !== 'open') throw new AppError('production_order_not_open')
  const probed = await probeMedia(input.data)
  const id = `prodmedia_${newId()}`
  const key = mediaKey(principal.workspaceId, id)
  await deps.storage.put(key, input.data)
  await deps.orders.insertMedia({
    id,
    order_id: order.id,
    workspace_id: principal.workspaceId,
    name: input.fileName.slice(0, 255) || 'media',
    content_type: probed.contentType,
    language: input.language,
    storage_key: key,
    transcript_id: null,
    duration_seconds: probed.seconds,
    created_at: deps.now(),
  })
  return { media_id: id }
}

export async function getMedia(
  deps: ProductionsDeps,
  links: SignedLinks,
  origin: string,
  principal: Principal,
  orderId: string,
  mediaId: string,
) {
  const order = await openOrder(deps, principal, orderId)
  const media = await deps.orders.media(order.id, mediaId)
  if (!media) throw new AppError('production_media_not_found', { param: 'media_id' })
  return {
    media_id: media.id,
    name: media.name,
    content_type: media.content_type,
    language: media.language,
    signed_url: `${origin}${links.path('media', media.id)}`,
  }
}

export interface PublicItem {
  kind: 'transcription' | 'subtitles' | 'dub'
  mediaIds: string[]
  sourceLanguage: string
  destinationLanguages: string[]
  verbatim: boolean
  sdh: boolean
  instructions: string | null
}

export async function upsertItem(
  deps: ProductionsDeps,
  principal: Principal,
  orderId: string,
  input: { item: PublicItem; itemId: string | null },
) {
  const order = await openOrder(deps, principal, orderId)
  if (order.status !== 'open') throw new AppError('production_order_not_open')
  const media: MediaRow[] = []
  for (const id of input.item.mediaIds) {
    const row = await deps.orders.media(order.id, id)
    if (!row) throw new AppError('production_media_not_found', { param: 'media_ids' })
    media.push(row)
  }
  const options: TaskOptions = {
    kind: input.item.kind,
    name: null,
    sourceLanguage: input.item.sourceLanguage,
    targetLanguages: input.item.destinationLanguages,
    speakers: null,
    verbatim: input.item.verbatim,
    sdh: input.item.sdh,
    audioEventTags: false,
    instructions: input.item.instructions,
  }
  const row = taskRow({
    orderId: order.id,
    workspaceId: principal.workspaceId,
    mediaIds: input.item.mediaIds,
    durationSeconds: media.reduce((sum, m) => sum + m.duration_seconds, 0),
    options,
    fallbackName: media[0]!.name,
    state: 'open',
    at: deps.now(),
    ...(input.itemId ? { id: input.itemId } : { id: `item_${newId()}` }),
  })
  if (input.itemId) {
    const existing = (await deps.orders.tasksOf(order.id)).find((t) => t.id === input.itemId)
    if (!existing) throw new AppError('production_not_found', { param: 'item_id' })
    const { id: _id, created_at: _created, ...patch } = row
    await deps.orders.replaceTask(existing.id, patch)
  } else {
    await deps.orders.insertTask(row)
  }
  return { item_id: row.id, quote: { amount_usd: usd(row.total_cents) } }
}

export async function removeItem(
  deps: ProductionsDeps,
  principal: Principal,
  orderId: string,
  itemId: string,
) {
  const order = await openOrder(deps, principal, orderId)
  if (order.status !== 'open') throw new AppError('production_order_not_open')
  if (!(await deps.orders.deleteTask(order.id, itemId)))
    throw new AppError('production_not_found', { param: 'item_id' })
  return { success: true }
}

/** Submitting places the order and pays for it with the workspace's credits (sandbox: free). */
export async function submitOrder(deps: ProductionsDeps, principal: Principal, orderId: string) {
  const order = await openOrder(deps, principal, orderId)
  if (order.status !== 'open') throw new AppError('production_order_not_open')
  const tasks = await deps.orders.tasksOf(order.id)
  if (tasks.length === 0) throw new AppError('production_order_empty')
  const at = deps.now()
  const total = tasks.reduce((sum, t) => sum + t.total_cents, 0)
  const placed = await deps.orders.transaction(async (trx) => {
    const moved = await deps.orders.moveOrder(
      order.id,
      ['open'],
      order.sandbox
        ? { status: 'in_progress', total_cents: 0, submitted_at: at, paid_at: at, payment_method: 'sandbox' }
        : {
            status: 'payment_pending',
            total_cents: total,
            submitted_at: at,
            pay_by: new Date(at.getTime() + PRODUCTION_PAYMENT_WINDOW_HOURS * 3_600_000),
          },
      trx,
    )
    if (moved)
      await deps.orders.moveTasksOf(order.id, 'open', order.sandbox ? 'sandbox' : 'payment_pending', trx)
    for (const task of tasks) await deps.orders.event(task.id, 'ordered', principal.userId, null, trx)
    return moved
  })
  if (!placed) throw new AppError('production_order_not_open')
  if (!order.sandbox) {
    try {
      await payWithCredits(deps, principal, order.id)
    } catch (error) {
      // Without the credits, the order goes back to open so it can be paid for later.
      await deps.orders.transaction(async (trx) => {
        if (
          await deps.orders.moveOrder(
            order.id,
            ['payment_pending'],
            { status: 'open', submitted_at: null },
            trx,
          )
        )
          await deps.orders.moveTasksOf(order.id, 'payment_pending', 'open', trx)
      })
      throw error
    }
  }
  const after = await deps.orders.orderById(order.id)
  return { order_id: order.id, state: publicState(after!.status), submitted_at: at.toISOString() }
}

export async function orderDeliverables(
  deps: ProductionsDeps,
  links: SignedLinks,
  origin: string,
  principal: Principal,
  orderId: string,
) {
  const order = await openOrder(deps, principal, orderId)
  if (order.status !== 'complete') return { deliverables: [] }
  const tasks = await deps.orders.tasksOf(order.id)
  const rows = await deps.orders.deliverables(tasks.map((t) => t.id))
  return {
    deliverables: rows.map((d) => ({
      signed_url: `${origin}${links.path('deliverable', d.id)}`,
      content_type: d.content_type,
      name: d.name,
      version: d.version,
    })),
  }
}
