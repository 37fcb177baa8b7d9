import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  agentBody,
  agentListQuery,
  agentParams,
  agentResponse,
  agentSummary,
  createAgentBody,
  json,
} from './agents.schemas.js'
import type { AgentsService } from './agents.service.js'

const tags = ['agents']
const config = { scope: 'convai' as const }

// The public API's agents calls under /v1/convai.
export function agentsRoutes(agents: AgentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/convai/agents/create',
      {
        config,
        schema: {
          tags,
          summary: 'Create an agent',
          querystring: z.object({ enable_versioning: z.string().max(10).optional() }),
          body: createAgentBody,
          response: { 200: z.object({ agent_id: z.string() }) },
        },
      },
      async (request) => agents.create(requirePrincipal(request), request.body),
    )

    app.get(
      '/v1/convai/agents',
      {
        config,
        schema: {
          tags,
          summary: 'The workspace’s agents, newest first',
          querystring: agentListQuery,
          response: {
            200: z.object({
              agents: z.array(agentSummary),
              next_cursor: z.string().nullable(),
              has_more: z.boolean(),
            }),
          },
        },
      },
      async (request) => agents.list(requirePrincipal(request), request.query),
    )

    app.get(
      '/v1/convai/agents/:agent_id',
      {
        config,
        schema: {
          tags,
          summary: 'One agent with its whole configuration',
          params: agentParams,
          querystring: z.object({
            version_id: z.string().max(64).optional(),
            branch_id: z.string().max(64).optional(),
          }),
          response: { 200: agentResponse },
        },
      },
      async (request) => agents.get(requirePrincipal(request), request.params.agent_id, request.query),
    )

    app.patch(
      '/v1/convai/agents/:agent_id',
      {
        config,
        schema: {
          tags,
          summary: 'Change an agent (the fields sent are merged into it)',
          params: agentParams,
          querystring: z.object({
            enable_versioning_if_not_enabled: z.string().max(10).optional(),
            branch_id: z.string().max(64).optional(),
          }),
          body: agentBody.extend({
            version_description: z.string().max(2000).nullish(),
            procedures: json.nullish(),
          }),
          response: { 200: agentResponse },
        },
      },
      async (request) =>
        agents.update(
          requirePrincipal(request),
          request.params.agent_id,
          request.body,
          request.query.branch_id,
        ),
    )

    app.delete(
      '/v1/convai/agents/:agent_id',
      {
        config,
        schema: { tags, summary: 'Delete an agent', params: agentParams, response: { 200: z.object({}) } },
      },
      async (request) => {
        await agents.remove(requirePrincipal(request), request.params.agent_id)
        return {}
      },
    )

    app.post(
      '/v1/convai/agents/:agent_id/duplicate',
      {
        config,
        schema: {
          tags,
          summary: 'Copy an agent',
          params: agentParams,
          body: z.object({ name: z.string().max(200).nullish() }).optional(),
          response: { 200: z.object({ agent_id: z.string() }) },
        },
      },
      async (request) =>
        agents.duplicate(requirePrincipal(request), request.params.agent_id, request.body ?? {}),
    )

    app.get(
      '/v1/convai/agents/:agent_id/link',
      {
        config,
        schema: {
          tags,
          summary: 'The shareable page of an agent',
          params: agentParams,
          response: { 200: z.object({ agent_id: z.string(), token: json.nullable() }) },
        },
      },
      async (request) => agents.link(requirePrincipal(request), request.params.agent_id),
    )
  }
}
