import type { ColumnType } from 'kysely'
import type { Timestamp } from '../../db/schema.js'

/** One admin action in a workspace's audit log. */
export interface AuditLogTable {
  id: string
  workspace_id: string
  time: Timestamp
  activity: string
  class_uid: number
  activity_id: number
  actor_user_id: string | null
  actor_email: string | null
  actor_via: string | null
  actor_api_key_id: string | null
  target_type: string | null
  target_id: string | null
  message: string
  details: ColumnType<Record<string, unknown>, string | undefined, string>
  ip: string | null
  user_agent: string | null
  http_method: string | null
  http_path: string | null
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    audit_log: AuditLogTable
  }
}
