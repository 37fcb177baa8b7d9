import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import {
  accountParams,
  apiKey,
  config,
  keyName,
  keyParams,
  permissions,
  tags,
} from './service-accounts.schemas.js'
import type { ServiceAccountsService } from './service-accounts.service.js'

/** The API keys of a service account, and a key switching itself off. */
export function serviceAccountKeysRoutes(accounts: ServiceAccountsService): FastifyPluginAsyncZod {
  return async (app) => {
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
