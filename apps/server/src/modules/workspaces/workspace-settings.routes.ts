import { GROUP_PERMISSIONS, WORKSPACE_ROLES } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { MembersService } from './members.service.js'
import * as s from './workspaces.schemas.js'

const { tags, workspaceScope: config } = s

/** What the caller may do in the workspace, and the workspace-wide settings admins change. */
export function workspaceSettingsRoutes(members: MembersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/workspace/is-admin',
      {
        config,
        schema: {
          tags,
          summary: 'Whether the caller is an admin of the workspace',
          response: { 200: z.object({ is_admin: z.boolean() }) },
        },
      },
      async (request) => ({ is_admin: members.flags(requirePrincipal(request)).is_admin }),
    )

    app.get(
      '/v1/workspace/can-access-workspace-settings',
      {
        config,
        schema: {
          tags,
          summary: 'Whether the caller may open the workspace settings',
          response: { 200: z.object({ can_access_workspace_settings: z.boolean() }) },
        },
      },
      async (request) => ({
        can_access_workspace_settings: members.flags(requirePrincipal(request)).can_access_workspace_settings,
      }),
    )

    app.get(
      '/v1/workspace/permissions',
      {
        config,
        schema: {
          tags,
          summary: "The caller's role and the products and features their groups grant",
          response: {
            200: z.object({
              workspace_id: z.string(),
              role: z.enum(WORKSPACE_ROLES),
              is_admin: z.boolean(),
              permissions: z.array(z.enum(GROUP_PERMISSIONS)),
            }),
          },
        },
      },
      async (request) => members.access(requirePrincipal(request)),
    )

    const settings = z.object({
      workspace_id: z.string(),
      name: z.string(),
      owner_id: z.string(),
      sharing_limited_to_admins: z.boolean(),
    })
    app.get(
      '/v1/workspace/settings',
      { config, schema: { tags, summary: 'The workspace and its settings', response: { 200: settings } } },
      async (request) => members.settings(requirePrincipal(request)),
    )

    app.patch(
      '/v1/workspace/settings',
      {
        config,
        schema: {
          tags,
          summary: 'Change workspace settings, such as limiting sharing to admins (admins)',
          body: z.object({ sharing_limited_to_admins: z.boolean().optional() }),
          response: { 200: settings },
        },
      },
      async (request) => members.updateSettings(requirePrincipal(request), request.body),
    )
  }
}
