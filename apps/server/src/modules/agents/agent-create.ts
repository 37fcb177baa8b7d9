import { AGENT_DEFAULT_NAME } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import {
  checkAgentConfig,
  defaultConversationConfig,
  defaultPlatformSettings,
  type JsonObject,
  mergeConfig,
} from './agent-config.js'
import { checkReferences } from './agent-references.js'
import type { AgentsDeps } from './agents-deps.js'
import { checkWorkflow } from './workflow/workflow-check.js'

export interface AgentInput {
  name?: string | null | undefined
  tags?: string[] | null | undefined
  conversation_config?: JsonObject | null | undefined
  platform_settings?: JsonObject | null | undefined
  workflow?: JsonObject | null | undefined
}

function nameOf(name: string | null | undefined, fallback: string): string {
  const trimmed = name?.trim()
  if (name !== undefined && name !== null && !trimmed)
    throw new AppError('agent_config_invalid', { message: 'Name is required.', param: 'name' })
  return trimmed || fallback
}

/** POST /v1/convai/agents/create: the client's configuration merged over the defaults. */
export async function createAgent(deps: AgentsDeps, principal: Principal, input: AgentInput) {
  const config = mergeConfig(defaultConversationConfig(), input.conversation_config ?? {})
  const settings = mergeConfig(defaultPlatformSettings(), input.platform_settings ?? {})
  await checkReferences(deps, principal.workspaceId, checkAgentConfig(config, settings))
  const workflow = input.workflow ? await checkWorkflow(deps, principal.workspaceId, input.workflow) : null
  const id = `agent_${newId(24)}`
  await deps.agents.insert({
    id,
    workspaceId: principal.workspaceId,
    createdBy: principal.userId,
    name: nameOf(input.name, AGENT_DEFAULT_NAME),
    tags: input.tags ?? [],
    conversationConfig: config,
    platformSettings: settings,
    workflow: workflow as JsonObject | null,
  })
  return { agent_id: id }
}

/** POST /v1/convai/agents/{agent_id}/duplicate: a copy with its own id (and name, if given). */
export async function duplicateAgent(
  deps: AgentsDeps,
  principal: Principal,
  agentId: string,
  input: { name?: string | null | undefined },
) {
  const source = await deps.agents.find(principal.workspaceId, agentId)
  if (!source) throw new AppError('agent_not_found')
  const id = `agent_${newId(24)}`
  await deps.agents.insert({
    id,
    workspaceId: principal.workspaceId,
    createdBy: principal.userId,
    name: nameOf(input.name, `${source.name} (copy)`.slice(0, 200)),
    tags: source.tags,
    conversationConfig: source.conversation_config,
    platformSettings: source.platform_settings,
    workflow: source.workflow,
  })
  return { agent_id: id }
}
