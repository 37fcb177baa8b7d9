import type { CheckedFetch } from '../../../platform/outbound/outbound.js'
import type { AgentsRepository } from '../agents.repository.js'
import type { McpConnect } from '../agents-deps.js'
import type { ConversationsRepository } from '../conversations/conversations.repository.js'
import type { McpServersRepository } from '../mcp/mcp-servers.repository.js'
import type { ToolsRepository } from '../tools/tools.repository.js'
import type { VersioningDeps } from '../versions/versioning.js'
import type { BrainDeps } from './agent-brain.js'
import type { ChargeDeps } from './conversation-charge.js'
import type { VoiceDeps } from './voice-channel.js'

/** What live conversations need; the versioning part picks the branch and version each one runs. */
export interface RuntimeDeps extends VersioningDeps {
  agents: AgentsRepository
  tools: ToolsRepository
  conversations: ConversationsRepository
  brain: BrainDeps
  webhookFetch: CheckedFetch
  /** The MCP servers an agent uses are connected to when its conversation opens. */
  mcpServers: McpServersRepository
  mcpConnect: McpConnect
  /** Speech in and out of voice conversations, and where their recordings are kept. */
  voice: VoiceDeps
  /** The credits ledger a conversation's minutes are charged to. */
  charge: ChargeDeps
  /** Queues the post-call work (analysis, webhook) of a conversation once its record is final. */
  afterCall(conversationId: string): Promise<void>
}
