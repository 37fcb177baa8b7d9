import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CheckedFetch } from '../../../platform/outbound/outbound.js'
import { isObject, type JsonObject } from '../agent-config.js'
import { checkAgentUrl } from '../agent-references.js'
import type { AgentsDeps } from '../agents-deps.js'
import type { SecretValue } from '../runtime/custom-llm-headers.js'
import { toolHash } from './mcp-servers.service.js'

// A live connection to one MCP server through the official MCP SDK, over the transport its
// configuration names (Streamable HTTP or SSE). Its address and every request go through the
// outbound rules: HTTPS only, never a private address unless the operator allows it.

export interface McpToolInfo {
  name: string
  description: string
  inputSchema: Record<string, unknown>
}

export interface McpConnection {
  tools(): Promise<McpToolInfo[]>
  call(name: string, args: Record<string, unknown>): Promise<{ result: string; isError: boolean }>
  close(): Promise<void>
}

export interface McpConnectDeps extends Pick<AgentsDeps, 'outbound'> {
  fetch: CheckedFetch
  secretValue: SecretValue
}

async function resolved(deps: McpConnectDeps, workspaceId: string, value: unknown): Promise<string | null> {
  if (typeof value === 'string') return value
  if (isObject(value) && typeof value.secret_id === 'string')
    return deps.secretValue(workspaceId, value.secret_id)
  return null
}

export async function connectMcp(
  deps: McpConnectDeps,
  workspaceId: string,
  config: JsonObject,
): Promise<McpConnection> {
  const url = checkAgentUrl(deps, await resolved(deps, workspaceId, config.url), 'url')
  const headers: Record<string, string> = {}
  if (isObject(config.request_headers))
    for (const [name, value] of Object.entries(config.request_headers)) {
      const header = await resolved(deps, workspaceId, value)
      if (header !== null) headers[name] = header
    }
  const options = { fetch: deps.fetch, requestInit: { headers } }
  const transport =
    config.transport === 'STREAMABLE_HTTP'
      ? new StreamableHTTPClientTransport(url, options)
      : new SSEClientTransport(url, options)
  const client = new Client({ name: 'timbre-agent', version: '1.0.0' })
  await client.connect(transport)
  return {
    async tools() {
      const { tools } = await client.listTools()
      return tools.map((tool) => ({
        name: tool.name,
        description: tool.description ?? '',
        inputSchema: tool.inputSchema as Record<string, unknown>,
      }))
    },
    async call(name, args) {
      const answer = await client.callTool({ name, arguments: args })
      const content = Array.isArray(answer.content) ? answer.content : []
      const text = content
        .map((part) => (isObject(part) && part.type === 'text' ? String(part.text) : JSON.stringify(part)))
        .join('\n')
      return { result: text.slice(0, 20_000) || 'ok', isError: answer.isError === true }
    },
    close: () => client.close(),
  }
}

/**
 * Whether an agent may call a tool of this server without asking: the server auto-approves
 * everything, or the tool has a standing approval (`auto_approved`) for its current definition.
 * A tool whose description or schema changed since it was approved needs approving again.
 */
export function mcpToolApproved(config: JsonObject, tool: McpToolInfo): boolean {
  if (config.approval_policy === 'auto_approve_all') return true
  const approvals = Array.isArray(config.tool_approval_hashes) ? config.tool_approval_hashes : []
  const hash = toolHash(tool.name, tool.description, tool.inputSchema)
  return approvals.some(
    (a) =>
      isObject(a) &&
      a.tool_name === tool.name &&
      a.tool_hash === hash &&
      a.approval_policy === 'auto_approved',
  )
}
