import { SECRET_NAME_MAX, SECRET_VALUE_MAX } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import type { SecretsService } from './secrets.service.js'

// The public API's workspace secrets, under its conversational AI paths.
const tags = ['workspace']
const config = { scope: 'convai' as const }
const params = z.object({ secret_id: z.string().min(1).max(64) })
const body = z.object({ name: z.string().max(SECRET_NAME_MAX), value: z.string().max(SECRET_VALUE_MAX) })
const usedBy = z.object({
  tools: z.array(z.unknown()),
  agents: z.array(z.unknown()),
  phone_numbers: z.array(z.unknown()),
  mcp_servers: z.array(z.unknown()),
  others: z.array(z.string()),
})
const secret = z.object({
  type: z.literal('stored'),
  secret_id: z.string(),
  name: z.string(),
  // Beyond the public API's fields: the settings screen shows when a secret was added.
  created_at_unix: z.number().int(),
  used_by: usedBy,
})
const saved = z.object({ type: z.literal('stored'), secret_id: z.string(), name: z.string() })

export function secretsRoutes(secrets: SecretsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/convai/secrets',
      {
        config,
        schema: {
          tags,
          summary: 'The workspace secrets (names only; values are never returned)',
          querystring: z.object({
            search: z.string().max(SECRET_NAME_MAX).optional(),
            page_size: z.coerce.number().int().min(1).max(100).optional(),
            dependency_limit: z.coerce.number().int().min(0).max(100).optional(),
            cursor: z.string().max(200).optional(),
          }),
          response: { 200: z.object({ secrets: z.array(secret) }) },
        },
      },
      async (request) => secrets.list(requirePrincipal(request), request.query.search),
    )

    app.post(
      '/v1/convai/secrets',
      {
        config,
        schema: { tags, summary: 'Add a secret (admins)', body, response: { 200: saved } },
      },
      async (request) => secrets.create(requirePrincipal(request), request.body),
    )

    app.get(
      '/v1/convai/secrets/:secret_id',
      {
        config,
        schema: { tags, summary: 'One secret (its name)', params, response: { 200: secret } },
      },
      async (request) => secrets.get(requirePrincipal(request), request.params.secret_id),
    )

    app.patch(
      '/v1/convai/secrets/:secret_id',
      {
        config,
        schema: {
          tags,
          summary: 'Rename a secret and replace its value (admins)',
          params,
          body,
          response: { 200: saved },
        },
      },
      async (request) => secrets.update(requirePrincipal(request), request.params.secret_id, request.body),
    )

    app.delete(
      '/v1/convai/secrets/:secret_id',
      {
        config,
        schema: { tags, summary: 'Delete a secret (admins)', params, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await secrets.remove(requirePrincipal(request), request.params.secret_id)
        return reply.status(204).send(null)
      },
    )
  }
}
