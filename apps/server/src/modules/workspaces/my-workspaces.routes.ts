import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { MembersService } from './members.service.js'
import * as s from './workspaces.schemas.js'

const { tags } = s

/** The workspaces a signed-in person belongs to, and moving between them. */
export function myWorkspacesRoutes(members: MembersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/workspaces',
      {
        config: { apiKeys: false },
        schema: {
          tags,
          summary: 'The workspaces you belong to',
          response: { 200: z.object({ workspaces: z.array(s.workspaceSummary) }) },
        },
      },
      async (request) => ({ workspaces: await members.listMine(requirePrincipal(request)) }),
    )

    app.post(
      '/v1/workspaces/:workspace_id/switch',
      {
        // An API key belongs to one workspace; switching is for signed-in people.
        config: { apiKeys: false },
        schema: {
          tags,
          summary: 'Make another of your workspaces the current one',
          params: z.object({ workspace_id: z.string().min(1).max(64) }),
          response: { 200: z.object({ workspace_id: z.string() }) },
        },
      },
      async (request) => members.switchTo(requirePrincipal(request), request.params.workspace_id),
    )
  }
}
