import { unixSeconds } from '../access-info.js'
import type { BranchRow, DeploymentRow, VersionRow } from './versions.repository.js'

/** A version as GET /v1/convai/agents/{agent_id}/versions/{version_id} answers it. */
export function versionMetadata(row: VersionRow) {
  return {
    id: row.id,
    agent_id: row.agent_id,
    branch_id: row.branch_id,
    version_description: row.description,
    seq_no_in_branch: row.seq_no_in_branch,
    time_committed_secs: unixSeconds(row.created_at),
    parents: {
      in_branch_parent_id: row.parents.in_branch_parent_id ?? null,
      out_of_branch_parent_id: row.parents.out_of_branch_parent_id ?? null,
      merged_into_branch_id: row.parents.merged_into_branch_id ?? null,
      merged_from_branch_id: row.parents.merged_from_branch_id ?? null,
      merged_from_version_id: row.parents.merged_from_version_id ?? null,
      rebased_from_version_id: row.parents.rebased_from_version_id ?? null,
    },
  }
}

function branchCommon(row: BranchRow, share: number) {
  return {
    id: row.id,
    name: row.name,
    agent_id: row.agent_id,
    description: row.description,
    created_at: unixSeconds(row.created_at),
    last_committed_at: unixSeconds(row.last_committed_at),
    is_archived: row.is_archived,
    protection_status: row.protection_status,
    auto_rebase: row.auto_rebase,
    current_live_percentage: share,
  }
}

/** A branch in GET /v1/convai/agents/{agent_id}/branches. */
export function branchSummary(
  row: BranchRow,
  facts: { share: number; draft: { created_at: Date } | undefined; calls7d: number },
) {
  return {
    ...branchCommon(row, facts.share),
    parent_branch_id: row.parent_branch_id,
    draft_exists: facts.draft !== undefined,
    draft_created_at: facts.draft ? unixSeconds(facts.draft.created_at) : null,
    calls_7d: facts.calls7d,
    merged_into_branch_id: row.merged_into_branch_id,
  }
}

/** A branch as GET /v1/convai/agents/{agent_id}/branches/{branch_id} answers it. */
export function branchResponse(
  row: BranchRow,
  facts: { share: number; parent: BranchRow | undefined; versions: VersionRow[] },
) {
  return {
    ...branchCommon(row, facts.share),
    parent_branch: facts.parent ? { id: facts.parent.id, name: facts.parent.name } : null,
    most_recent_versions: facts.versions.map(versionMetadata),
  }
}

/** A deployment in GET /v1/convai/agents/{agent_id}/deployments. */
export function deploymentItem(row: DeploymentRow, active: boolean) {
  return {
    id: row.id,
    traffic_percentage_branch_id_map: row.traffic,
    deployed_at_unix_secs: unixSeconds(row.deployed_at),
    is_active: active,
    source: row.source,
  }
}
