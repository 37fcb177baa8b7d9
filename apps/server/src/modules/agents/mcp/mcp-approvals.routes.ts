import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import { json } from '../agents.schemas.js'
import { params, server } from './mcp-servers.routes.js'
import type { McpServersService } from './mcp-servers.service.js'

const tags = ['agents']
const config = { scope: 'convai' as const }
const toolParams = params.extend({ tool_name: z.string().min(1).max(200) })
const reply = { 200: server }

// An MCP server's approval policy, per-tool approvals and per-tool settings.
export function mcpApprovalsRoutes(servers: McpServersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.patch(
      '/v1/convai/mcp-servers/:mcp_server_id/approval-policy',
      {
        config,
        schema: {
          tags,
          summary: 'How the server’s tools are approved',
          params,
          body: z.object({
            approval_policy: z.enum([
              'auto_approve_all',
              'require_approval_all',
              'require_approval_per_tool',
            ]),
          }),
          response: reply,
        },
      },
      async (request) =>
        servers.setApprovalPolicy(
          requirePrincipal(request),
          request.params.mcp_server_id,
          request.body.approval_policy,
        ),
    )

    app.post(
      '/v1/convai/mcp-servers/:mcp_server_id/tool-approvals',
      {
        config,
        schema: {
          tags,
          summary: 'Approve one tool (pinned to its description and schema)',
          params,
          body: z.object({
            tool_name: z.string().min(1).max(200),
            tool_description: z.string().max(10_000),
            input_schema: json.optional(),
            approval_policy: z.string().max(40).optional(),
          }),
          response: reply,
        },
      },
      async (request) =>
        servers.approveTool(requirePrincipal(request), request.params.mcp_server_id, request.body),
    )

    app.delete(
      '/v1/convai/mcp-servers/:mcp_server_id/tool-approvals/:tool_name',
      {
        config,
        schema: { tags, summary: 'Withdraw a tool’s approval', params: toolParams, response: reply },
      },
      async (request) =>
        servers.revokeTool(requirePrincipal(request), request.params.mcp_server_id, request.params.tool_name),
    )

    app.post(
      '/v1/convai/mcp-servers/:mcp_server_id/tool-configs',
      {
        config,
        schema: {
          tags,
          summary: 'Settings of one tool of the server',
          params,
          body: json.and(z.object({ tool_name: z.string().min(1).max(200) })),
          response: reply,
        },
      },
      async (request) => {
        const { tool_name, ...fields } = request.body
        return servers.setToolConfig(
          requirePrincipal(request),
          request.params.mcp_server_id,
          tool_name,
          fields,
          true,
        )
      },
    )

    app.get(
      '/v1/convai/mcp-servers/:mcp_server_id/tool-configs/:tool_name',
      {
        config,
        schema: { tags, summary: 'One tool’s settings', params: toolParams, response: { 200: json } },
      },
      async (request) =>
        servers.toolConfig(requirePrincipal(request), request.params.mcp_server_id, request.params.tool_name),
    )

    app.patch(
      '/v1/convai/mcp-servers/:mcp_server_id/tool-configs/:tool_name',
      {
        config,
        schema: {
          tags,
          summary: 'Change one tool’s settings',
          params: toolParams,
          body: json.optional(),
          response: reply,
        },
      },
      async (request) =>
        servers.setToolConfig(
          requirePrincipal(request),
          request.params.mcp_server_id,
          request.params.tool_name,
          request.body ?? {},
          false,
        ),
    )

    app.delete(
      '/v1/convai/mcp-servers/:mcp_server_id/tool-configs/:tool_name',
      {
        config,
        schema: { tags, summary: 'Remove one tool’s settings', params: toolParams, response: reply },
      },
      async (request) =>
        servers.removeToolConfig(
          requirePrincipal(request),
          request.params.mcp_server_id,
          request.params.tool_name,
        ),
    )
  }
}
