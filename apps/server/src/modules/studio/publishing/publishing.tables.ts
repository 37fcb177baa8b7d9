import type { ColumnType, Generated } from 'kysely'
import type { NullableTimestamp, Timestamp } from '../../../db/schema.js'

/** A Studio project's publication on this server's public reader page. */
export interface StudioPublicationsTable {
  project_id: string
  workspace_id: string
  /** The public page's address: /listen/{slug}. */
  slug: string
  /** draft | publishing | updating | published (what is stored; changes since are computed). */
  state: Generated<string>
  progress: Generated<number>
  /** Listeners hear whole chapters; otherwise only the free preview of each chapter. */
  full_access: Generated<boolean>
  image: ColumnType<{ key: string; mime_type: string } | null, string | null, string | null>
  /** The publish run that owns the state; a stale run's result is dropped. */
  run_id: string | null
  requested_fingerprint: string | null
  published: ColumnType<unknown | null, string | null, string | null>
  published_fingerprint: string | null
  published_at: NullableTimestamp
  last_error: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../../db/schema.js' {
  interface DB {
    studio_publications: StudioPublicationsTable
  }
}
