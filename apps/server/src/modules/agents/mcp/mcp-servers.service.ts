import { createHash } from 'node:crypto'
import { MCP_APPROVAL_POLICIES, MCP_TOOL_APPROVAL_POLICIES, MCP_TRANSPORTS } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { Principal } from '../../../plugins/auth.js'
import { accessInfo, unixSeconds } from '../access-info.js'
import { isObject, type JsonObject, mergeConfig } from '../agent-config.js'
import { checkAgentUrl } from '../agent-references.js'
import type { AgentsDeps } from '../agents-deps.js'
import type { McpServerRow } from './mcp-servers.repository.js'
import { listMcpTools } from './mcp-tools-listing.js'

function invalid(message: string, param: string): never {
  throw new AppError('agent_config_invalid', { message, param })
}

/**
 * An MCP server's rules: a name, an HTTPS URL to a public address (or a stored secret holding
 * it), a known transport and approval policy. New servers ask before every tool call until the
 * workspace chooses otherwise.
 */
function checkServerConfig(deps: AgentsDeps, config: JsonObject): JsonObject {
  if (typeof config.name !== 'string' || !config.name.trim()) invalid('Name is required.', 'name')
  if (!(isObject(config.url) && typeof config.url.secret_id === 'string'))
    checkAgentUrl(deps, config.url, 'url')
  if (config.transport != null && !(MCP_TRANSPORTS as readonly unknown[]).includes(config.transport))
    invalid(`transport must be one of ${MCP_TRANSPORTS.join(', ')}.`, 'transport')
  if (
    config.approval_policy != null &&
    !(MCP_APPROVAL_POLICIES as readonly unknown[]).includes(config.approval_policy)
  )
    invalid(`approval_policy must be one of ${MCP_APPROVAL_POLICIES.join(', ')}.`, 'approval_policy')
  return {
    approval_policy: 'require_approval_all',
    tool_approval_hashes: [],
    transport: 'SSE',
    request_headers: {},
    tool_config_overrides: [],
    ...config,
  }
}

export function mcpServerView(
  principal: Principal,
  row: McpServerRow,
  dependents: Array<{ id: string; name: string; created_at: Date }> = [],
) {
  return {
    id: row.id,
    config: row.config,
    access_info: accessInfo(principal, row),
    dependent_agents: dependents.map((agent) => ({
      type: 'available' as const,
      id: agent.id,
      name: agent.name,
      created_at_unix_secs: unixSeconds(agent.created_at),
      access_level: 'admin' as const,
    })),
    metadata: { created_at: unixSeconds(row.created_at), owner_user_id: row.created_by },
  }
}

/** The hash an approval is pinned to: a tool whose description or schema changes is asked about again. */
export function toolHash(name: string, description: string, schema: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([name, description, schema ?? {}]))
    .digest('hex')
}

