import type { Database } from '../../../db/database.js'

export interface ToolRow {
  id: string
  workspace_id: string
  created_by: string
  name: string
  type: string
  tool_config: Record<string, unknown>
  response_mocks: unknown[] | null
  total_calls: number
  total_latency_ms: number
  created_at: Date
  creator_email: string | null
  creator_name: string | null
}

/** A workspace's tools (client, webhook, system), each a JSON configuration as the API shapes it. */
export function createToolsRepository(db: Database) {
  const selectTools = () =>
    db
      .selectFrom('convai_tools as t')
      .leftJoin('users as u', 'u.id', 't.created_by')
      .selectAll('t')
      .select(['u.email as creator_email', 'u.first_name as creator_name'])

  return {
    async insert(row: {
      id: string
      workspaceId: string
      createdBy: string
      name: string
      type: string
      toolConfig: object
      responseMocks: unknown[] | null
    }): Promise<void> {
      await db
        .insertInto('convai_tools')
        .values({
          id: row.id,
          workspace_id: row.workspaceId,
          created_by: row.createdBy,
          name: row.name,
          type: row.type,
          tool_config: JSON.stringify(row.toolConfig),
          response_mocks: row.responseMocks ? JSON.stringify(row.responseMocks) : null,
        })
        .execute()
    },

    find(workspaceId: string, id: string): Promise<ToolRow | undefined> {
      return selectTools()
        .where('t.workspace_id', '=', workspaceId)
        .where('t.id', '=', id)
        .executeTakeFirst() as Promise<ToolRow | undefined>
    },

    findMany(workspaceId: string, ids: string[]): Promise<ToolRow[]> {
      if (ids.length === 0) return Promise.resolve([])
      return selectTools()
        .where('t.workspace_id', '=', workspaceId)
        .where('t.id', 'in', ids)
        .execute() as Promise<ToolRow[]>
    },

    async list(
      workspaceId: string,
      query: { search?: string | undefined; types?: string[] | undefined; offset: number; limit: number },
    ): Promise<ToolRow[]> {
      let select = selectTools().where('t.workspace_id', '=', workspaceId)
      if (query.search) {
        const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        select = select.where((eb) => eb(eb.fn('lower', ['t.name']), 'like', pattern))
      }
      if (query.types?.length) select = select.where('t.type', 'in', query.types)
      return (await select
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc')
        .offset(query.offset)
        .limit(query.limit)
        .execute()) as ToolRow[]
    },

    async update(
      workspaceId: string,
      id: string,
      patch: { name: string; type: string; toolConfig: object; responseMocks: unknown[] | null },
    ): Promise<boolean> {
      const result = await db
        .updateTable('convai_tools')
        .set({
          name: patch.name,
          type: patch.type,
          tool_config: JSON.stringify(patch.toolConfig),
          response_mocks: patch.responseMocks ? JSON.stringify(patch.responseMocks) : null,
          updated_at: new Date(),
        })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('convai_tools')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(result.numDeletedRows) === 1
    },

    /** One call of a tool, for its usage statistics. */
    async recordCall(id: string, latencyMs: number): Promise<void> {
      await db
        .updateTable('convai_tools')
        .set((eb) => ({
          total_calls: eb('total_calls', '+', 1),
          total_latency_ms: eb('total_latency_ms', '+', Math.round(latencyMs)),
        }))
        .where('id', '=', id)
        .execute()
    },
  }
}

export type ToolsRepository = ReturnType<typeof createToolsRepository>
