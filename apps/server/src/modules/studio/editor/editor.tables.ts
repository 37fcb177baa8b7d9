import type { Timestamp } from '../../../db/schema.js'

/** Who edits a Studio project: the browser holding its lease, until the lease runs out. */
export interface StudioEditorLeasesTable {
  project_id: string
  /** A random id of the editor (one browser tab) holding the lease. */
  holder: string
  user_id: string
  expires_at: Timestamp
}

// The table joins the one database type every query is checked against.
declare module '../../../db/schema.js' {
  interface DB {
    studio_editor_leases: StudioEditorLeasesTable
  }
}
