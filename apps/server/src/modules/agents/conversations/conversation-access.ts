import { convaiCreditsPerMinute, convaiLimits, type Tier } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import type { Principal } from '../../../plugins/auth.js'
import { isObject, pathOf } from '../agent-config.js'
import type { AgentRow, AgentsRepository } from '../agents.repository.js'
import type { ConversationTokens } from './conversation-tokens.js'
import type { ConversationsRepository } from './conversations.repository.js'

export interface AccessDeps {
  agents: AgentsRepository
  conversations: ConversationsRepository
  tokens: ConversationTokens
  tierOf(workspaceId: string): Promise<Tier>
}

/** An Origin is allowed when the agent lists no hosts, or its host matches one (`*.` for subdomains). */
export function originAllowed(agent: AgentRow, origin: string | undefined): boolean {
  const list = pathOf(agent.platform_settings, 'auth', 'allowlist')
  if (!Array.isArray(list) || list.length === 0 || !origin) return true
  let host: string
  try {
    host = new URL(origin).host.toLowerCase()
  } catch {
    return false
  }
  return list.some((item) => {
    const allowed = isObject(item) && typeof item.hostname === 'string' ? item.hostname.toLowerCase() : ''
    if (allowed.startsWith('*.')) return host.endsWith(allowed.slice(1)) || host === allowed.slice(2)
    return host === allowed || host.split(':')[0] === allowed
  })
}

/**
 * A call is in development (charged at the development discount) when a member signed in to the
 * app opens it, as the agent's playground does; calls through API keys, from the public or a
 * widget are the agent in use.
 */
export function inDevelopment(principal: Pick<Principal, 'via'>): boolean {
  return principal.via !== 'api_key'
}

function monthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
}

/**
 * Who may open a conversation with which agent: a signed URL names both; an API key or session
 * reaches its workspace's agents; anyone may reach an agent that does not require
 * authentication. Then the agent's allowlist is checked against the page's Origin, and the
 * plan's simultaneous conversations and monthly minutes.
 */
export async function openConversation(
  deps: AccessDeps,
  input: {
    agentId: string | undefined
    signature: string | undefined
    principal: Principal | null
    origin: string | undefined
  },
): Promise<{ agent: AgentRow; userId: string | null; development: boolean }> {
  let agent: AgentRow | undefined
  let userId: string | null = null
  let development = false
  if (input.signature) {
    const grant = deps.tokens.verify(input.signature)
    agent = await deps.agents.find(grant.workspaceId, grant.agentId)
    userId = grant.userId
    development = grant.development === true
  } else if (input.agentId && input.principal) {
    agent = await deps.agents.find(input.principal.workspaceId, input.agentId)
    userId = input.principal.userId
    development = inDevelopment(input.principal)
  } else if (input.agentId) {
    agent = await deps.agents.findAnywhere(input.agentId)
    if (agent && pathOf(agent.platform_settings, 'auth', 'enable_auth') === true)
      throw new AppError('conversation_token_invalid', {
        message: 'This agent requires authentication: open the conversation with a signed URL.',
      })
  }
  if (!agent) throw new AppError('agent_not_found')
  if (!originAllowed(agent, input.origin)) throw new AppError('conversation_origin_refused')
  const limits = convaiLimits(await deps.tierOf(agent.workspace_id))
  if ((await deps.conversations.countLive(agent.workspace_id)) >= limits.concurrency)
    throw new AppError('convai_concurrency_exceeded')
  if (
    limits.minutes >= 0 &&
    (await deps.conversations.secondsSince(agent.workspace_id, monthStart())) >= limits.minutes * 60
  )
    throw new AppError('convai_minutes_exhausted')
  return { agent, userId, development }
}

/** Credits for a conversation of this length, by the second at the plan's per-minute price. */
export async function conversationCost(
  deps: Pick<AccessDeps, 'tierOf'>,
  workspaceId: string,
  seconds: number,
) {
  return Math.round((seconds * convaiCreditsPerMinute(await deps.tierOf(workspaceId))) / 60)
}
