import type { CheckedFetch } from '../../../platform/outbound/outbound.js'
import type { AgentsRepository } from '../agents.repository.js'
import type { ConversationsRepository } from '../conversations/conversations.repository.js'
import type { ToolsRepository } from '../tools/tools.repository.js'
import type { BrainDeps } from './agent-brain.js'

/** What live conversations need. */
export interface RuntimeDeps {
  agents: AgentsRepository
  tools: ToolsRepository
  conversations: ConversationsRepository
  brain: BrainDeps
  webhookFetch: CheckedFetch
  /** Credits a conversation of this many seconds costs the workspace. */
  costOf(workspaceId: string, seconds: number): Promise<number>
}
