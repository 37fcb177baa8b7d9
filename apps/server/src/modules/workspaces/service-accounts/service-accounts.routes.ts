import { API_KEY_NAME_MAX } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import type { ServiceAccountsService } from './service-accounts.service.js'

const tags = ['service accounts']
// The public API names some of these fields with hyphens ('service-accounts', 'api-keys',
// 'service-account-user-id', 'xi-api-key'); its SDKs read exactly those.
const config = { scope: 'workspace' as const }
const accountParams = z.object({ service_account_user_id: z.string().min(1).max(64) })
const keyParams = accountParams.extend({ api_key_id: z.string().min(1).max(64) })
const keyName = z.string().trim().min(1, 'API key names are required.').max(API_KEY_NAME_MAX)
const permissions = z.union([z.array(z.string().max(64)).max(100), z.literal('all')])

const apiKey = z.object({
  name: z.string(),
  hint: z.string(),
  key_id: z.string(),
  service_account_user_id: z.string(),
  created_at_unix: z.number(),
  is_disabled: z.boolean(),
  permissions: z.array(z.string()).optional(),
  character_limit: z.number().optional(),
  character_count: z.number(),
  hashed_xi_api_key: z.string(),
})

export function serviceAccountsRoutes(accounts: ServiceAccountsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/service-accounts',
      {
        config,
        schema: {
          tags,
          summary: 'The service accounts of the workspace with their keys (admins)',
          response: {
            200: z.object({
              'service-accounts': z.array(
                z.object({
                  service_account_user_id: z.string(),
                  name: z.string(),
                  created_at_unix: z.number(),
                  'api-keys': z.array(apiKey),
                }),
              ),
            }),
          },
        },
      },
      async (request) => ({
        'service-accounts': (await accounts.list(requirePrincipal(request))).map(({ api_keys, ...rest }) => ({
          ...rest,
          'api-keys': api_keys,
        })),
      }),
    )

    app.post(
      '/v1/service-accounts',
      {
        config,
        schema: {
          tags,
          summary: 'Create a service account (admins, paid plans)',
          body: z.object({
            name: z.string().max(100),
            default_sharing_groups: z.array(z.unknown()).max(50).optional(),
          }),
          response: { 200: z.object({ 'service-account-user-id': z.string() }) },
        },
      },
      async (request) => {
        const created = await accounts.create(requirePrincipal(request), request.body.name)
        return { 'service-account-user-id': created.service_account_user_id }
      },
    )

    app.delete(
      '/v1/service-accounts/:service_account_user_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a service account that has no API keys left (admins)',
          params: accountParams,
          response: { 200: z.object({ status: z.string() }) },
        },
      },
      async (request) => {
        await accounts.remove(requirePrincipal(request), request.params.service_account_user_id)
        return { status: 'ok' }
      },
    )

    app.get(
      '/v1/service-accounts/:service_account_user_id/api-keys',
      {
        config,
        schema: {
          tags,
          summary: 'The API keys of a service account (admins)',
          params: accountParams,
          response: { 200: z.object({ 'api-keys': z.array(apiKey) }) },
        },
      },
      async (request) => ({
        'api-keys': await accounts.listKeys(
          requirePrincipal(request),
          request.params.service_account_user_id,
        ),
      }),
    )

    app.post(
      '/v1/service-accounts/:service_account_user_id/api-keys',
      {
        config,
        schema: {
          tags,
          summary: 'Create an API key of a service account (shown once; admins)',
          params: accountParams,
          body: z.object({
            name: keyName,
            permissions,
            character_limit: z.number().int().min(0).max(1_000_000_000).optional(),
          }),
          response: { 200: z.object({ 'xi-api-key': z.string(), key_id: z.string() }) },
        },
      },
      async (request) => {
        const { service_account_user_id: id } = request.params
        const created = await accounts.createKey(requirePrincipal(request), id, request.body)
        return { 'xi-api-key': created.xi_api_key, key_id: created.key_id }
      },
    )

    app.patch(
      '/v1/service-accounts/:service_account_user_id/api-keys/:api_key_id',
      {
        config,
        schema: {
          tags,
          summary: 'Rename, enable or disable, or change an API key of a service account (admins)',
          params: keyParams,
          body: z.object({
            name: keyName.optional(),
            is_enabled: z.union([z.boolean(), z.literal('no_update')]).optional(),
            permissions: z.union([permissions, z.literal('no_update')]).optional(),
            character_limit: z
              .union([z.number().int().min(0).max(1_000_000_000), z.literal('clear'), z.literal('no_update')])
              .optional(),
          }),
          response: { 200: z.object({}) },
        },
      },
      async (request) => {
        const { service_account_user_id, api_key_id } = request.params
        await accounts.updateKey(requirePrincipal(request), service_account_user_id, api_key_id, request.body)
        return {}
      },
    )

    app.delete(
      '/v1/service-accounts/:service_account_user_id/api-keys/:api_key_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete an API key of a service account (admins)',
          params: keyParams,
          response: { 200: z.object({}) },
        },
      },
      async (request) => {
        const { service_account_user_id, api_key_id } = request.params
        await accounts.deleteKey(requirePrincipal(request), service_account_user_id, api_key_id)
        return {}
      },
    )

    app.post(
      '/v1/workspaces/api-keys/disable',
      {
        // Any key may switch itself off, whatever its scopes.
        config: { apiKeys: 'any-scope' as const },
        schema: {
          tags,
          summary: 'Disable the API key this call is made with',
          querystring: z.object({ api_key_name: z.string().max(100) }),
          response: { 200: z.object({}) },
        },
      },
      async (request) => {
        await accounts.disableOwnKey(requirePrincipal(request), request.query.api_key_name)
        return {}
      },
    )
  }
}
