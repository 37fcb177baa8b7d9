import type { Database } from '../../../db/database.js'

export interface McpServerRow {
  id: string
  workspace_id: string
  created_by: string
  config: Record<string, unknown>
  created_at: Date
  creator_email: string | null
  creator_name: string | null
}

/** A workspace's MCP servers: the configuration as the API shapes it, approvals included. */
export function createMcpServersRepository(db: Database) {
  const selectServers = () =>
    db
      .selectFrom('convai_mcp_servers as m')
      .leftJoin('users as u', 'u.id', 'm.created_by')
      .selectAll('m')
      .select(['u.email as creator_email', 'u.first_name as creator_name'])

  return {
    async insert(row: { id: string; workspaceId: string; createdBy: string; config: object }): Promise<void> {
      await db
        .insertInto('convai_mcp_servers')
        .values({
          id: row.id,
          workspace_id: row.workspaceId,
          created_by: row.createdBy,
          config: JSON.stringify(row.config),
        })
        .execute()
    },

    find(workspaceId: string, id: string): Promise<McpServerRow | undefined> {
      return selectServers()
        .where('m.workspace_id', '=', workspaceId)
        .where('m.id', '=', id)
        .executeTakeFirst() as Promise<McpServerRow | undefined>
    },

    findMany(workspaceId: string, ids: string[]): Promise<McpServerRow[]> {
      if (ids.length === 0) return Promise.resolve([])
      return selectServers()
        .where('m.workspace_id', '=', workspaceId)
        .where('m.id', 'in', ids)
        .execute() as Promise<McpServerRow[]>
    },

    list(workspaceId: string): Promise<McpServerRow[]> {
      return selectServers()
        .where('m.workspace_id', '=', workspaceId)
        .orderBy('m.created_at')
        .orderBy('m.id')
        .execute() as Promise<McpServerRow[]>
    },

    async update(workspaceId: string, id: string, config: object): Promise<boolean> {
      const result = await db
        .updateTable('convai_mcp_servers')
        .set({ config: JSON.stringify(config) })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('convai_mcp_servers')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(result.numDeletedRows) === 1
    },
  }
}

export type McpServersRepository = ReturnType<typeof createMcpServersRepository>
