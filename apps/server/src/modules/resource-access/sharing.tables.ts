/** Who may use a shared resource, and how (a user or a group of the workspace). */
export interface WorkspaceResourceGrantsTable {
  workspace_id: string
  resource_type: string
  resource_id: string
  principal_type: 'user' | 'group'
  principal_id: string
  role: string
}

// These tables join the one database type every query is checked against.
declare module '../../db/schema.js' {
  interface DB {
    workspace_resource_grants: WorkspaceResourceGrantsTable
  }
}
