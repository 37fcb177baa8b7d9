import type { Timestamp } from '../../db/schema.js'

/** One held concurrency slot; expired rows no longer count (modules/concurrency). */
export interface ConcurrencyLeasesTable {
  id: string
  workspace_id: string
  /** The process instance that holds and renews the lease. */
  holder: string
  expires_at: Timestamp
  created_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    concurrency_leases: ConcurrencyLeasesTable
  }
}
