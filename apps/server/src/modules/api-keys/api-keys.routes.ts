import { API_KEY_NAME_MAX, API_KEY_SCOPES } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { ApiKeysService } from './api-keys.service.js'

const tags = ['api keys']
// Managing keys needs a signed-in session: a key must not mint or widen keys.
const config = { apiKeys: false }

const name = z.string().trim().min(1, 'API key names are required.').max(API_KEY_NAME_MAX)
const permissions = z.array(z.enum(API_KEY_SCOPES)).max(API_KEY_SCOPES.length).nullable()
const characterLimit = z.number().int().min(0).max(1_000_000_000).nullable()
const keyId = z.object({ key_id: z.string().min(1).max(64) })

const apiKey = z.object({
  key_id: z.string(),
  name: z.string(),
  hint: z.string(),
  permissions: z.array(z.string()).nullable(),
  character_limit: z.number().nullable(),
  character_count: z.number(),
  is_disabled: z.boolean(),
  created_at_unix: z.number(),
})

export function apiKeysRoutes(keys: ApiKeysService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/user/api-keys',
      {
        config,
        schema: {
          tags,
          summary: 'List your API keys',
          response: { 200: z.object({ api_keys: z.array(apiKey) }) },
        },
      },
      async (request) => ({ api_keys: await keys.list(requirePrincipal(request)) }),
    )

    app.post(
      '/v1/user/api-keys',
      {
        // A workspace can take the creation of user API keys away from a group.
        config: { ...config, verifiedEmail: true, permission: 'create_user_api_key' as const },
        schema: {
          tags,
          summary: 'Create an API key (shown once)',
          body: z.strictObject({
            name,
            permissions: permissions.optional(),
            character_limit: characterLimit.optional(),
          }),
          response: { 201: z.object({ api_key: z.string(), key_id: z.string(), hint: z.string() }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await keys.create(requirePrincipal(request), request.body)),
    )

    app.patch(
      '/v1/user/api-keys/:key_id',
      {
        config,
        schema: {
          tags,
          summary: 'Rename, enable or disable, or change the limits of an API key',
          params: keyId,
          body: z.strictObject({
            name: name.optional(),
            is_disabled: z.boolean().optional(),
            permissions: permissions.optional(),
            character_limit: characterLimit.optional(),
          }),
          response: { 200: apiKey },
        },
      },
      async (request) => keys.update(requirePrincipal(request), request.params.key_id, request.body),
    )

    app.delete(
      '/v1/user/api-keys/:key_id',
      { config, schema: { tags, summary: 'Delete an API key', params: keyId, response: { 204: z.null() } } },
      async (request, reply) => {
        await keys.remove(requirePrincipal(request), request.params.key_id)
        return reply.status(204).send(null)
      },
    )

    app.get(
      '/v1/workspace/api-keys',
      {
        config: { scope: 'workspace' as const },
        schema: {
          tags,
          summary: 'Every API key of the workspace with its owner (admins)',
          response: {
            200: z.object({
              api_keys: z.array(
                apiKey.extend({
                  owner_user_id: z.string(),
                  owner_email: z.string(),
                  service_account_name: z.string().nullable(),
                }),
              ),
            }),
          },
        },
      },
      async (request) => ({ api_keys: await keys.listWorkspace(requirePrincipal(request)) }),
    )

    app.post(
      '/v1/workspace/api-keys/disable',
      {
        config: { scope: 'workspace' as const },
        schema: {
          tags,
          summary: 'Disable several API keys of the workspace at once (admins)',
          body: z.object({ key_ids: z.array(z.string().min(1).max(64)).min(1).max(500) }),
          response: { 200: z.object({ disabled: z.number() }) },
        },
      },
      async (request) => ({
        disabled: await keys.disableInWorkspace(requirePrincipal(request), request.body.key_ids),
      }),
    )
  }
}
