import type { Generated } from 'kysely'
import type { Timestamp } from '../../db/schema.js'

/** A customer's order: one or more tasks, paid once (credits or checkout). */
export interface ProductionOrdersTable {
  id: string
  workspace_id: string
  user_id: string | null
  name: string
  sandbox: Generated<boolean>
  /** open, payment_pending, cancelled, in_progress, human_review, complete. */
  status: string
  total_cents: number | null
  credits: number | null
  /** credits or checkout, once paid. */
  payment_method: string | null
  /** The credit ledger entry or checkout session that paid it. */
  payment_ref: string | null
  /** An order still unpaid at this time is cancelled. */
  pay_by: Timestamp | null
  cancel_reason: string | null
  created_at: Timestamp
  updated_at: Timestamp
  submitted_at: Timestamp | null
  paid_at: Timestamp | null
  completed_at: Timestamp | null
}

/** A file (or an existing transcript) an order works on. */
export interface ProductionMediaTable {
  id: string
  order_id: string
  workspace_id: string
  name: string
  content_type: string
  language: string | null
  storage_key: string | null
  /** Set when the media is an existing transcript of the workspace (its audio and words). */
  transcript_id: string | null
  duration_seconds: number
  created_at: Timestamp
}

/** One ordered production (the spec's task description): its options, quote and state. */
export interface ProductionTasksTable {
  id: string
  order_id: string
  workspace_id: string
  kind: string
  name: string
  media_ids: unknown
  source_language: string
  target_languages: unknown
  speakers: number | null
  verbatim: boolean
  sdh: boolean
  audio_event_tags: boolean
  instructions: string | null
  quote: unknown
  total_cents: number
  state: string
  priority: Generated<number>
  created_at: Timestamp
  updated_at: Timestamp
}

/** One producer's claim of a task: its deadline, working copy, review and earnings. */
export interface ProductionClaimsTable {
  id: string
  task_id: string
  producer_id: string
  state: string
  claimed_at: Timestamp
  deadline_at: Timestamp
  extensions: Generated<number>
  /** The producer's working copy of the transcript (a transcript in their workspace). */
  working_workspace_id: string
  working_transcript_id: string
  saved_version: number | null
  submitted_at: Timestamp | null
  reviewed_at: Timestamp | null
  reviewer_id: string | null
  feedback: string | null
  feedback_acknowledged_at: Timestamp | null
  earnings_cents: Generated<number>
}

export interface ProductionEventsTable {
  id: string
  task_id: string
  event: string
  actor_id: string | null
  detail: string | null
  created_at: Timestamp
}

export interface ProductionDeliverablesTable {
  id: string
  task_id: string
  name: string
  content_type: string
  content: string
  version: number
  created_at: Timestamp
}

export interface ProductionFeedbackTable {
  id: string
  deliverable_id: string
  user_id: string
  rating: number
  comment: string
  created_at: Timestamp
}

export interface ProducerUploadsTable {
  id: string
  user_id: string
  /** video or cv. */
  kind: string
  storage_key: string
  content_type: string
  bytes: number
  created_at: Timestamp
}

export interface ProducerApplicantsTable {
  id: string
  user_id: string
  first_name: string
  email: string
  start_date: string
  context: string
  qualifications: unknown
  video_upload_id: string | null
  cv_upload_id: string | null
  /** application (the form) or ingestion (an administrator's candidate). */
  source: string
  /** The questionnaires answered with the application, and the share answered right (0-100). */
  questionnaire_answers: unknown
  questionnaire_score: number | null
  status: string
  reviewer_id: string | null
  created_at: Timestamp
  reviewed_at: Timestamp | null
}

/** An approved producer (the user's is_producer) and the qualifications they hold. */
export interface ProducersTable {
  user_id: string
  qualifications: unknown
  team_id: string | null
  created_at: Timestamp
}

/** A team of producers: its owner made it, others join with its code. */
export interface ProductionTeamsTable {
  id: string
  name: string
  owner_id: string
  join_code: string
  created_at: Timestamp
}

/** A file order's machine transcript, made as a held run once the order is paid; id = media id. */
export interface ProductionMachineTranscriptsTable {
  id: string
  order_id: string
  workspace_id: string
  /** queued, running, done, failed. */
  status: Generated<string>
  progress: Generated<number>
  attempts: Generated<number>
  worker_token: string | null
  error: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    production_orders: ProductionOrdersTable
    production_media: ProductionMediaTable
    production_tasks: ProductionTasksTable
    production_claims: ProductionClaimsTable
    production_events: ProductionEventsTable
    production_deliverables: ProductionDeliverablesTable
    production_feedback: ProductionFeedbackTable
    producer_uploads: ProducerUploadsTable
    producer_applicants: ProducerApplicantsTable
    producers: ProducersTable
    production_machine_transcripts: ProductionMachineTranscriptsTable
    production_teams: ProductionTeamsTable
  }
}
