import type { ColumnType } from 'kysely'
import type { Timestamp } from '../../../db/schema.js'

type Json<T = unknown> = ColumnType<T, string, string>

export interface ConvaiAgentBranchesTable {
  id: string
  agent_id: string
  name: string
  description: ColumnType<string, string | undefined, string>
  is_main: ColumnType<boolean, boolean | undefined, boolean>
  parent_branch_id: string | null
  is_archived: ColumnType<boolean, boolean | undefined, boolean>
  protection_status: string | null
  auto_rebase: ColumnType<boolean, boolean | undefined, boolean>
  merged_into_branch_id: string | null
  created_by: string | null
  created_at: Timestamp
  last_committed_at: Timestamp
}

export interface ConvaiAgentVersionsTable {
  id: string
  agent_id: string
  branch_id: string
  seq_no_in_branch: number
  description: ColumnType<string, string | undefined, string>
  snapshot: Json<Record<string, unknown>>
  parents: Json<Record<string, string | null>>
  created_by: string | null
  created_at: Timestamp
}

export interface ConvaiAgentDraftsTable {
  branch_id: string
  agent_id: string
  base_version_id: string
  snapshot: Json<Record<string, unknown>>
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ConvaiAgentDeploymentsTable {
  id: string
  agent_id: string
  traffic: Json<Record<string, number>>
  source: string
  created_by: string | null
  deployed_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../../db/schema.js' {
  interface DB {
    convai_agent_branches: ConvaiAgentBranchesTable
    convai_agent_versions: ConvaiAgentVersionsTable
    convai_agent_drafts: ConvaiAgentDraftsTable
    convai_agent_deployments: ConvaiAgentDeploymentsTable
  }
}
