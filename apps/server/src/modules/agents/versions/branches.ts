import { AGENT_BRANCH_RECENT_VERSIONS } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import type { Principal } from '../../../plugins/auth.js'
import { type JsonObject, mergeConfig } from '../agent-config.js'
import { agentOf } from './agent-of.js'
import { readSnapshot } from './snapshot.js'
import { branchResponse, branchSummary, versionMetadata } from './version-views.js'
import { branchId, branchOf, currentSplit, ensureMain, type VersioningDeps, versionId } from './versioning.js'

const WEEK_MS = 7 * 24 * 3600 * 1000

/** GET /v1/convai/agents/{agent_id}/branches: main first, then by age; archived ones on request. */
export async function listBranches(
  deps: VersioningDeps,
  principal: Principal,
  agentId: string,
  query: { include_archived?: boolean | undefined; limit?: number | undefined },
) {
  const agent = await agentOf(deps, principal, agentId)
  const main = await ensureMain(deps, agent)
  const split = await currentSplit(deps, agent.id, main)
  const drafts = new Map((await deps.versions.drafts(agent.id)).map((d) => [d.branch_id, d]))
  const calls = await deps.versions.callsSince(agent.id, new Date(Date.now() - WEEK_MS))
  const rows = (await deps.versions.branches(agent.id)).filter(
    (b) => query.include_archived || !b.is_archived,
  )
  const shown = query.limit ? rows.slice(0, query.limit) : rows
  return {
    results: shown.map((row) =>
      branchSummary(row, {
        share: split[row.id] ?? 0,
        draft: drafts.get(row.id),
        calls7d: calls.get(row.id) ?? 0,
      }),
    ),
    meta: { total: rows.length, page: null, page_size: query.limit ?? null },
  }
}

/** GET /v1/convai/agents/{agent_id}/branches/{branch_id}: with its newest versions. */
export async function getBranch(deps: VersioningDeps, principal: Principal, agentId: string, id: string) {
  const agent = await agentOf(deps, principal, agentId)
  const branch = await branchOf(deps, agent, id)
  const main = await ensureMain(deps, agent)
  const split = await currentSplit(deps, agent.id, main)
  const parent = branch.parent_branch_id
    ? await deps.versions.branch(agent.id, branch.parent_branch_id)
    : undefined
  const versions = await deps.versions.versions(branch.id, AGENT_BRANCH_RECENT_VERSIONS)
  return branchResponse(branch, { share: split[branch.id] ?? 0, parent, versions })
}

export interface CreateBranchInput {
  parent_version_id: string
  name: string
  description: string
  conversation_config?: JsonObject | null | undefined
  platform_settings?: JsonObject | null | undefined
  workflow?: JsonObject | null | undefined
}

/**
 * POST /v1/convai/agents/{agent_id}/branches: a branch whose first version is the parent version's
 * configuration with the changes sent merged in.
 */
export async function createBranch(
  deps: VersioningDeps,
  principal: Principal,
  agentId: string,
  input: CreateBranchInput,
) {
  const agent = await agentOf(deps, principal, agentId)
  await ensureMain(deps, agent)
  const parent = await deps.versions.version(agent.id, input.parent_version_id)
  if (!parent) throw new AppError('agent_version_not_found', { param: 'parent_version_id' })
  const name = input.name.trim()
  if (!name) throw new AppError('validation_error', { message: 'Name is required.', param: 'name' })
  if ((await deps.versions.branches(agent.id)).some((b) => b.name === name))
    throw new AppError('agent_branch_name_taken', { param: 'name' })
  const base = readSnapshot(parent.snapshot)
  const snapshot = {
    ...base,
    conversation_config: mergeConfig(base.conversation_config, input.conversation_config ?? {}),
    platform_settings: mergeConfig(base.platform_settings, input.platform_settings ?? {}),
    workflow:
      input.workflow && Object.keys(input.workflow).length > 0
        ? await deps.checkWorkflow(agent.workspace_id, input.workflow)
        : base.workflow,
  }
  await deps.checkConfig(agent.workspace_id, snapshot.conversation_config, snapshot.platform_settings)
  const id = branchId()
  await deps.versions.insertBranch({
    id,
    agentId: agent.id,
    name,
    description: input.description,
    isMain: false,
    parentBranchId: parent.branch_id,
    createdBy: principal.userId,
  })
  const version = await deps.versions.insertVersion({
    id: versionId(),
    agentId: agent.id,
    branchId: id,
    description: '',
    snapshot,
    parents: { out_of_branch_parent_id: parent.id },
    createdBy: principal.userId,
  })
  return { created_branch_id: id, created_version_id: version.id }
}

export interface UpdateBranchInput {
  name?: string | null | undefined
  is_archived?: boolean | null | undefined
  protection_status?: 'writer_perms_required' | 'admin_perms_required' | null | undefined
  auto_rebase?: boolean | null | undefined
}

/** PATCH /v1/convai/agents/{agent_id}/branches/{branch_id}: rename, archive, protect. */
export async function updateBranch(
  deps: VersioningDeps,
  principal: Principal,
  agentId: string,
  id: string,
  input: UpdateBranchInput,
) {
  const agent = await agentOf(deps, principal, agentId)
  const branch = await branchOf(deps, agent, id)
  const name = input.name?.trim()
  if (input.name !== undefined && input.name !== null && !name)
    throw new AppError('validation_error', { message: 'Name is required.', param: 'name' })
  if (name && name !== branch.name && (await deps.versions.branches(agent.id)).some((b) => b.name === name))
    throw new AppError('agent_branch_name_taken', { param: 'name' })
  if (input.is_archived === true && !branch.is_archived) {
    if (branch.is_main) throw new AppError('agent_main_branch', { param: 'is_archived' })
    const split = await currentSplit(deps, agent.id, await ensureMain(deps, agent))
    if ((split[branch.id] ?? 0) > 0) throw new AppError('agent_branch_live', { param: 'is_archived' })
  }
  await deps.versions.updateBranch(agent.id, branch.id, {
    ...(name ? { name } : {}),
    ...(typeof input.is_archived === 'boolean' ? { is_archived: input.is_archived } : {}),
    ...(input.protection_status !== undefined ? { protection_status: input.protection_status } : {}),
    ...(typeof input.auto_rebase === 'boolean' ? { auto_rebase: input.auto_rebase } : {}),
  })
  return getBranch(deps, principal, agentId, id)
}

/** GET /v1/convai/agents/{agent_id}/versions/{version_id}. */
export async function getVersion(deps: VersioningDeps, principal: Principal, agentId: string, id: string) {
  const agent = await agentOf(deps, principal, agentId)
  await ensureMain(deps, agent)
  const version = await deps.versions.version(agent.id, id)
  if (!version) throw new AppError('agent_version_not_found')
  return versionMetadata(version)
}
