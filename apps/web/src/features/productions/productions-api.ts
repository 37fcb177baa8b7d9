// The Productions marketplace's calls: customers' orders, producers' applications and claims,
// and the administrators' review. They answer JSON; the shapes are the server's views.
import { binary, JSON_HEADERS } from '../../lib/api'

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await binary(url, {
    method,
    headers: body === undefined ? { accept: 'application/json' } : JSON_HEADERS,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return (await response.json()) as T
}

export type ProductionKind = 'transcription' | 'captions' | 'subtitles' | 'dub'

export interface Quote {
  charged_duration_seconds: number
  cost_per_minute_cents: number
  subtotal_cents: number
  discount_cents: number
  total_cents: number
  credits: number
  estimated_hours: number
}

export interface OrderOptions {
  source_language?: string
  target_languages: string[]
  number_of_speakers: number | null
  verbatim: boolean
  sdh: boolean
  audio_event_tags: boolean
  custom_name: string | null
}

export interface Deliverable {
  deliverable_id: string
  name: string
  content_type: string
  version: number
  created_at_unix: number
}

export interface ProductionTask {
  description_id: string
  order_id: string
  name: string
  status: 'payment_pending' | 'cancelled' | 'in_progress' | 'human_review' | 'complete' | 'open'
  task_state: string
  progress_percent: number
  options: {
    kind: ProductionKind
    source_language: string
    verbatim: boolean
    sdh: boolean
    audio_event_tags: boolean
  }
  quote: Quote
  created_at_unix: number
  deliverables: Deliverable[]
  history: { event: string; at_unix: number }[]
  payment_method?: 'credits' | 'checkout' | null
  cancel_reason?: string | null
}

export interface Claim {
  task_id: string
  producer_id: string
  state: 'claimed' | 'submitted' | 'approved' | 'rejected' | 'revoked'
  kind: ProductionKind
  name: string
  source_language: string
  transcription_id: string
  deadline_unix: number
  nearly_overdue: boolean
  bounty_cents: number
  earnings_cents: number
  feedback: string | null
  feedback_acknowledged: boolean
  instructions: string | null
}

export interface BoardTask {
  task_id: string
  kind: ProductionKind
  name: string
  source_language: string
  duration_seconds: number
  bounty_cents: number
}

export interface Applicant {
  applicant_id: string
  user_id: string
  first_name: string
  email: string
  start_date: string
  context: string
  qualifications: { base: ProductionKind; language: string }[]
  status: 'pending' | 'approved' | 'rejected'
}

/** The history events a task records, as their translation keys name them. */
export type EventKey =
  | 'ordered'
  | 'payment_processed'
  | 'cancelled'
  | 'claimed'
  | 'saved'
  | 'submitted_for_review'
  | 'approved'
  | 'rejected'
  | 'revoked'
  | 'deadline_extended'
  | 'complete'
  | 'feedback_acknowledged'
  | 'priority_changed'
  | 'payment_not_applied'
  | 'enterprise_quote_accepted'
  | 'enterprise_quote_declined'

const ws = (workspaceId: string) => `/v1/productions/workspace/${encodeURIComponent(workspaceId)}`
const mine = '/v1/productions/producers/me/tasks'

export const quoteProduction = (
  workspaceId: string,
  body: { kind: ProductionKind; transcription_id: string; verbatim: boolean; sdh: boolean },
) => call<Quote>('POST', `${ws(workspaceId)}/quote`, body)
export const orderFromTranscript = (
  workspaceId: string,
  body: OrderOptions & { kind: ProductionKind; transcription_id: string },
) => call<ProductionTask>('POST', `${ws(workspaceId)}/tasks/transcription-from-stt`, body)
export const payWithCredits = (workspaceId: string, orderId: string) =>
  call<{ credits_charged: number }>('POST', `${ws(workspaceId)}/orders/${encodeURIComponent(orderId)}/pay`, {
    method: 'credits',
  })
/** Opens the order's checkout page (or finds the open one): where the card payment is made. */
export const payWithCheckout = (workspaceId: string, orderId: string) =>
  call<{ purchase_id: string; url: string; amount_cents: number }>(
    'POST',
    `${ws(workspaceId)}/orders/${encodeURIComponent(orderId)}/pay`,
    { method: 'checkout' },
  )
/** Enterprise workspaces accept (credits charged) or decline (order cancelled) a quote. */
export const decideQuote = (workspaceId: string, taskId: string, decision: 'accept' | 'decline') =>
  call<{ status: string; credits_charged: number }>(
    'POST',
    `${ws(workspaceId)}/tasks/${encodeURIComponent(taskId)}/enterprise-quote-decision`,
    { decision },
  )
export const listProductions = (workspaceId: string) =>
  call<{ tasks: Omit<ProductionTask, 'deliverables' | 'history' | 'progress_percent'>[] }>(
    'GET',
    `${ws(workspaceId)}/tasks`,
  )
export const getProduction = (workspaceId: string, id: string) =>
  call<ProductionTask>('GET', `${ws(workspaceId)}/tasks/${encodeURIComponent(id)}`)
export const deliverableUrl = (workspaceId: string, id: string, deliverableId: string) =>
  `${ws(workspaceId)}/tasks/${encodeURIComponent(id)}/deliverable/${encodeURIComponent(deliverableId)}`
export const rateDeliverable = (
  workspaceId: string,
  id: string,
  deliverableId: string,
  rating: number,
  comment: string,
) =>
  call(
    'POST',
    `/v1/productions/${encodeURIComponent(workspaceId)}/feedback/${encodeURIComponent(id)}/deliverable/${encodeURIComponent(deliverableId)}`,
    {
      rating,
      comment,
    },
  )

export interface TeamMember {
  user_id: string
  first_name: string | null
  email: string
  is_owner: boolean
  stats: { claimed: number; approved: number; rejected: number; approval_rate_percent: number | null }
}
export interface Team {
  team_id: string
  name: string
  join_code: string | null
  members: TeamMember[]
}
export const getTeam = (teamId: string) =>
  call<Team>('GET', `/v1/productions/teams/${encodeURIComponent(teamId)}`)
export const createTeam = (name: string) => call<Team>('POST', '/v1/productions/teams', { name })
export const joinTeam = (teamId: string, joinCode: string) =>
  call<Team>('POST', `/v1/productions/teams/${encodeURIComponent(teamId)}/join`, { join_code: joinCode })
export const leaveTeam = (teamId: string) =>
  call<{ left: boolean }>('POST', `/v1/productions/teams/${encodeURIComponent(teamId)}/leave`)
export const getProducer = () =>
  call<{
    is_producer: boolean
    is_admin: boolean
    team_id: string | null
    qualifications: { base: string; language: string }[]
  }>('GET', '/v1/productions/producers/me')
export const getOwnApplication = () =>
  call<{ applicant: Applicant | null }>('GET', '/v1/productions/producer-applicants')
export const applyAsProducer = (body: {
  first_name: string
  email: string
  start_date: string
  context: string
  qualifications: { base: ProductionKind; language: string }[]
}) => call<{ applicant_id: string }>('POST', '/v1/productions/producer-applicants', body)
export const listBoard = () => call<{ tasks: BoardTask[] }>('GET', '/v1/productions/tasks/unclaimed')
export const listMyClaims = () => call<{ tasks: Claim[] }>('GET', mine)
export const claimTask = (taskId: string) =>
  call<{ transcription_id: string }>('POST', `${mine}/${encodeURIComponent(taskId)}/claim`)
export const getContent = (taskId: string) =>
  call<{ version: number; saved_version: number | null; text: string }>(
    'GET',
    `${mine}/${encodeURIComponent(taskId)}/content`,
  )
export const saveContent = (taskId: string, version: number) =>
  call('PUT', `${mine}/${encodeURIComponent(taskId)}/content`, { version })
export const submitClaim = (taskId: string) => call('PUT', `${mine}/${encodeURIComponent(taskId)}/submit`)
export const extendClaim = (taskId: string) =>
  call('PUT', `${mine}/${encodeURIComponent(taskId)}/extend-deadline`)
export const acknowledgeFeedback = (taskId: string) =>
  call('PUT', `${mine}/${encodeURIComponent(taskId)}/feedback/ack`)

export const listPendingApplicants = () =>
  call<{ applicants: Applicant[] }>('GET', '/v1/productions/producer-applicants')
export const decideApplicant = (id: string, decision: 'approve' | 'reject') =>
  call('PUT', `/v1/productions/producer-applicants/${encodeURIComponent(id)}`, { decision })
export const listUnderReview = () => call<{ under_review: Claim[] }>('GET', '/v1/productions/tasks/all')
export const reviewExtras = (producerId: string, taskId: string) =>
  call<{ text: string; srt: string }>(
    'GET',
    `/v1/productions/producers/${encodeURIComponent(producerId)}/tasks/${encodeURIComponent(taskId)}/review-extras`,
  )
export const reviewClaim = (
  producerId: string,
  taskId: string,
  decision: 'approve' | 'reject',
  feedback: string,
) =>
  call(
    'PUT',
    `/v1/productions/producers/${encodeURIComponent(producerId)}/tasks/${encodeURIComponent(taskId)}/feedback`,
    {
      decision,
      feedback,
    },
  )
