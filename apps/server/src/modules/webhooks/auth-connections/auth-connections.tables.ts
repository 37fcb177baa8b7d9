import type { ColumnType, Generated } from 'kysely'
import type { NullableTimestamp, Timestamp } from '../../../db/schema.js'

/** A workspace auth connection; its credentials are stored sealed. */
export interface AuthConnectionsTable {
  id: string
  workspace_id: string
  name: string
  provider: string
  auth_type: string
  settings: ColumnType<Record<string, unknown>, string, string>
  credentials_sealed: string
  status: Generated<string>
  status_detail: string | null
  status_updated_at: NullableTimestamp
  created_at: Timestamp
  updated_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../../db/schema.js' {
  interface DB {
    auth_connections: AuthConnectionsTable
  }
}
