import { AppError } from '../../../errors.js'
import type { Principal } from '../../../plugins/auth.js'
import type { AgentRow } from '../agents.repository.js'
import type { VersioningDeps } from './versioning.js'

/** The caller's workspace's agent, or the 404 another workspace's agent gets too. */
export async function agentOf(
  deps: VersioningDeps,
  principal: Principal,
  agentId: string,
): Promise<AgentRow> {
  const agent = await deps.agents.find(principal.workspaceId, agentId)
  if (!agent) throw new AppError('agent_not_found')
  return agent
}
