import type { ColumnType, Generated } from 'kysely'
import type { NullableTimestamp, Timestamp } from '../../db/schema.js'

/** A workspace webhook; its signing secret is stored sealed. */
export interface WebhooksTable {
  id: string
  workspace_id: string
  name: string
  url: string
  auth_type: string
  secret_sealed: string
  events: ColumnType<string[], string | undefined, string>
  is_disabled: Generated<boolean>
  is_auto_disabled: Generated<boolean>
  consecutive_failures: Generated<number>
  last_failure_code: number | null
  last_failure_at: NullableTimestamp
  created_at: Timestamp
  auth_connection_id: ColumnType<string | null, string | null | undefined, string | null>
}

/** One event sent to one webhook: its state after the latest attempt. */
export interface WebhookDeliveriesTable {
  id: string
  /** The registered webhook; null for a one-off callback to `target_url`. */
  webhook_id: string | null
  event_type: string
  body: string
  status: Generated<string>
  attempts: Generated<number>
  response_code: number | null
  duration_ms: number | null
  error: string | null
  created_at: Timestamp
  updated_at: Timestamp
  /** Where a callback (a delivery of no registered webhook) goes. */
  target_url: string | null
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    webhooks: WebhooksTable
    webhook_deliveries: WebhookDeliveriesTable
  }
}
