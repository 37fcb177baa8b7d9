import { SYSTEM_TOOL_NAMES } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { Principal } from '../../../plugins/auth.js'
import { accessInfo, cursorAt, offsetOf, unixSeconds } from '../access-info.js'
import { isObject, type JsonObject, refuseSecretVariables } from '../agent-config.js'
import { checkAgentUrl } from '../agent-references.js'
import type { AgentsDeps } from '../agents-deps.js'
import type { ToolRow } from './tools.repository.js'

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/
const STORED_TYPES = ['client', 'webhook', 'system'] as const

export interface ToolInput {
  tool_config: JsonObject
  response_mocks?: unknown[] | null | undefined
}

function invalid(message: string, param: string): never {
  throw new AppError('agent_config_invalid', { message, param })
}

/**
 * The rules of a tool: a known type, a name a model can call, a description; a webhook's URL is
 * HTTPS to a public address and secret variables may fill its headers only.
 */
function checkToolConfig(deps: AgentsDeps, config: JsonObject): { name: string; type: string } {
  const type = config.type
  if (typeof type !== 'string' || !(STORED_TYPES as readonly string[]).includes(type))
    invalid('type must be client, webhook or system.', 'type')
  const name = config.name
  if (typeof name !== 'string' || !TOOL_NAME.test(name))
    invalid('name must be 1 to 64 letters, digits, underscores or hyphens.', 'name')
  refuseSecretVariables(config.description, 'description')
  if (type === 'system') {
    const params = config.params
    const systemName = isObject(params) ? params.system_tool_type : name
    if (typeof systemName !== 'string' || !(SYSTEM_TOOL_NAMES as readonly string[]).includes(systemName))
      invalid(`A system tool is one of ${SYSTEM_TOOL_NAMES.join(', ')}.`, 'params')
  } else if (typeof config.description !== 'string' || !config.description.trim())
    invalid('A tool needs a description the model can read.', 'description')
  if (type === 'webhook') {
    const schema = config.api_schema
    if (!isObject(schema)) invalid('A webhook tool needs an api_schema with its URL.', 'api_schema')
    refuseSecretVariables(schema.url, 'api_schema.url')
    checkAgentUrl(
      deps,
      typeof schema.url === 'string' ? schema.url.replace(/[{}]/g, '') : schema.url,
      'api_schema.url',
    )
  }
  return { name, type }
}

export function toolView(principal: Principal, row: ToolRow) {
  return {
    id: row.id,
    tool_config: row.tool_config,
    access_info: accessInfo(principal, row),
    usage_stats: {
      total_calls: row.total_calls,
      avg_latency_secs: row.total_calls ? row.total_latency_ms / row.total_calls / 1000 : 0,
    },
    ...(row.response_mocks ? { response_mocks: row.response_mocks } : {}),
  }
}

/** The workspace's tools: client, webhook and system tools agents name in their tool_ids. */
export function createToolsService(deps: AgentsDeps) {
  async function found(principal: Principal, id: string): Promise<ToolRow> {
    const row = await deps.tools.find(principal.workspaceId, id)
    if (!row) throw new AppError('agent_tool_not_found')
    return row
  }

  return {
    async create(principal: Principal, input: ToolInput) {
      const { name, type } = checkToolConfig(deps, input.tool_config)
      const id = `tool_${newId(24)}`
      await deps.tools.insert({
        id,
        workspaceId: principal.workspaceId,
        createdBy: principal.userId,
        name,
        type,
        toolConfig: input.tool_config,
        responseMocks: input.response_mocks ?? null,
      })
      return toolView(principal, await found(principal, id))
    },

    async get(principal: Principal, id: string) {
      return toolView(principal, await found(principal, id))
    },

    async list(
      principal: Principal,
      query: {
        search?: string | undefined
        page_size?: number | undefined
        types?: string[] | undefined
        cursor?: string | undefined
      },
    ) {
      const limit = query.page_size ?? 30
      const offset = offsetOf(query.cursor)
      const rows = await deps.tools.list(principal.workspaceId, {
        search: query.search?.trim() || undefined,
        types: query.types,
        offset,
        limit: limit + 1,
      })
      const hasMore = rows.length > limit
      return {
        tools: rows.slice(0, limit).map((row) => toolView(principal, row)),
        next_cursor: hasMore ? cursorAt(offset + limit) : null,
        has_more: hasMore,
      }
    },

    async update(principal: Principal, id: string, input: ToolInput) {
      const { name, type } = checkToolConfig(deps, input.tool_config)
      const updated = await deps.tools.update(principal.workspaceId, id, {
        name,
        type,
        toolConfig: input.tool_config,
        responseMocks: input.response_mocks ?? null,
      })
      if (!updated) throw new AppError('agent_tool_not_found')
      return toolView(principal, await found(principal, id))
    },

    /** A tool an agent still uses is kept unless the caller forces its removal. */
    async remove(principal: Principal, id: string, force: boolean): Promise<void> {
      await found(principal, id)
      const users = await deps.agents.usingReference(principal.workspaceId, 'tool_ids', id)
      if (users.length && !force) throw new AppError('agent_tool_in_use')
      await deps.tools.remove(principal.workspaceId, id)
    },

    async dependentAgents(principal: Principal, id: string) {
      await found(principal, id)
      const agents = await deps.agents.usingReference(principal.workspaceId, 'tool_ids', id)
      return {
        agents: agents.map((agent) => ({
          type: 'available' as const,
          id: agent.id,
          name: agent.name,
          created_at_unix_secs: unixSeconds(agent.created_at),
          access_level: 'admin' as const,
        })),
        next_cursor: null,
        has_more: false,
      }
    },
  }
}

export type ToolsService = ReturnType<typeof createToolsService>
