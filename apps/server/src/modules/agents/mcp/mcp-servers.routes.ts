import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import { accessInfo, json } from '../agents.schemas.js'
import type { McpServersService } from './mcp-servers.service.js'

const tags = ['agents']
const config = { scope: 'convai' as const }
export const params = z.object({ mcp_server_id: z.string().min(1).max(64) })
export const server = z.object({
  id: z.string(),
  config: json,
  access_info: accessInfo,
  dependent_agents: z.array(json),
  metadata: z.object({ created_at: z.number(), owner_user_id: z.string() }),
})
const reply = { 200: server }

// MCP servers under /v1/convai/mcp-servers: configuration, approval policy, approvals, tool settings.
export function mcpServersRoutes(servers: McpServersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/convai/mcp-servers',
      {
        config,
        schema: {
          tags,
          summary: 'The workspace’s MCP servers',
          response: { 200: z.object({ mcp_servers: z.array(server) }) },
        },
      },
      async (request) => servers.list(requirePrincipal(request)),
    )

    app.post(
      '/v1/convai/mcp-servers',
      {
        config,
        schema: { tags, summary: 'Add an MCP server', body: z.object({ config: json }), response: reply },
      },
      async (request) => servers.create(requirePrincipal(request), request.body),
    )

    app.get(
      '/v1/convai/mcp-servers/:mcp_server_id',
      { config, schema: { tags, summary: 'One MCP server', params, response: reply } },
      async (request) => servers.get(requirePrincipal(request), request.params.mcp_server_id),
    )

    app.get(
      '/v1/convai/mcp-servers/:mcp_server_id/tools',
      {
        config,
        schema: { tags, summary: 'The tools the MCP server lists now', params, response: { 200: json } },
      },
      async (request) => servers.listTools(requirePrincipal(request), request.params.mcp_server_id),
    )

    app.patch(
      '/v1/convai/mcp-servers/:mcp_server_id',
      { config, schema: { tags, summary: 'Change an MCP server', params, body: json, response: reply } },
      async (request) =>
        servers.update(requirePrincipal(request), request.params.mcp_server_id, request.body),
    )

    app.delete(
      '/v1/convai/mcp-servers/:mcp_server_id',
      { config, schema: { tags, summary: 'Delete an MCP server', params, response: { 200: z.object({}) } } },
      async (request) => {
        await servers.remove(requirePrincipal(request), request.params.mcp_server_id)
        return {}
      },
    )
  }
}