/** MCP servers: their configuration, approval policy, per-tool approvals and per-tool settings. */
export function createMcpServersService(deps: AgentsDeps) {
  async function found(principal: Principal, id: string): Promise<McpServerRow> {
    const row = await deps.mcpServers.find(principal.workspaceId, id)
    if (!row) throw new AppError('mcp_server_not_found')
    return row
  }

  async function view(principal: Principal, id: string) {
    const row = await found(principal, id)
    return mcpServerView(
      principal,
      row,
      await deps.agents.usingReference(principal.workspaceId, 'mcp_server_ids', id),
    )
  }

  async function change(principal: Principal, id: string, edit: (config: JsonObject) => JsonObject) {
    const row = await found(principal, id)
    const config = checkServerConfig(deps, edit(row.config))
    await deps.mcpServers.update(principal.workspaceId, id, config)
    return view(principal, id)
  }

  const overridesOf = (config: JsonObject): JsonObject[] =>
    Array.isArray(config.tool_config_overrides) ? (config.tool_config_overrides as JsonObject[]) : []
  const approvalsOf = (config: JsonObject): JsonObject[] =>
    Array.isArray(config.tool_approval_hashes) ? (config.tool_approval_hashes as JsonObject[]) : []

  return {
    async create(principal: Principal, input: { config: JsonObject }) {
      const config = checkServerConfig(deps, input.config)
      const id = `mcp_${newId(24)}`
      await deps.mcpServers.insert({
        id,
        workspaceId: principal.workspaceId,
        createdBy: principal.userId,
        config,
      })
      return view(principal, id)
    },

    get: view,

    /** GET /v1/convai/mcp-servers/{id}/tools. */
    async listTools(principal: Principal, id: string) {
      return listMcpTools(deps, await found(principal, id))
    },

    async list(principal: Principal) {
      const rows = await deps.mcpServers.list(principal.workspaceId)
      return { mcp_servers: rows.map((row) => mcpServerView(principal, row)) }
    },

    update(principal: Principal, id: string, patch: JsonObject) {
      return change(principal, id, (config) => mergeConfig(config, patch))
    },

    async remove(principal: Principal, id: string): Promise<void> {
      await found(principal, id)
      await deps.mcpServers.remove(principal.workspaceId, id)
    },

    setApprovalPolicy(principal: Principal, id: string, policy: string) {
      return change(principal, id, (config) => ({ ...config, approval_policy: policy }))
    },

    approveTool(
      principal: Principal,
      id: string,
      input: {
        tool_name: string
        tool_description: string
        input_schema?: unknown
        approval_policy?: string | undefined
      },
    ) {
      const policy = input.approval_policy ?? 'auto_approved'
      if (!(MCP_TOOL_APPROVAL_POLICIES as readonly string[]).includes(policy))
        invalid(`approval_policy must be one of ${MCP_TOOL_APPROVAL_POLICIES.join(', ')}.`, 'approval_policy')
      const approval = {
        tool_name: input.tool_name,
        tool_hash: toolHash(input.tool_name, input.tool_description, input.input_schema),
        approval_policy: policy,
      }
      return change(principal, id, (config) => ({
        ...config,
        tool_approval_hashes: [
          ...approvalsOf(config).filter((a) => a.tool_name !== input.tool_name),
          approval,
        ],
      }))
    },

    revokeTool(principal: Principal, id: string, toolName: string) {
      return change(principal, id, (config) => {
        const approvals = approvalsOf(config)
        if (!approvals.some((a) => a.tool_name === toolName)) throw new AppError('mcp_tool_not_found')
        return { ...config, tool_approval_hashes: approvals.filter((a) => a.tool_name !== toolName) }
      })
    },

    async toolConfig(principal: Principal, id: string, toolName: string) {
      const row = await found(principal, id)
      const override = overridesOf(row.config).find((o) => o.tool_name === toolName)
      if (!override) throw new AppError('mcp_tool_not_found')
      return override
    },

    setToolConfig(principal: Principal, id: string, toolName: string, fields: JsonObject, creating: boolean) {
      return change(principal, id, (config) => {
        const overrides = overridesOf(config)
        const existing = overrides.find((o) => o.tool_name === toolName)
        if (!existing && !creating) throw new AppError('mcp_tool_not_found')
        const next = { ...(existing ?? {}), ...fields, tool_name: toolName }
        return {
          ...config,
          tool_config_overrides: [...overrides.filter((o) => o.tool_name !== toolName), next],
        }
      })
    },

    removeToolConfig(principal: Principal, id: string, toolName: string) {
      return change(principal, id, (config) => {
        const overrides = overridesOf(config)
        if (!overrides.some((o) => o.tool_name === toolName)) throw new AppError('mcp_tool_not_found')
        return { ...config, tool_config_overrides: overrides.filter((o) => o.tool_name !== toolName) }
      })
    },
  }
}

export type McpServersService = ReturnType<typeof createMcpServersService>
