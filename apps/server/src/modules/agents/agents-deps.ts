import type { OutboundPolicy } from '../../platform/outbound/outbound.js'
import type { AgentsRepository } from './agents.repository.js'
import type { LlmCatalogue } from './llm/llm-catalogue.js'
import type { McpConnection } from './mcp/mcp-connection.js'
import type { McpServersRepository } from './mcp/mcp-servers.repository.js'
import type { KnowledgeRetrieval } from './ports.js'
import type { ToolsRepository } from './tools/tools.repository.js'
import type { VersionsRepository } from './versions/versions.repository.js'

/** What the agents use cases share. */
export interface AgentsDeps {
  agents: AgentsRepository
  tools: ToolsRepository
  mcpServers: McpServersRepository
  llms: LlmCatalogue
  outbound: OutboundPolicy
  /** The public address of this server, for links and signed URLs. */
  publicUrl: () => string
  knowledge: KnowledgeRetrieval | null
  /** Versions, branches and drafts of agents' configurations. */
  versions: VersionsRepository
  /** Whether a workspace has the webhook a post-call setting names (none without webhooks). */
  webhookExists: (workspaceId: string, webhookId: string) => Promise<boolean>
  /** Opens a live connection to an MCP server the workspace configured. */
  mcpConnect: McpConnect
}

export type McpConnect = (workspaceId: string, config: Record<string, unknown>) => Promise<McpConnection>
