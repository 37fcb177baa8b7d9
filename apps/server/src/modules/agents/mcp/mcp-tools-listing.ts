import { AppError } from '../../../errors.js'
import { isObject, type JsonObject } from '../agent-config.js'
import type { AgentsDeps } from '../agents-deps.js'
import type { McpConnection, McpToolInfo } from './mcp-connection.js'
import type { McpServerRow } from './mcp-servers.repository.js'
import { toolHash } from './mcp-servers.service.js'

/** A tool's approval as the public API reports it: none, current, or made for another definition. */
function approvalStatus(serverId: string, config: JsonObject, tool: McpToolInfo) {
  const approval = (Array.isArray(config.tool_approval_hashes) ? config.tool_approval_hashes : []).find(
    (a): a is JsonObject => isObject(a) && a.tool_name === tool.name,
  )
  const state = !approval
    ? 'not_approved'
    : approval.tool_hash === toolHash(tool.name, tool.description, tool.inputSchema)
      ? 'up_to_date'
      : 'needs_review'
  return {
    tool_id: `mcp:${serverId}:${tool.name}`,
    state,
    ...(approval ? { approval_policy: approval.approval_policy } : {}),
  }
}

/**
 * The server's tools as it lists them now, with each one's approval state under per-tool
 * approval; a server that cannot be reached is reported in the answer, not failed.
 */
export async function listMcpTools(deps: Pick<AgentsDeps, 'mcpConnect'>, row: McpServerRow) {
  let connection: McpConnection | null = null
  try {
    connection = await deps.mcpConnect(row.workspace_id, row.config)
    const tools = await connection.tools()
    const perTool = row.config.approval_policy === 'require_approval_per_tool'
    return {
      success: true,
      tools: tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
      tool_approval_statuses: perTool ? tools.map((t) => approvalStatus(row.id, row.config, t)) : [],
    }
  } catch (error) {
    // An address the outbound rules refuse is the caller's mistake, answered as such.
    if (error instanceof AppError && error.status < 500) throw error
    return {
      success: false,
      tools: [],
      tool_approval_statuses: [],
      error_message: `The MCP server could not be reached: ${error instanceof Error ? error.message : 'error'}`,
    }
  } finally {
    await connection?.close().catch(() => undefined)
  }
}
