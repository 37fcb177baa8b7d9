import type { McpConnect } from '../agents-deps.js'
import { type McpConnection, mcpToolApproved } from '../mcp/mcp-connection.js'
import type { McpServersRepository } from '../mcp/mcp-servers.repository.js'
import type { AgentTool } from './agent-tools.js'
import type { ToolOutcome } from './agent-turn.js'

// The MCP servers of one conversation: connected when it opens, their tools offered to the
// model, each call sent to its server under the server's approval policy, closed when it ends.
// A server that cannot be reached leaves the agent without its tools rather than failing the call.

export class AgentMcp {
  private readonly connections = new Map<string, McpConnection>()

  constructor(private readonly deps: { mcpServers: McpServersRepository; mcpConnect: McpConnect }) {}

  /** Connects to the servers (those not connected yet) and returns their tools. */
  async tools(workspaceId: string, serverIds: string[]): Promise<AgentTool[]> {
    const rows = await this.deps.mcpServers.findMany(workspaceId, [...new Set(serverIds)])
    const tools: AgentTool[] = []
    for (const row of rows) {
      try {
        let connection = this.connections.get(row.id)
        if (!connection) {
          connection = await this.deps.mcpConnect(workspaceId, row.config)
          this.connections.set(row.id, connection)
        }
        for (const tool of await connection.tools())
          tools.push({
            id: null,
            name: tool.name,
            type: 'mcp',
            description: tool.description,
            triggerPhrases: [],
            parameters: tool.inputSchema,
            config: {
              type: 'mcp',
              name: tool.name,
              mcp_server_id: row.id,
              approved: mcpToolApproved(row.config, tool),
            },
            timeoutMs: 60_000,
          })
      } catch {
        // The conversation goes on without this server's tools.
      }
    }
    return tools
  }

  async call(tool: AgentTool, args: Record<string, unknown>): Promise<ToolOutcome> {
    if (tool.config.approved !== true)
      return {
        result: `The tool ${tool.name} needs approval in the MCP server's settings before the agent may call it.`,
        isError: true,
      }
    const connection = this.connections.get(String(tool.config.mcp_server_id))
    if (!connection) return { result: 'The MCP server is not connected.', isError: true }
    try {
      return await connection.call(tool.name, args)
    } catch (error) {
      return {
        result: `The MCP server failed: ${error instanceof Error ? error.message : 'error'}`,
        isError: true,
      }
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.connections.values()].map((c) => c.close().catch(() => undefined)))
    this.connections.clear()
  }
}
