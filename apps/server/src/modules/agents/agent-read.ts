import { CONVAI_PAGE_SIZE_DEFAULT, CONVERSATION_TOKEN_SECONDS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { cursorAt, offsetOf } from './access-info.js'
import { pathOf } from './agent-config.js'
import { agentSummary, agentView } from './agent-view.js'
import type { AgentsDeps } from './agents-deps.js'
import { originAllowed } from './conversations/conversation-access.js'
import { agentAt } from './versions/agent-at-branch.js'

/** GET /v1/convai/agents/{agent_id}: at main's tip, or at the version or branch asked for. */
export async function getAgent(
  deps: AgentsDeps,
  principal: Principal,
  agentId: string,
  at: { version_id?: string | undefined; branch_id?: string | undefined } = {},
) {
  const row = await deps.agents.find(principal.workspaceId, agentId)
  if (!row) throw new AppError('agent_not_found')
  const view = await agentAt(deps, row, { versionId: at.version_id, branchId: at.branch_id })
  return {
    ...agentView(principal, view.row),
    version_id: view.versionId,
    branch_id: view.branchId,
    main_branch_id: view.mainBranchId,
  }
}

export interface AgentListInput {
  page_size?: number | undefined
  search?: string | undefined
  archived?: boolean | undefined
  show_only_owned_agents?: boolean | undefined
  created_by_user_id?: string | undefined
  sort_direction?: 'asc' | 'desc' | undefined
  sort_by?: 'name' | 'created_at' | undefined
  cursor?: string | undefined
}

/** GET /v1/convai/agents: newest first by default, a page at a time. */
export async function listAgents(deps: AgentsDeps, principal: Principal, input: AgentListInput) {
  const limit = input.page_size ?? CONVAI_PAGE_SIZE_DEFAULT
  const offset = offsetOf(input.cursor)
  const rows = await deps.agents.list(principal.workspaceId, {
    search: input.search?.trim() || undefined,
    archived: input.archived ?? false,
    createdBy: input.show_only_owned_agents ? principal.userId : input.created_by_user_id,
    sortBy: input.sort_by ?? 'created_at',
    descending: (input.sort_direction ?? 'desc') === 'desc',
    offset,
    limit: limit + 1,
  })
  const hasMore = rows.length > limit
  return {
    agents: rows.slice(0, limit).map((row) => agentSummary(principal, row)),
    next_cursor: hasMore ? cursorAt(offset + limit) : null,
    has_more: hasMore,
  }
}

/** GET /v1/convai/agents/{agent_id}/link: the shareable page of an agent. */
export async function agentLink(deps: AgentsDeps, principal: Principal, agentId: string) {
  const row = await deps.agents.find(principal.workspaceId, agentId)
  if (!row) throw new AppError('agent_not_found')
  return {
    agent_id: row.id,
    token: {
      agent_id: row.id,
      conversation_token: '',
      expiration_time_unix_secs: null,
      purpose: 'shareable_link' as const,
      token_requester_user_id: principal.userId,
      link_url: `${deps.publicUrl()}/talk-to/${row.id}`,
      expires_in_seconds: CONVERSATION_TOKEN_SECONDS,
    },
  }
}

/**
 * GET /v1/convai/agents/{agent_id}/widget: the widget configuration the embed script reads.
 * Members read their workspace's agents; the embed script on another site reads without
 * signing in, and only from a page whose origin is on the agent's allowlist.
 */
export async function agentWidget(
  deps: AgentsDeps,
  principal: Principal | null,
  agentId: string,
  origin: string | undefined,
) {
  const row = principal
    ? await deps.agents.find(principal.workspaceId, agentId)
    : await deps.agents.findAnywhere(agentId)
  if (!row) throw new AppError('agent_not_found')
  if (!principal && !originAllowed(row, origin)) throw new AppError('conversation_origin_refused')
  const widget = (pathOf(row.platform_settings, 'widget') ?? {}) as Record<string, unknown>
  const language = pathOf(row.conversation_config, 'agent', 'language')
  const firstMessage = pathOf(row.conversation_config, 'agent', 'first_message')
  return {
    agent_id: row.id,
    widget_config: {
      ...widget,
      language: typeof language === 'string' ? language : 'en',
      first_message: typeof firstMessage === 'string' ? firstMessage : null,
      text_only: pathOf(row.conversation_config, 'conversation', 'text_only') === true,
      supports_text_only: true,
    },
  }
}
