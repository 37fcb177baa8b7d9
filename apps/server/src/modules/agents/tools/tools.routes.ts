import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import { accessInfo, booleanQuery, json } from '../agents.schemas.js'
import type { ToolsService } from './tools.service.js'

const tags = ['agents']
const config = { scope: 'convai' as const }
const params = z.object({ tool_id: z.string().min(1).max(64) })
const body = z.object({ tool_config: json, response_mocks: z.array(z.unknown()).max(50).nullish() })
const tool = z.object({
  id: z.string(),
  tool_config: json,
  access_info: accessInfo,
  usage_stats: z.object({ total_calls: z.number(), avg_latency_secs: z.number() }),
  response_mocks: z.array(z.unknown()).optional(),
})

// The workspace's tools under /v1/convai/tools.
export function toolsRoutes(tools: ToolsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/convai/tools',
      {
        config,
        schema: {
          tags,
          summary: 'The workspace’s tools',
          querystring: z.object({
            search: z.string().max(200).optional(),
            page_size: z.coerce.number().int().min(1).max(100).optional(),
            types: z.union([z.string().max(20), z.array(z.string().max(20)).max(4)]).optional(),
            cursor: z.string().max(200).optional(),
            show_only_owned_documents: booleanQuery,
          }),
          response: {
            200: z.object({
              tools: z.array(tool),
              next_cursor: z.string().nullable(),
              has_more: z.boolean(),
            }),
          },
        },
      },
      async (request) => {
        const { types, ...rest } = request.query
        return tools.list(requirePrincipal(request), {
          ...rest,
          types: types === undefined ? undefined : Array.isArray(types) ? types : [types],
        })
      },
    )

    app.post(
      '/v1/convai/tools',
      { config, schema: { tags, summary: 'Add a tool', body, response: { 200: tool } } },
      async (request) => tools.create(requirePrincipal(request), request.body),
    )

    app.get(
      '/v1/convai/tools/:tool_id',
      { config, schema: { tags, summary: 'One tool', params, response: { 200: tool } } },
      async (request) => tools.get(requirePrincipal(request), request.params.tool_id),
    )

    app.patch(
      '/v1/convai/tools/:tool_id',
      {
        config,
        schema: { tags, summary: 'Replace a tool’s configuration', params, body, response: { 200: tool } },
      },
      async (request) => tools.update(requirePrincipal(request), request.params.tool_id, request.body),
    )

    app.delete(
      '/v1/convai/tools/:tool_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a tool (force: even while agents use it)',
          params,
          querystring: z.object({ force: booleanQuery }),
          response: { 200: z.object({}) },
        },
      },
      async (request) => {
        await tools.remove(requirePrincipal(request), request.params.tool_id, request.query.force ?? false)
        return {}
      },
    )

    app.get(
      '/v1/convai/tools/:tool_id/dependent-agents',
      {
        config,
        schema: {
          tags,
          summary: 'The agents that use a tool',
          params,
          querystring: z.object({
            cursor: z.string().max(200).optional(),
            page_size: z.coerce.number().int().min(1).max(100).optional(),
          }),
          response: {
            200: z.object({
              agents: z.array(json),
              next_cursor: z.string().nullable(),
              has_more: z.boolean(),
            }),
          },
        },
      },
      async (request) => tools.dependentAgents(requirePrincipal(request), request.params.tool_id),
    )
  }
}
