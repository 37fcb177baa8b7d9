import { sql } from 'kysely'
import type { Database } from '../../db/database.js'

export interface AgentRow {
  id: string
  workspace_id: string
  created_by: string
  name: string
  tags: string[]
  conversation_config: Record<string, unknown>
  platform_settings: Record<string, unknown>
  workflow: Record<string, unknown> | null
  archived: boolean
  last_call_at: Date | null
  created_at: Date
  updated_at: Date
  creator_email: string | null
  creator_name: string | null
}

export interface AgentListQuery {
  search?: string | undefined
  archived?: boolean | undefined
  createdBy?: string | undefined
  sortBy: 'name' | 'created_at'
  descending: boolean
  offset: number
  limit: number
}

function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** A workspace's agents; configurations are JSON documents written whole. */
export function createAgentsRepository(db: Database) {
  const selectAgents = () =>
    db
      .selectFrom('convai_agents as a')
      .leftJoin('users as u', 'u.id', 'a.created_by')
      .selectAll('a')
      .select(['u.email as creator_email', 'u.first_name as creator_name'])

  return {
    async insert(row: {
      id: string
      workspaceId: string
      createdBy: string
      name: string
      tags: string[]
      conversationConfig: object
      platformSettings: object
      workflow: object | null
    }): Promise<void> {
      await db
        .insertInto('convai_agents')
        .values({
          id: row.id,
          workspace_id: row.workspaceId,
          created_by: row.createdBy,
          name: row.name,
          tags: JSON.stringify(row.tags),
          conversation_config: JSON.stringify(row.conversationConfig),
          platform_settings: JSON.stringify(row.platformSettings),
          workflow: row.workflow ? JSON.stringify(row.workflow) : null,
          archived: false,
        })
        .execute()
    },

    find(workspaceId: string, id: string): Promise<AgentRow | undefined> {
      return selectAgents()
        .where('a.workspace_id', '=', workspaceId)
        .where('a.id', '=', id)
        .executeTakeFirst() as Promise<AgentRow | undefined>
    },

    /** An agent by id alone, for public conversations that carry no workspace. */
    findAnywhere(id: string): Promise<AgentRow | undefined> {
      return selectAgents().where('a.id', '=', id).executeTakeFirst() as Promise<AgentRow | undefined>
    },

    async list(workspaceId: string, query: AgentListQuery): Promise<AgentRow[]> {
      let select = selectAgents().where('a.workspace_id', '=', workspaceId)
      if (query.search)
        select = select.where((eb) => eb(eb.fn('lower', ['a.name']), 'like', likePattern(query.search ?? '')))
      if (query.archived !== undefined) select = select.where('a.archived', '=', query.archived)
      if (query.createdBy) select = select.where('a.created_by', '=', query.createdBy)
      const direction = query.descending ? 'desc' : 'asc'
      return (await select
        .orderBy(query.sortBy === 'name' ? 'a.name' : 'a.created_at', direction)
        .orderBy('a.id', direction)
        .offset(query.offset)
        .limit(query.limit)
        .execute()) as AgentRow[]
    },

    async update(
      workspaceId: string,
      id: string,
      patch: {
        name: string
        tags: string[]
        conversationConfig: object
        platformSettings: object
        workflow: object | null
        archived: boolean
      },
    ): Promise<boolean> {
      const result = await db
        .updateTable('convai_agents')
        .set({
          name: patch.name,
          tags: JSON.stringify(patch.tags),
          conversation_config: JSON.stringify(patch.conversationConfig),
          platform_settings: JSON.stringify(patch.platformSettings),
          workflow: patch.workflow ? JSON.stringify(patch.workflow) : null,
          archived: patch.archived,
          updated_at: new Date(),
        })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('convai_agents')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(result.numDeletedRows) === 1
    },

    async touchLastCall(id: string, at: Date): Promise<void> {
      await db.updateTable('convai_agents').set({ last_call_at: at }).where('id', '=', id).execute()
    },

    /** The agents of a workspace whose prompt names a tool or MCP server (dependent agents). */
    async usingReference(workspaceId: string, key: 'tool_ids' | 'mcp_server_ids', id: string) {
      return db
        .selectFrom('convai_agents')
        .select(['id', 'name', 'created_at'])
        .where('workspace_id', '=', workspaceId)
        .where(
          sql<boolean>`conversation_config->'agent'->'prompt'->${sql.lit(key)} @> ${JSON.stringify([id])}::jsonb`,
        )
        .execute()
    },

    async usingDocument(workspaceId: string, documentId: string) {
      return db
        .selectFrom('convai_agents')
        .select(['id', 'name', 'created_at'])
        .where('workspace_id', '=', workspaceId)
        .where(
          sql<boolean>`conversation_config->'agent'->'prompt'->'knowledge_base' @> ${JSON.stringify([{ id: documentId }])}::jsonb`,
        )
        .execute()
    },
  }
}

export type AgentsRepository = ReturnType<typeof createAgentsRepository>
