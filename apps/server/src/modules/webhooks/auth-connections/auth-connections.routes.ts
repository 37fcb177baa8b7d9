import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import { connectionModel, connectionParams, createBody, updateBody } from './auth-connections.schemas.js'
import type { AuthConnectionsService } from './auth-connections.service.js'

const tags = ['webhooks']
const config = { scope: 'workspace' as const }

export function authConnectionsRoutes(connections: AuthConnectionsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/workspace/auth-connections',
      {
        config,
        schema: {
          tags,
          summary: 'The auth connections of the workspace, without their credentials (admins)',
          response: { 200: z.object({ auth_connections: z.array(connectionModel) }) },
        },
      },
      async (request) => ({ auth_connections: await connections.list(requirePrincipal(request)) }),
    )

    app.post(
      '/v1/workspace/auth-connections',
      {
        config,
        schema: {
          tags,
          summary: 'Create an OAuth2 client-credentials or mTLS auth connection (admins)',
          body: createBody,
          response: { 200: connectionModel },
        },
      },
      async (request) => connections.create(requirePrincipal(request), request.body),
    )

    app.patch(
      '/v1/workspace/auth-connections/:auth_connection_id',
      {
        config,
        schema: {
          tags,
          summary: 'Change an OAuth2 client-credentials connection (admins)',
          params: connectionParams,
          body: updateBody,
          response: { 200: connectionModel },
        },
      },
      async (request) =>
        connections.update(requirePrincipal(request), request.params.auth_connection_id, request.body),
    )

    app.delete(
      '/v1/workspace/auth-connections/:auth_connection_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete an auth connection no webhook uses (admins)',
          params: connectionParams,
          response: { 200: z.object({}) },
        },
      },
      async (request) => {
        await connections.remove(requirePrincipal(request), request.params.auth_connection_id)
        return {}
      },
    )
  }
}
