import { AppError } from '../../../errors.js'
import type { Principal } from '../../../plugins/auth.js'
import type { JsonObject } from '../agent-config.js'
import { agentOf } from './agent-of.js'
import { branchOf, tipOf, type VersioningDeps } from './versioning.js'

export interface DraftInput {
  conversation_config: JsonObject
  platform_settings: JsonObject
  workflow: JsonObject | null
  name: string
  tags?: string[] | null | undefined
}

/**
 * POST /v1/convai/agents/{agent_id}/drafts?branch_id=: the branch's uncommitted configuration,
 * written whole (a second call replaces the first). It takes no traffic until committed.
 */
export async function saveDraft(
  deps: VersioningDeps,
  principal: Principal,
  agentId: string,
  branchId: string,
  input: DraftInput,
) {
  const agent = await agentOf(deps, principal, agentId)
  const branch = await branchOf(deps, agent, branchId)
  if (branch.is_archived) throw new AppError('agent_branch_archived', { param: 'branch_id' })
  const name = input.name.trim()
  if (!name) throw new AppError('validation_error', { message: 'Name is required.', param: 'name' })
  await deps.checkConfig(agent.workspace_id, input.conversation_config, input.platform_settings)
  // An empty workflow is no workflow.
  const workflow =
    input.workflow && Object.keys(input.workflow).length > 0
      ? await deps.checkWorkflow(agent.workspace_id, input.workflow)
      : null
  const tip = await tipOf(deps, branch)
  await deps.versions.saveDraft({
    agentId: agent.id,
    branchId: branch.id,
    baseVersionId: tip.id,
    snapshot: {
      name,
      tags: input.tags ?? [],
      conversation_config: input.conversation_config,
      platform_settings: input.platform_settings,
      workflow,
    },
  })
  return {}
}

/** DELETE /v1/convai/agents/{agent_id}/drafts?branch_id=: the draft is thrown away. */
export async function removeDraft(
  deps: VersioningDeps,
  principal: Principal,
  agentId: string,
  branchId: string,
) {
  const agent = await agentOf(deps, principal, agentId)
  const branch = await branchOf(deps, agent, branchId)
  if (!(await deps.versions.removeDraft(agent.id, branch.id))) throw new AppError('agent_draft_not_found')
  return {}
}
