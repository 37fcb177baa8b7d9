import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { type JsonObject, mergeConfig } from './agent-config.js'
import type { AgentInput } from './agent-create.js'
import { agentView } from './agent-view.js'
import type { AgentsDeps } from './agents-deps.js'
import { changeBase, commitChange, versioningOf } from './versions/agent-at-branch.js'
import { withSnapshot } from './versions/snapshot.js'
import { checkWorkflow } from './workflow/workflow-check.js'

/**
 * PATCH /v1/convai/agents/{agent_id}: the fields sent are merged into the branch's draft or
 * newest version (main when no branch is named), and the result is saved as a new version.
 */
export async function updateAgent(
  deps: AgentsDeps,
  principal: Principal,
  agentId: string,
  input: AgentInput & { version_description?: string | null | undefined },
  branchId?: string,
) {
  const row = await deps.agents.find(principal.workspaceId, agentId)
  if (!row) throw new AppError('agent_not_found')
  const { main, branch, tip, base } = await changeBase(deps, row, branchId)
  const config = mergeConfig(base.conversation_config, input.conversation_config ?? {})
  const settings = mergeConfig(base.platform_settings, input.platform_settings ?? {})
  await versioningOf(deps).checkConfig(principal.workspaceId, config, settings)
  const workflow = input.workflow
    ? await checkWorkflow(deps, principal.workspaceId, input.workflow)
    : input.workflow
  const name = input.name === undefined || input.name === null ? base.name : input.name.trim()
  if (!name) throw new AppError('agent_config_invalid', { message: 'Name is required.', param: 'name' })
  // Archiving is a property of the agent, not of a configuration.
  const archived = typeof settings.archived === 'boolean' && branch.is_main ? settings.archived : row.archived
  delete settings.archived
  const snapshot = {
    name,
    tags: input.tags ?? base.tags,
    conversation_config: config,
    platform_settings: settings,
    workflow: workflow === undefined ? base.workflow : (workflow as JsonObject | null),
  }
  const ids = await commitChange(
    deps,
    principal,
    { row: { ...row, archived }, main, branch, tipId: tip.id, snapshot },
    input.version_description ?? '',
  )
  const updated = await deps.agents.find(principal.workspaceId, agentId)
  if (!updated) throw new AppError('agent_not_found')
  return {
    ...agentView(principal, branch.is_main ? updated : withSnapshot(updated, snapshot)),
    version_id: ids.versionId,
    branch_id: ids.branchId,
    main_branch_id: ids.mainBranchId,
  }
}

/** DELETE /v1/convai/agents/{agent_id}. */
export async function removeAgent(deps: AgentsDeps, principal: Principal, agentId: string): Promise<void> {
  if (!(await deps.agents.remove(principal.workspaceId, agentId))) throw new AppError('agent_not_found')
}
