import type { Timestamp } from '../../../db/schema.js'

/** A workspace user that owns API keys and never signs in. */
export interface ServiceAccountsTable {
  user_id: string
  workspace_id: string
  name: string
  created_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../../db/schema.js' {
  interface DB {
    service_accounts: ServiceAccountsTable
  }
}
