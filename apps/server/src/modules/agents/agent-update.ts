import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { checkAgentConfig, type JsonObject, mergeConfig } from './agent-config.js'
import type { AgentInput } from './agent-create.js'
import { checkReferences } from './agent-references.js'
import { agentView } from './agent-view.js'
import type { AgentsDeps } from './agents-deps.js'
import { checkWorkflow } from './workflow/workflow-check.js'

/** PATCH /v1/convai/agents/{agent_id}: the fields sent are merged into the saved agent. */
export async function updateAgent(
  deps: AgentsDeps,
  principal: Principal,
  agentId: string,
  input: AgentInput,
) {
  const row = await deps.agents.find(principal.workspaceId, agentId)
  if (!row) throw new AppError('agent_not_found')
  const config = mergeConfig(row.conversation_config, input.conversation_config ?? {})
  const settings = mergeConfig(row.platform_settings, input.platform_settings ?? {})
  await checkReferences(deps, principal.workspaceId, checkAgentConfig(config, settings))
  const workflow = input.workflow
    ? await checkWorkflow(deps, principal.workspaceId, input.workflow)
    : input.workflow
  const name = input.name === undefined || input.name === null ? row.name : input.name.trim()
  if (!name) throw new AppError('agent_config_invalid', { message: 'Name is required.', param: 'name' })
  const archived = typeof settings.archived === 'boolean' ? settings.archived : row.archived
  delete settings.archived
  const saved = await deps.agents.update(principal.workspaceId, agentId, {
    name,
    tags: input.tags ?? row.tags,
    conversationConfig: config,
    platformSettings: settings,
    workflow: workflow === undefined ? row.workflow : (workflow as JsonObject | null),
    archived,
  })
  if (!saved) throw new AppError('agent_not_found')
  const updated = await deps.agents.find(principal.workspaceId, agentId)
  if (!updated) throw new AppError('agent_not_found')
  return agentView(principal, updated)
}

/** DELETE /v1/convai/agents/{agent_id}. */
export async function removeAgent(deps: AgentsDeps, principal: Principal, agentId: string): Promise<void> {
  if (!(await deps.agents.remove(principal.workspaceId, agentId))) throw new AppError('agent_not_found')
}
