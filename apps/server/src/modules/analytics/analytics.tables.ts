import type { ColumnType } from 'kysely'
import type { Timestamp } from '../../db/schema.js'

/** One metered request (a generation), as the usage analytics read it. */
export interface RequestEventsTable {
  id: string
  workspace_id: string
  user_id: string | null
  api_key_id: string | null
  request_id: string
  product: string
  kind: string
  model_id: string | null
  resource_id: string | null
  resource_name: string | null
  group_ids: ColumnType<string[], string[] | undefined, string[]>
  region: string
  request_queue: string
  request_source: string
  characters: number
  credits: number
  ttfb_ms: number | null
  duration_ms: number
  concurrency: number
  status: string
  error_code: string | null
  http_method: string | null
  http_path: string | null
  started_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    request_events: RequestEventsTable
  }
}
