import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import * as s from '../workspaces.schemas.js'
import type { GroupsService } from './groups.service.js'

const { tags, workspaceScope: config, status } = s
const ok = { status: 'ok' }

export function groupsRoutes(groups: GroupsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/workspace/groups',
      {
        config,
        schema: {
          tags,
          summary: 'Every group of the workspace, by id',
          response: { 200: z.record(z.string(), s.group) },
        },
      },
      async (request) => groups.list(requirePrincipal(request)),
    )

    app.get(
      '/v1/workspace/groups/search',
      {
        config,
        schema: {
          tags,
          summary: 'Groups whose name contains the text',
          querystring: z.object({ name: z.string().max(100) }),
          response: {
            200: z.array(z.object({ id: z.string(), name: z.string(), members_emails: z.array(z.string()) })),
          },
        },
      },
      async (request) => groups.search(requirePrincipal(request), request.query.name),
    )

    app.post(
      '/v1/workspace/groups',
      {
        config,
        schema: {
          tags,
          summary: 'Create a group (admins)',
          body: s.createGroupBody,
          response: { 201: s.group },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await groups.create(requirePrincipal(request), request.body)),
    )

    app.patch(
      '/v1/workspace/groups/:group_id',
      {
        config,
        schema: {
          tags,
          summary: 'Rename a group or change its permissions (admins)',
          params: s.groupIdParams,
          body: s.updateGroupBody,
          response: { 200: status },
        },
      },
      async (request) => {
        await groups.update(requirePrincipal(request), request.params.group_id, request.body)
        return ok
      },
    )

    app.delete(
      '/v1/workspace/groups/:group_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a group (admins)',
          params: s.groupIdParams,
          response: { 200: status },
        },
      },
      async (request) => {
        await groups.remove(requirePrincipal(request), request.params.group_id)
        return ok
      },
    )

    app.post(
      '/v1/workspace/groups/:group_id/members',
      {
        config,
        schema: {
          tags,
          summary: 'Add a member to a group (admins)',
          params: s.groupIdParams,
          body: s.emailBody,
          response: { 200: status },
        },
      },
      async (request) => {
        await groups.addMember(requirePrincipal(request), request.params.group_id, request.body.email)
        return ok
      },
    )

    app.post(
      '/v1/workspace/groups/:group_id/members/remove',
      {
        config,
        schema: {
          tags,
          summary: 'Remove a member from a group (admins)',
          params: s.groupIdParams,
          body: s.emailBody,
          response: { 200: status },
        },
      },
      async (request) => {
        await groups.removeMember(requirePrincipal(request), request.params.group_id, request.body.email)
        return ok
      },
    )
  }
}
