// Agent branches, their versions, the traffic split and merges.
import { client, settle } from '../../../lib/api'

export interface Branch {
  id: string
  name: string
  description: string
  is_archived: boolean
  current_live_percentage: number
  draft_exists: boolean
  calls_7d: number
  /** Main is the branch without a parent. */
  parent_branch_id: string | null
}

export interface Version {
  id: string
  version_description: string
  seq_no_in_branch: number
  time_committed_secs: number
}

const agentPath = (agentId: string) => ({ path: { agent_id: agentId } })

export const listBranches = async (agentId: string): Promise<Branch[]> =>
  (await settle(client.GET('/v1/convai/agents/{agent_id}/branches', { params: agentPath(agentId) }))).results

export const branchVersions = async (agentId: string, branchId: string): Promise<Version[]> =>
  (
    await settle(
      client.GET('/v1/convai/agents/{agent_id}/branches/{branch_id}', {
        params: { path: { agent_id: agentId, branch_id: branchId } },
      }),
    )
  ).most_recent_versions

/** A new branch from main's newest version. */
export async function createBranch(agentId: string, name: string) {
  const agent = await settle(client.GET('/v1/convai/agents/{agent_id}', { params: agentPath(agentId) }))
  return settle(
    client.POST('/v1/convai/agents/{agent_id}/branches', {
      params: agentPath(agentId),
      body: { parent_version_id: agent.version_id ?? '', name, description: '' },
    }),
  )
}

/** Saving on a branch starts from its draft, so an empty change commits the draft as it is. */
export const commitDraft = (agentId: string, branchId: string, description: string) =>
  settle(
    client.PATCH('/v1/convai/agents/{agent_id}', {
      params: { path: { agent_id: agentId }, query: { branch_id: branchId } },
      body: { version_description: description },
    }),
  )

export const deploySplit = (agentId: string, split: Record<string, number>) =>
  settle(
    client.POST('/v1/convai/agents/{agent_id}/deployments', {
      params: agentPath(agentId),
      body: {
        deployment_request: {
          requests: Object.entries(split).map(([branch_id, traffic_percentage]) => ({
            branch_id,
            deployment_strategy: { type: 'percentage' as const, traffic_percentage },
          })),
        },
      },
    }),
  )

export const previewMerge = (agentId: string, sourceId: string, targetId: string) =>
  settle(
    client.GET('/v1/convai/agents/{agent_id}/branches/{source_branch_id}/merge-preview', {
      params: {
        path: { agent_id: agentId, source_branch_id: sourceId },
        query: { target_branch_id: targetId },
      },
    }),
  )

export const mergeBranch = (agentId: string, sourceId: string, targetId: string) =>
  settle(
    client.POST('/v1/convai/agents/{agent_id}/branches/{source_branch_id}/merge', {
      params: {
        path: { agent_id: agentId, source_branch_id: sourceId },
        query: { target_branch_id: targetId },
      },
      body: {},
    }),
  )
