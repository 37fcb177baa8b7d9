import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requestLocale } from '../../lib/html/request-locale.js'
import { requirePrincipal } from '../../plugins/auth.js'
import type { SiteAddress } from '../../plugins/site-address.js'
import type { InvitesService } from './invites.service.js'
import * as s from './workspaces.schemas.js'

const { tags, workspaceScope: config, status } = s
const ok = { status: 'ok' }
// Accepting or declining is done by the invited person, signed in with the invited address.
const personal = { apiKeys: false }

export function invitesRoutes(invites: InvitesService, site: SiteAddress): FastifyPluginAsyncZod {
  const inviteSite = (request: FastifyRequest) => ({
    origin: site.originFor(request),
    locale: requestLocale(request.headers['accept-language']),
  })
  return async (app) => {
    app.post(
      '/v1/workspace/invites/add',
      {
        config,
        schema: {
          tags,
          summary: 'Invite someone by email (admins)',
          body: s.inviteBody,
          response: { 200: status },
        },
      },
      async (request) => {
        await invites.invite(requirePrincipal(request), inviteSite(request), request.body)
        return ok
      },
    )

    app.post(
      '/v1/workspace/invites/add-bulk',
      {
        config,
        schema: {
          tags,
          summary: 'Invite several addresses at once (enterprise workspaces)',
          body: s.bulkInviteBody,
          response: { 200: status },
        },
      },
      async (request) => {
        await invites.inviteBulk(requirePrincipal(request), inviteSite(request), request.body)
        return ok
      },
    )

    app.get(
      '/v1/workspace/invites',
      {
        config,
        schema: {
          tags,
          summary: 'Pending invites (admins)',
          response: { 200: z.object({ invites: z.array(s.invite) }) },
        },
      },
      async (request) => ({ invites: await invites.list(requirePrincipal(request)) }),
    )

    app.delete(
      '/v1/workspace/invites',
      {
        config,
        schema: {
          tags,
          summary: 'Withdraw an invite (admins)',
          body: s.emailBody,
          response: { 200: status },
        },
      },
      async (request) => {
        await invites.remove(requirePrincipal(request), request.body.email)
        return ok
      },
    )

    app.get(
      '/v1/workspace/invites/:code',
      {
        config: personal,
        schema: {
          tags,
          summary: 'An invite as its mailed code shows it: the workspace and who sent it',
          params: s.inviteCode,
          response: { 200: s.invitePreview },
        },
      },
      async (request) => invites.preview(requirePrincipal(request), request.params.code),
    )

    app.post(
      '/v1/workspace/invites/:code/accept',
      {
        config: personal,
        schema: {
          tags,
          summary: 'Accept an invite: join the workspace and work in it',
          params: s.inviteCode,
          response: { 200: s.acceptResponse },
        },
      },
      async (request) => invites.accept(requirePrincipal(request), request.params.code),
    )

    app.post(
      '/v1/workspace/invites/:code/decline',
      {
        config: personal,
        schema: { tags, summary: 'Decline an invite', params: s.inviteCode, response: { 200: status } },
      },
      async (request) => {
        await invites.decline(requirePrincipal(request), request.params.code)
        return ok
      },
    )
  }
}
