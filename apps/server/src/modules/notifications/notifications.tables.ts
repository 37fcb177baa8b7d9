import type { ColumnType, Generated, Selectable } from 'kysely'
import type { NullableTimestamp, Timestamp } from '../../db/schema.js'

export interface NotificationsTable {
  id: string
  user_id: string
  kind: string
  severity: 'info' | 'success' | 'warning' | 'error'
  title: string
  description: string
  params: ColumnType<Record<string, string | number>, string | undefined, string>
  needs_attention: Generated<boolean>
  dedupe_key: string | null
  read_at: NullableTimestamp
  created_at: Timestamp
}

export type NotificationRow = Selectable<NotificationsTable>

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    notifications: NotificationsTable
  }
}
