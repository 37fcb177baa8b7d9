import { GROUP_PERMISSIONS, WORKSPACE_ROLES } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { MembersService } from './members.service.js'
import * as s from './workspaces.schemas.js'

const { tags, workspaceScope: config, status } = s
const ok = { status: 'ok' }

export function membersRoutes(members: MembersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/workspace/members',
      {
        config,
        schema: { tags, summary: 'List the members of the workspace', response: { 200: z.array(s.member) } },
      },
      async (request) => members.list(requirePrincipal(request)),
    )

    app.post(
      '/v1/workspace/members',
      {
        config,
        schema: {
          tags,
          summary: 'Lock, re-enable or change the seat type of a member (admins)',
          body: s.updateMemberBody,
          response: { 200: status },
        },
      },
      async (request) => {
        await members.update(requirePrincipal(request), request.body)
        return ok
      },
    )

    app.delete(
      '/v1/workspace/members',
      {
        config,
        schema: {
          tags,
          summary: 'Remove a member, freeing their seat (admins)',
          body: s.emailBody,
          response: { 200: status },
        },
      },
      async (request) => {
        await members.remove(requirePrincipal(request), request.body.email)
        return ok
      },
    )

    app.post(
      '/v1/workspace/transfer-ownership',
      {
        config: { apiKeys: false },
        schema: {
          tags,
          summary: 'Hand the workspace to another member (the owner, with the confirmation)',
          body: s.transferOwnershipBody,
          response: { 200: status },
        },
      },
      async (request) => {
        await members.transferOwnership(requirePrincipal(request), request.body)
        return ok
      },
    )

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
