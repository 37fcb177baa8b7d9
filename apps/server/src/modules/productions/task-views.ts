import { nearlyOverdue, type ProductionQuote, producerEarnings } from '@timbre/contract'
import type { ClaimRow } from './claims.repository.js'
import type { DeliverableRow, OrderRow, TaskRow } from './orders.repository.js'

const unix = (at: Date | string | null) => (at === null ? null : Math.floor(new Date(at).getTime() / 1000))
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T

/** How far an order has come, for its progress bar. */
const PROGRESS: Record<string, number> = {
  open: 0,
  payment_pending: 10,
  cancelled: 0,
  in_progress: 40,
  human_review: 80,
  complete: 100,
}

export function taskOptionsView(task: TaskRow) {
  return {
    kind: task.kind,
    source_language: task.source_language,
    target_languages: parsed<string[]>(task.target_languages),
    number_of_speakers: task.speakers,
    verbatim: task.verbatim,
    sdh: task.sdh,
    audio_event_tags: task.audio_event_tags,
    instructions: task.instructions,
  }
}

export function quoteView(task: TaskRow) {
  return parsed<ProductionQuote>(task.quote)
}

/** A task as its customer sees it. */
export function customerTaskView(
  task: TaskRow,
  order: OrderRow,
  deliverables: DeliverableRow[],
  events: { event: string; created_at: Date | string }[],
) {
  return {
    description_id: task.id,
    order_id: order.id,
    name: task.name,
    status: order.status,
    task_state: task.state,
    progress_percent: PROGRESS[order.status] ?? 0,
    options: taskOptionsView(task),
    quote: quoteView(task),
    payment_method: order.payment_method,
    pay_by_unix: unix(order.pay_by),
    cancel_reason: order.cancel_reason,
    created_at_unix: unix(task.created_at)!,
    paid_at_unix: unix(order.paid_at),
    completed_at_unix: unix(order.completed_at),
    deliverables: deliverables.map(deliverableView),
    history: events.map((e) => ({ event: e.event, at_unix: unix(e.created_at)! })),
  }
}

export function deliverableView(d: DeliverableRow) {
  return {
    deliverable_id: d.id,
    name: d.name,
    content_type: d.content_type,
    version: d.version,
    created_at_unix: unix(d.created_at)!,
  }
}

/** A claim as its producer (or a reviewer) sees it. */
export function claimView(
  claim: ClaimRow & {
    kind: string
    name: string
    source_language: string
    target_languages: unknown
    verbatim: boolean
    sdh: boolean
    audio_event_tags: boolean
    speakers: number | null
    instructions: string | null
    total_cents: number
    priority: number
  },
  now: Date,
) {
  const deadline = new Date(claim.deadline_at)
  return {
    task_id: claim.task_id,
    claim_id: claim.id,
    producer_id: claim.producer_id,
    state: claim.state,
    kind: claim.kind,
    name: claim.name,
    source_language: claim.source_language,
    target_languages: parsed<string[]>(claim.target_languages),
    verbatim: claim.verbatim,
    sdh: claim.sdh,
    audio_event_tags: claim.audio_event_tags,
    number_of_speakers: claim.speakers,
    instructions: claim.instructions,
    priority: claim.priority,
    transcription_id: claim.working_transcript_id,
    deadline_unix: unix(deadline)!,
    nearly_overdue: claim.state === 'claimed' && nearlyOverdue(deadline, now),
    extensions: claim.extensions,
    saved_version: claim.saved_version,
    submitted_at_unix: unix(claim.submitted_at),
    reviewed_at_unix: unix(claim.reviewed_at),
    feedback: claim.feedback,
    feedback_acknowledged: claim.feedback_acknowledged_at !== null,
    bounty_cents: producerEarnings(claim.total_cents),
    earnings_cents: claim.earnings_cents,
  }
}

/** An unclaimed task as a producer browsing the board sees it. */
export function boardTaskView(task: TaskRow, durationSeconds: number) {
  return {
    task_id: task.id,
    name: task.name,
    ...taskOptionsView(task),
    priority: task.priority,
    duration_seconds: durationSeconds,
    bounty_cents: producerEarnings(task.total_cents),
    created_at_unix: unix(task.created_at)!,
  }
}
