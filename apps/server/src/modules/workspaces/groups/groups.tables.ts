import type { ColumnType, Generated } from 'kysely'
import type { Timestamp } from '../../../db/schema.js'

export interface WorkspaceGroupsTable {
  id: string
  workspace_id: string
  name: string
  is_everyone: Generated<boolean>
  permissions: ColumnType<string[], string[], string[]>
  /** Members of the group get editor access to every resource created in the workspace. */
  new_resource_editor: Generated<boolean>
  created_at: Timestamp
}

export interface WorkspaceGroupMembersTable {
  group_id: string
  user_id: string
}

// These tables join the one database type every query is checked against.
declare module '../../../db/schema.js' {
  interface DB {
    workspace_groups: WorkspaceGroupsTable
    workspace_group_members: WorkspaceGroupMembersTable
  }
}
