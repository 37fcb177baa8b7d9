import { AGENT_DEPLOYMENTS_PAGE_SIZE_DEFAULT } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { Principal } from '../../../plugins/auth.js'
import { agentOf } from './agent-of.js'
import { addsUp, type TrafficSplit } from './traffic.js'
import { deploymentItem } from './version-views.js'
import { branchOf, type VersioningDeps } from './versioning.js'

export interface DeploymentInput {
  deployment_request: {
    requests: {
      branch_id: string
      deployment_strategy: { type?: 'percentage' | null; traffic_percentage: number }
    }[]
  }
}

/**
 * POST /v1/convai/agents/{agent_id}/deployments: the new split of live traffic. It replaces the
 * whole split: branches not named take no traffic. Each branch must be the agent's and not
 * archived, and the percentages must add up to 100.
 */
export async function createDeployment(
  deps: VersioningDeps,
  principal: Principal,
  agentId: string,
  input: DeploymentInput,
) {
  const agent = await agentOf(deps, principal, agentId)
  const split: TrafficSplit = {}
  for (const request of input.deployment_request.requests) {
    const branch = await branchOf(deps, agent, request.branch_id)
    if (branch.is_archived) throw new AppError('agent_branch_archived', { param: 'branch_id' })
    if (branch.id in split)
      throw new AppError('validation_error', { message: 'A branch is named twice.', param: 'branch_id' })
    split[branch.id] = request.deployment_strategy.traffic_percentage
  }
  if (!addsUp(split)) throw new AppError('agent_traffic_invalid', { param: 'traffic_percentage' })
  const traffic = Object.fromEntries(Object.entries(split).filter(([, share]) => share > 0))
  await deps.versions.insertDeployment({
    id: `agtdep_${newId(28)}`,
    agentId: agent.id,
    traffic,
    source: 'manual',
    createdBy: principal.userId,
  })
  return { traffic_percentage_branch_id_map: traffic }
}

/** GET /v1/convai/agents/{agent_id}/deployments: the split's history, newest (the one in force) first. */
export async function listDeployments(
  deps: VersioningDeps,
  principal: Principal,
  agentId: string,
  query: { page?: number | undefined; page_size?: number | undefined },
) {
  const agent = await agentOf(deps, principal, agentId)
  const page = query.page ?? 1
  const size = query.page_size ?? AGENT_DEPLOYMENTS_PAGE_SIZE_DEFAULT
  const rows = await deps.versions.deployments(agent.id, (page - 1) * size, size)
  return {
    results: rows.map((row, i) => deploymentItem(row, page === 1 && i === 0)),
    meta: { total: await deps.versions.countDeployments(agent.id), page, page_size: size },
  }
}
