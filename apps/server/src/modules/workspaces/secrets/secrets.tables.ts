import type { Timestamp } from '../../../db/schema.js'

export interface WorkspaceSecretsTable {
  id: string
  workspace_id: string
  name: string
  value_sealed: string
  created_by: string
  created_at: Timestamp
  updated_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../../db/schema.js' {
  interface DB {
    workspace_secrets: WorkspaceSecretsTable
  }
}
