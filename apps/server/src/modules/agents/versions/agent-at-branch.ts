import { AppError } from '../../../errors.js'
import type { Principal } from '../../../plugins/auth.js'
import { checkAgentConfig, type JsonObject } from '../agent-config.js'
import { checkReferences } from '../agent-references.js'
import type { AgentRow } from '../agents.repository.js'
import type { AgentsDeps } from '../agents-deps.js'
import { checkWorkflow } from '../workflow/workflow-check.js'
import { type AgentSnapshot, readSnapshot, withSnapshot } from './snapshot.js'
import { branchOf, commitVersion, ensureMain, tipOf, type VersioningDeps } from './versioning.js'
import type { BranchRow } from './versions.repository.js'

/** The versioning view of the agents' dependencies. */
export function versioningOf(deps: AgentsDeps): VersioningDeps {
  return {
    agents: deps.agents,
    versions: deps.versions,
    checkConfig: (workspaceId, config, settings) =>
      checkReferences(deps, workspaceId, checkAgentConfig(config, settings)),
    checkWorkflow: async (workspaceId, workflow) =>
      (await checkWorkflow(deps, workspaceId, workflow)) as unknown as JsonObject,
  }
}

/**
 * The agent as GET /v1/convai/agents/{agent_id} shows it: at a version, at a branch's tip, or
 * (by default) at main's tip, which is the saved agent.
 */
export async function agentAt(
  deps: AgentsDeps,
  row: AgentRow,
  at: { versionId?: string; branchId?: string },
) {
  const versioning = versioningOf(deps)
  const main = await ensureMain(versioning, row)
  if (at.versionId) {
    const version = await deps.versions.version(row.id, at.versionId)
    if (!version) throw new AppError('agent_version_not_found', { param: 'version_id' })
    return {
      row: withSnapshot(row, readSnapshot(version.snapshot)),
      versionId: version.id,
      branchId: version.branch_id,
      mainBranchId: main.id,
    }
  }
  const branch = at.branchId ? await branchOf(versioning, row, at.branchId) : main
  const tip = await tipOf(versioning, branch)
  return {
    row: branch.is_main ? row : withSnapshot(row, readSnapshot(tip.snapshot)),
    versionId: tip.id,
    branchId: branch.id,
    mainBranchId: main.id,
  }
}

/**
 * Where a change to the agent starts from: the branch's draft if it has one (the change then
 * commits the draft), else its newest version.
 */
export async function changeBase(deps: AgentsDeps, row: AgentRow, branchId: string | undefined) {
  const versioning = versioningOf(deps)
  const main = await ensureMain(versioning, row)
  const branch = branchId ? await branchOf(versioning, row, branchId) : main
  if (branch.is_archived) throw new AppError('agent_branch_archived', { param: 'branch_id' })
  const draft = await deps.versions.draft(row.id, branch.id)
  const tip = await tipOf(versioning, branch)
  return { main, branch, tip, base: readSnapshot(draft ? draft.snapshot : tip.snapshot) }
}

/** Saves a change as a new version on its branch (on main it is also the saved agent). */
export async function commitChange(
  deps: AgentsDeps,
  principal: Principal,
  change: { row: AgentRow; main: BranchRow; branch: BranchRow; tipId: string; snapshot: AgentSnapshot },
  description: string,
) {
  const version = await commitVersion(versioningOf(deps), change.row, change.branch, {
    snapshot: change.snapshot,
    description,
    parents: { in_branch_parent_id: change.tipId },
    createdBy: principal.userId,
  })
  return { versionId: version.id, branchId: change.branch.id, mainBranchId: change.main.id }
}
