import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import { accountParams, apiKey, config, tags } from './service-accounts.schemas.js'
import type { ServiceAccountsService } from './service-accounts.service.js'

/** The service accounts themselves: list (with their keys), create and delete. */
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
  }
}
