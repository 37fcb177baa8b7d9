import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { Principal } from '../../../plugins/auth.js'
import { agentView } from '../agent-view.js'
import type { AgentRow } from '../agents.repository.js'
import { agentOf } from './agent-of.js'
import { mergeSnapshots, readSnapshot, sameConfiguration, withSnapshot } from './snapshot.js'
import {
  branchOf,
  commitVersion,
  currentSplit,
  ensureMain,
  tipOf,
  type VersioningDeps,
} from './versioning.js'
import type { BranchRow, VersionRow } from './versions.repository.js'

/** How many of the target's versions are searched for an earlier merge of the same source. */
const HISTORY_SEARCHED = 1000

/**
 * The configuration both branches last shared: the source version most recently merged into the
 * target, or else the version the source was branched from.
 */
async function commonBase(deps: VersioningDeps, agent: AgentRow, source: BranchRow, target: BranchRow) {
  const targetHistory = await deps.versions.versions(target.id, HISTORY_SEARCHED)
  const lastMerge = targetHistory.find((v) => v.parents.merged_from_branch_id === source.id)
  const sourceHistory = await deps.versions.versions(source.id, HISTORY_SEARCHED)
  const first = sourceHistory[sourceHistory.length - 1] as VersionRow
  const baseId =
    lastMerge?.parents.merged_from_version_id ?? first.parents.out_of_branch_parent_id ?? first.id
  return (await deps.versions.version(agent.id, baseId)) ?? first
}

async function planMerge(
  deps: VersioningDeps,
  principal: Principal,
  agentId: string,
  ids: { source: string; target: string; force: boolean },
) {
  const agent = await agentOf(deps, principal, agentId)
  const source = await branchOf(deps, agent, ids.source)
  const target = await branchOf(deps, agent, ids.target)
  if (source.id === target.id) throw new AppError('agent_merge_same_branch', { param: 'target_branch_id' })
  const [sourceTip, targetTip] = [await tipOf(deps, source), await tipOf(deps, target)]
  const base = await commonBase(deps, agent, source, target)
  const targetSnapshot = readSnapshot(targetTip.snapshot)
  const sourceSnapshot = readSnapshot(sourceTip.snapshot)
  const result = mergeSnapshots(readSnapshot(base.snapshot), sourceSnapshot, targetSnapshot, ids.force)
  return {
    agent,
    source,
    target,
    sourceTip,
    targetTip,
    ...result,
    identical: sameConfiguration(sourceSnapshot, targetSnapshot),
  }
}

/** GET .../branches/{source_branch_id}/merge-preview: the target as the merge would leave it. */
export async function previewMerge(
  deps: VersioningDeps,
  principal: Principal,
  agentId: string,
  sourceId: string,
  query: { target_branch_id: string; force?: boolean | undefined },
) {
  const plan = await planMerge(deps, principal, agentId, {
    source: sourceId,
    target: query.target_branch_id,
    force: query.force ?? false,
  })
  const main = await ensureMain(deps, plan.agent)
  return {
    ...agentView(principal, withSnapshot(plan.agent, plan.snapshot)),
    version_id: plan.targetTip.id,
    branch_id: plan.target.id,
    main_branch_id: main.id,
    conflicts: plan.conflicts,
    source_identical_to_target: plan.identical,
  }
}

function conflictMessage(paths: string[]): string {
  const shown = paths.slice(0, 5).join(', ')
  const more = paths.length > 5 ? ` and ${paths.length - 5} more` : ''
  return `Both branches changed the same settings since they split (${shown}${more}). Resolve the conflicts or merge with force.`
}

/**
 * POST .../branches/{source_branch_id}/merge: the source's changes become a new version on the
 * target. Conflicting changes refuse the merge unless forced (then the source's values win).
 * Archiving the source hands its traffic share to the target.
 */
export async function mergeBranch(
  deps: VersioningDeps,
  principal: Principal,
  agentId: string,
  sourceId: string,
  input: { target_branch_id: string; archive_source_branch?: boolean | null; force?: boolean | null },
) {
  const plan = await planMerge(deps, principal, agentId, {
    source: sourceId,
    target: input.target_branch_id,
    force: input.force ?? false,
  })
  if (plan.conflicts.length > 0 && !input.force)
    throw new AppError('agent_merge_conflict', {
      message: conflictMessage(plan.conflicts.map((c) => c.path)),
    })
  const version = await commitVersion(deps, plan.agent, plan.target, {
    snapshot: plan.snapshot,
    description: `Merged ${plan.source.name}`,
    parents: {
      in_branch_parent_id: plan.targetTip.id,
      merged_from_branch_id: plan.source.id,
      merged_from_version_id: plan.sourceTip.id,
    },
    createdBy: principal.userId,
  })
  await deps.versions.updateBranch(plan.agent.id, plan.source.id, {
    merged_into_branch_id: plan.target.id,
    ...(input.archive_source_branch ? { is_archived: true } : {}),
  })
  if (input.archive_source_branch)
    await handOverTraffic(deps, plan.agent, plan.source, plan.target, principal)
  return { agent_id: plan.agent.id, branch_id: plan.target.id, version_id: version.id }
}

async function handOverTraffic(
  deps: VersioningDeps,
  agent: AgentRow,
  source: BranchRow,
  target: BranchRow,
  principal: Principal,
) {
  const split = await currentSplit(deps, agent.id, await ensureMain(deps, agent))
  const share = split[source.id] ?? 0
  if (share === 0) return
  const traffic = { ...split, [target.id]: (split[target.id] ?? 0) + share }
  delete traffic[source.id]
  await deps.versions.insertDeployment({
    id: `agtdep_${newId(28)}`,
    agentId: agent.id,
    traffic,
    source: 'branch_merge',
    createdBy: principal.userId,
  })
}
