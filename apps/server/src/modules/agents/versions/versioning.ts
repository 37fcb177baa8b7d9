import { AGENT_MAIN_BRANCH_NAME, AGENT_TRAFFIC_TOTAL } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { JsonObject } from '../agent-config.js'
import type { AgentRow, AgentsRepository } from '../agents.repository.js'
import { type AgentSnapshot, readSnapshot, snapshotOf, withSnapshot } from './snapshot.js'
import { pickBranch, type TrafficSplit } from './traffic.js'
import type { BranchRow, VersionRow, VersionsRepository } from './versions.repository.js'

export interface VersioningDeps {
  agents: AgentsRepository
  versions: VersionsRepository
  /** The agent rules and the workspace's tools and servers a configuration names. */
  checkConfig(workspaceId: string, config: JsonObject, settings: JsonObject): Promise<void>
  /** The workflow checked against the graph rules and the workspace's tools and agents. */
  checkWorkflow(workspaceId: string, workflow: JsonObject): Promise<JsonObject>
}

export const branchId = () => `agtbrch_${newId(28)}`
export const versionId = () => `agtvrsn_${newId(28)}`

/**
 * The main branch of an agent, made on first use: every agent is versioned, and one saved
 * before versions existed gets its current configuration as the main branch's first version.
 */
export async function ensureMain(deps: VersioningDeps, agent: AgentRow): Promise<BranchRow> {
  const existing = (await deps.versions.branches(agent.id)).find((b) => b.is_main)
  if (existing) return existing
  const id = branchId()
  try {
    await deps.versions.insertBranch({
      id,
      agentId: agent.id,
      name: AGENT_MAIN_BRANCH_NAME,
      description: '',
      isMain: true,
      parentBranchId: null,
      createdBy: agent.created_by,
    })
  } catch (error) {
    // Another request made it first (the name is unique per agent).
    const raced = (await deps.versions.branches(agent.id)).find((b) => b.is_main)
    if (raced) return raced
    throw error
  }
  await deps.versions.insertVersion({
    id: versionId(),
    agentId: agent.id,
    branchId: id,
    description: '',
    snapshot: snapshotOf(agent),
    parents: {},
    createdBy: agent.created_by,
  })
  return (await deps.versions.branch(agent.id, id)) as BranchRow
}

export async function tipOf(deps: VersioningDeps, branch: BranchRow): Promise<VersionRow> {
  const tip = await deps.versions.tip(branch.id)
  if (!tip) throw new AppError('agent_version_not_found')
  return tip
}

/** A branch of the agent, or the 404 the public API gives for an unknown one. */
export async function branchOf(deps: VersioningDeps, agent: AgentRow, id: string): Promise<BranchRow> {
  await ensureMain(deps, agent)
  const branch = await deps.versions.branch(agent.id, id)
  if (!branch) throw new AppError('agent_branch_not_found', { param: 'branch_id' })
  return branch
}

/** The split in force: the newest deployment's, or all traffic on main before any deployment. */
export async function currentSplit(
  deps: VersioningDeps,
  agentId: string,
  main: BranchRow,
): Promise<TrafficSplit> {
  const [latest] = await deps.versions.deployments(agentId, 0, 1)
  return latest ? latest.traffic : { [main.id]: AGENT_TRAFFIC_TOTAL }
}

/**
 * Records a new version on a branch and clears the branch's draft. A version on main is also the
 * agent's saved configuration, so the agent row follows main's tip.
 */
export async function commitVersion(
  deps: VersioningDeps,
  agent: AgentRow,
  branch: BranchRow,
  change: {
    snapshot: AgentSnapshot
    description: string
    parents: Record<string, string | null>
    createdBy: string | null
  },
): Promise<VersionRow> {
  if (branch.is_archived) throw new AppError('agent_branch_archived', { param: 'branch_id' })
  const version = await deps.versions.insertVersion({
    id: versionId(),
    agentId: agent.id,
    branchId: branch.id,
    ...change,
  })
  await deps.versions.removeDraft(agent.id, branch.id)
  if (branch.is_main)
    await deps.agents.update(agent.workspace_id, agent.id, {
      name: change.snapshot.name,
      tags: change.snapshot.tags,
      conversationConfig: change.snapshot.conversation_config,
      platformSettings: change.snapshot.platform_settings,
      workflow: change.snapshot.workflow,
      archived: agent.archived,
    })
  return version
}

/** What a new conversation runs: the branch the split gives its id, at that branch's tip. */
export async function liveVersion(deps: VersioningDeps, agent: AgentRow, conversationId: string) {
  const main = await ensureMain(deps, agent)
  const split = await currentSplit(deps, agent.id, main)
  const chosen = pickBranch(split, conversationId) ?? main.id
  const branch = chosen === main.id ? main : ((await deps.versions.branch(agent.id, chosen)) ?? main)
  const tip = await tipOf(deps, branch)
  // Main's tip is the saved agent; other branches run their own frozen configuration.
  const row = branch.is_main ? agent : withSnapshot(agent, readSnapshot(tip.snapshot))
  return { agent: row, branchId: branch.id, versionId: tip.id }
}
