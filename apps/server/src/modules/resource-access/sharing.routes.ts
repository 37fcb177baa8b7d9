import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import * as s from './resource-access.schemas.js'
import type { SharingService } from './sharing.service.js'

const { tags, workspaceScope: config } = s

export function sharingRoutes(sharing: SharingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/workspace/resources/:resource_id',
      {
        config,
        schema: {
          tags,
          summary: 'Who a resource is shared with, and with whom it can still be shared',
          params: s.resourceParams,
          querystring: z.object({ resource_type: s.resourceType }),
          response: { 200: s.resourceMetadata },
        },
      },
      async (request) =>
        sharing.get(requirePrincipal(request), request.query.resource_type, request.params.resource_id),
    )

    app.post(
      '/v1/workspace/resources/:resource_id/share',
      {
        config,
        schema: {
          tags,
          summary: 'Share a resource with a user or a group',
          params: s.resourceParams,
          body: s.shareBody,
          response: { 200: z.object({}) },
        },
      },
      async (request) => {
        const { resource_type, ...input } = request.body
        await sharing.share(requirePrincipal(request), resource_type, request.params.resource_id, input)
        return {}
      },
    )

    app.post(
      '/v1/workspace/resources/:resource_id/unshare',
      {
        config,
        schema: {
          tags,
          summary: 'Stop sharing a resource with a user or a group',
          params: s.resourceParams,
          body: s.unshareBody,
          response: { 200: z.object({}) },
        },
      },
      async (request) => {
        const { resource_type, ...input } = request.body
        await sharing.unshare(requirePrincipal(request), resource_type, request.params.resource_id, input)
        return {}
      },
    )
  }
}
