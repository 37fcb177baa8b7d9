import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import { agentResponse } from '../agents.schemas.js'
import {
  agentParams,
  branchListQuery,
  branchParams,
  branchResponse,
  branchSummary,
  createBranchBody,
  fieldConflict,
  listMeta,
  mergeBody,
  mergePreviewQuery,
  sourceParams,
  updateBranchBody,
} from './versions.schemas.js'
import type { VersionsService } from './versions.service.js'

const tags = ['agents']
const config = { scope: 'convai' as const }

// The public API's agent branches and merges.
export function branchesRoutes(versions: VersionsService): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/v1/convai/agents/:agent_id'
    app.get(
      `${base}/branches`,
      {
        config,
        schema: {
          tags,
          summary: 'An agent’s branches with their share of live traffic',
          params: agentParams,
          querystring: branchListQuery,
          response: { 200: z.object({ results: z.array(branchSummary), meta: listMeta }) },
        },
      },
      async (request) =>
        versions.listBranches(requirePrincipal(request), request.params.agent_id, request.query),
    )

    app.post(
      `${base}/branches`,
      {
        config,
        schema: {
          tags,
          summary: 'Create a branch from a version',
          params: agentParams,
          body: createBranchBody,
          response: { 200: z.object({ created_branch_id: z.string(), created_version_id: z.string() }) },
        },
      },
      async (request) =>
        versions.createBranch(requirePrincipal(request), request.params.agent_id, request.body),
    )

    app.get(
      `${base}/branches/:branch_id`,
      {
        config,
        schema: {
          tags,
          summary: 'One branch with its newest versions',
          params: branchParams,
          response: { 200: branchResponse },
        },
      },
      async (request) =>
        versions.getBranch(requirePrincipal(request), request.params.agent_id, request.params.branch_id),
    )

    app.patch(
      `${base}/branches/:branch_id`,
      {
        config,
        schema: {
          tags,
          summary: 'Rename, archive or protect a branch',
          params: branchParams,
          body: updateBranchBody,
          response: { 200: branchResponse },
        },
      },
      async (request) =>
        versions.updateBranch(
          requirePrincipal(request),
          request.params.agent_id,
          request.params.branch_id,
          request.body,
        ),
    )

    app.get(
      `${base}/branches/:source_branch_id/merge-preview`,
      {
        config,
        schema: {
          tags,
          summary: 'The target branch as merging the source into it would leave it',
          params: sourceParams,
          querystring: mergePreviewQuery,
          response: {
            200: agentResponse.extend({
              conflicts: z.array(fieldConflict),
              source_identical_to_target: z.boolean(),
            }),
          },
        },
      },
      async (request) =>
        versions.previewMerge(
          requirePrincipal(request),
          request.params.agent_id,
          request.params.source_branch_id,
          request.query,
        ),
    )

    app.post(
      `${base}/branches/:source_branch_id/merge`,
      {
        config,
        schema: {
          tags,
          summary: 'Merge a branch into a target branch',
          params: sourceParams,
          querystring: z.object({ target_branch_id: z.string().min(1).max(64) }),
          body: mergeBody,
          response: {
            200: z.object({ agent_id: z.string(), branch_id: z.string(), version_id: z.string() }),
          },
        },
      },
      async (request) =>
        versions.mergeBranch(
          requirePrincipal(request),
          request.params.agent_id,
          request.params.source_branch_id,
          {
            ...request.body,
            target_branch_id: request.query.target_branch_id,
          },
        ),
    )
  }
}
