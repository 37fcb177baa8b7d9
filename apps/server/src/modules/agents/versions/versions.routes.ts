import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import { branchesRoutes } from './branches.routes.js'
import {
  agentParams,
  branchQuery,
  deploymentBody,
  deploymentItem,
  deploymentListQuery,
  draftBody,
  listMeta,
  versionMetadata,
  versionParams,
} from './versions.schemas.js'
import type { VersionsService } from './versions.service.js'

const tags = ['agents']
const config = { scope: 'convai' as const }

// The public API's agent versions, drafts and deployments; the branch routes come with them.
export function versionsRoutes(versions: VersionsService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(branchesRoutes(versions))
    const base = '/v1/convai/agents/:agent_id'
    app.get(
      `${base}/versions/:version_id`,
      {
        config,
        schema: {
          tags,
          summary: 'One version of an agent',
          params: versionParams,
          response: { 200: versionMetadata },
        },
      },
      async (request) =>
        versions.getVersion(requirePrincipal(request), request.params.agent_id, request.params.version_id),
    )

    app.post(
      `${base}/drafts`,
      {
        config,
        schema: {
          tags,
          summary: 'Save the uncommitted draft of a branch',
          params: agentParams,
          querystring: branchQuery,
          body: draftBody,
          response: { 200: z.object({}) },
        },
      },
      async (request) =>
        versions.saveDraft(
          requirePrincipal(request),
          request.params.agent_id,
          request.query.branch_id,
          request.body,
        ),
    )

    app.delete(
      `${base}/drafts`,
      {
        config,
        schema: {
          tags,
          summary: 'Throw away the draft of a branch',
          params: agentParams,
          querystring: branchQuery,
          response: { 200: z.object({}) },
        },
      },
      async (request) =>
        versions.removeDraft(requirePrincipal(request), request.params.agent_id, request.query.branch_id),
    )

    app.get(
      `${base}/deployments`,
      {
        config,
        schema: {
          tags,
          summary: 'The history of the agent’s traffic split, newest first',
          params: agentParams,
          querystring: deploymentListQuery,
          response: { 200: z.object({ results: z.array(deploymentItem), meta: listMeta }) },
        },
      },
      async (request) =>
        versions.listDeployments(requirePrincipal(request), request.params.agent_id, request.query),
    )

    app.post(
      `${base}/deployments`,
      {
        config,
        schema: {
          tags,
          summary: 'Split live traffic across branches',
          params: agentParams,
          body: deploymentBody,
          response: { 200: z.object({ traffic_percentage_branch_id_map: z.record(z.string(), z.number()) }) },
        },
      },
      async (request) =>
        versions.createDeployment(requirePrincipal(request), request.params.agent_id, request.body),
    )
  }
}
