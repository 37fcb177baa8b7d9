import { PERMISSION_REQUEST_MESSAGE_MAX, REQUESTABLE_PERMISSIONS } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { PermissionRequestsService } from './permission-requests.service.js'

const tags = ['workspace']
const config = { apiKeys: false } as const
const request = z.object({
  request_id: z.string(),
  user_id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  permission: z.enum(REQUESTABLE_PERMISSIONS),
  message: z.string().nullable(),
  status: z.enum(['pending', 'granted', 'declined']),
  created_at_unix: z.number().int(),
  decided_at_unix: z.number().int().nullable(),
})
const params = z.object({ request_id: z.string().min(1).max(64) })
const ok = z.object({ status: z.literal('ok') })

export function permissionRequestsRoutes(service: PermissionRequestsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/workspace/permission-requests',
      {
        config,
        schema: {
          tags,
          summary: 'Ask the workspace admins for a permission you were refused',
          body: z.strictObject({
            permission: z.enum(REQUESTABLE_PERMISSIONS),
            message: z.string().max(PERMISSION_REQUEST_MESSAGE_MAX).optional(),
          }),
          response: { 201: request },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(requirePrincipal(req), req.body)),
    )

    app.get(
      '/v1/workspace/permission-requests',
      {
        config,
        schema: {
          tags,
          summary: 'Pending permission requests (admins), or your own requests',
          response: { 200: z.object({ requests: z.array(request) }) },
        },
      },
      async (req) => ({ requests: await service.list(requirePrincipal(req)) }),
    )

    app.post(
      '/v1/workspace/permission-requests/:request_id/grant',
      {
        config,
        schema: { tags, summary: 'Grant a permission request (admins)', params, response: { 200: ok } },
      },
      async (req) => {
        await service.grant(requirePrincipal(req), req.params.request_id)
        return { status: 'ok' as const }
      },
    )

    app.post(
      '/v1/workspace/permission-requests/:request_id/decline',
      {
        config,
        schema: { tags, summary: 'Decline a permission request (admins)', params, response: { 200: ok } },
      },
      async (req) => {
        await service.decline(requirePrincipal(req), req.params.request_id)
        return { status: 'ok' as const }
      },
    )
  }
}
