import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { MembersService } from './members.service.js'
import * as s from './workspaces.schemas.js'

const { tags, workspaceScope: config, status } = s
const ok = { status: 'ok' }

/** The members of the workspace, as admins change them, and the owner's hand-over. */
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
  }
}
