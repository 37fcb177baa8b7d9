import type { Generated } from 'kysely'
import type { Timestamp } from '../../db/schema.js'

export interface AudioIsolationItemsTable {
  id: string
  workspace_id: string
  user_id: string | null
  request_id: string
  title: string
  output_format: string
  content_type: string
  storage_key: string
  size_bytes: number
  duration_seconds: number
  credits: number
  preview_b64: string | null
  created_at: Timestamp
}

/** One voice isolation run as a background job: queued, running, done or failed. */
export interface AudioIsolationJobsTable {
  id: string
  workspace_id: string
  user_id: string
  /** The key the upload came with: its credit limit applies to the run. */
  api_key_id: string | null
  request_id: string
  status: 'queued' | 'running' | 'done' | 'failed'
  progress: Generated<number>
  /** The run that holds a running row (its heartbeat is updated_at). */
  worker_token: Generated<string | null>
  file_name: string
  file_format: string
  upload_key: string
  preview_b64: string | null
  history_item_id: string | null
  error_code: string | null
  error_message: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    audio_isolation_items: AudioIsolationItemsTable
    audio_isolation_jobs: AudioIsolationJobsTable
  }
}
