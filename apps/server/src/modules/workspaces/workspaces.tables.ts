import type { ColumnType, Generated } from 'kysely'
import type { Timestamp } from '../../db/schema.js'

export interface WorkspacesTable {
  id: string
  name: string
  owner_id: string
  created_at: Timestamp
  /** Only admins (of the workspace or of the resource) may share its resources. */
  sharing_limited_to_admins: Generated<boolean>
  /** Members must turn on two-factor sign-in before they can use the workspace. */
  mfa_required_for_users: Generated<boolean>
  /** Seconds a session may stay idle in this workspace before it ends (null: no limit). */
  session_inactivity_timeout: number | null
}

export interface WorkspaceMembersTable {
  workspace_id: string
  user_id: string
  role: 'admin' | 'member'
  state: Generated<'enabled' | 'disabled' | 'locked'>
  created_at: Timestamp
}

/** A pending invite: it holds a seat until it is accepted, declined or deleted. */
export interface WorkspaceInvitesTable {
  id: string
  workspace_id: string
  email: string
  role: 'admin' | 'member'
  group_ids: ColumnType<string[], string[] | undefined, string[]>
  code_hash: string
  invited_by: string | null
  created_at: Timestamp
  expires_at: Timestamp
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    workspaces: WorkspacesTable
    workspace_members: WorkspaceMembersTable
    workspace_invites: WorkspaceInvitesTable
  }
}
