import {
  AGENT_BRANCH_DESCRIPTION_MAX,
  AGENT_BRANCH_NAME_MAX,
  AGENT_BRANCH_PROTECTION,
  AGENT_NAME_MAX,
  AGENT_TRAFFIC_TOTAL,
} from '@timbre/contract'
import { z } from 'zod'
import { booleanQuery, json, tags } from '../agents.schemas.js'

// Request and answer shapes of agent versions, drafts, branches, deployments and merges.

const id = z.string().min(1).max(64)
export const agentParams = z.object({ agent_id: id })
export const branchParams = z.object({ agent_id: id, branch_id: id })
export const sourceParams = z.object({ agent_id: id, source_branch_id: id })
export const versionParams = z.object({ agent_id: id, version_id: id })
export const branchQuery = z.object({ branch_id: id })

export const branchListQuery = z.object({
  include_archived: booleanQuery,
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  include_commit_status: booleanQuery,
})

export const createBranchBody = z.object({
  parent_version_id: id,
  name: z.string().max(AGENT_BRANCH_NAME_MAX),
  description: z.string().max(AGENT_BRANCH_DESCRIPTION_MAX),
  conversation_config: json.nullish(),
  platform_settings: json.nullish(),
  workflow: json.nullish(),
  include_draft: z.boolean().nullish(),
})

export const updateBranchBody = z.object({
  name: z.string().max(AGENT_BRANCH_NAME_MAX).nullish(),
  is_archived: z.boolean().nullish(),
  protection_status: z.enum(AGENT_BRANCH_PROTECTION).nullish(),
  auto_rebase: z.boolean().nullish(),
})

export const draftBody = z.object({
  conversation_config: json,
  platform_settings: json,
  workflow: json.nullable(),
  name: z.string().max(AGENT_NAME_MAX),
  tags: tags.nullish(),
})

export const deploymentBody = z.object({
  deployment_request: z.object({
    requests: z
      .array(
        z.object({
          branch_id: id,
          deployment_strategy: z.object({
            type: z.literal('percentage').nullish(),
            traffic_percentage: z.number().min(0).max(AGENT_TRAFFIC_TOTAL),
          }),
        }),
      )
      .min(1)
      .max(100),
  }),
})

export const deploymentListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  page_size: z.coerce.number().int().min(1).max(100).optional(),
})

export const mergePreviewQuery = z.object({ target_branch_id: id, force: booleanQuery })
export const mergeBody = z.object({
  archive_source_branch: z.boolean().nullish(),
  force: z.boolean().nullish(),
})

const versionParents = z.object({
  in_branch_parent_id: z.string().nullable(),
  out_of_branch_parent_id: z.string().nullable(),
  merged_into_branch_id: z.string().nullable(),
  merged_from_branch_id: z.string().nullable(),
  merged_from_version_id: z.string().nullable(),
  rebased_from_version_id: z.string().nullable(),
})

export const versionMetadata = z.object({
  id: z.string(),
  agent_id: z.string(),
  branch_id: z.string(),
  version_description: z.string(),
  seq_no_in_branch: z.number(),
  time_committed_secs: z.number(),
  parents: versionParents,
})

const branchCommon = z.object({
  id: z.string(),
  name: z.string(),
  agent_id: z.string(),
  description: z.string(),
  created_at: z.number(),
  last_committed_at: z.number(),
  is_archived: z.boolean(),
  protection_status: z.string().nullable(),
  auto_rebase: z.boolean(),
  current_live_percentage: z.number(),
})

export const branchSummary = branchCommon.extend({
  parent_branch_id: z.string().nullable(),
  draft_exists: z.boolean(),
  draft_created_at: z.number().nullable(),
  calls_7d: z.number(),
  merged_into_branch_id: z.string().nullable(),
})

export const branchResponse = branchCommon.extend({
  parent_branch: z.object({ id: z.string(), name: z.string() }).nullable(),
  most_recent_versions: z.array(versionMetadata),
})

export const listMeta = z.object({
  total: z.number().nullable(),
  page: z.number().nullable(),
  page_size: z.number().nullable(),
})

export const deploymentItem = z.object({
  id: z.string(),
  traffic_percentage_branch_id_map: z.record(z.string(), z.number()),
  deployed_at_unix_secs: z.number(),
  is_active: z.boolean(),
  source: z.string(),
})

export const fieldConflict = z.object({
  path: z.string(),
  section: z.enum(['conversation_config', 'platform_settings', 'workflow']),
  base_value: z.unknown(),
  source_value: z.unknown(),
  target_value: z.unknown(),
})
