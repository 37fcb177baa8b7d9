import type { SpeechToTextJobStatus } from '@timbre/contract'
import type { Generated } from 'kysely'
import type { Timestamp } from '../../../db/schema.js'

/** One file transcribed in the background: queued, running (held by one run), done or failed. */
export interface SpeechToTextJobsTable {
  /** Also the id of the transcript it makes. */
  id: string
  workspace_id: string
  user_id: string
  /** The key the file came with: its credit limit applies to the run. */
  api_key_id: string | null
  request_id: string
  status: SpeechToTextJobStatus
  progress: Generated<number>
  /** The run that holds a running row (its heartbeat is updated_at). */
  worker_token: Generated<string | null>
  /** Runs started so far, a crashed one included. */
  attempts: Generated<number>
  file_name: string
  upload_key: string
  /** The request's options (everything but the file), as the run needs them. */
  options: unknown
  webhook: boolean
  webhook_id: string | null
  webhook_metadata: unknown
  error_code: string | null
  error_message: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

// This table joins the one database type every query is checked against.
declare module '../../../db/schema.js' {
  interface DB {
    speech_to_text_jobs: SpeechToTextJobsTable
  }
}
