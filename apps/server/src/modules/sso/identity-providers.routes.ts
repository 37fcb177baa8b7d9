import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { ProviderRow } from './sso.repository.js'
import * as s from './sso.schemas.js'
import type { SsoService } from './sso.service.js'

const tags = ['sso']
const config = { scope: 'workspace' as const }
const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null)

function providerView(p: ProviderRow, origin: string): z.infer<typeof s.providerModel> {
  const common = {
    provider_id: p.id,
    type: p.type,
    name: p.name,
    issuer: p.issuer,
    certificates: p.certificates,
    domains: p.domains,
    created_at_unix: unix(p.created_at) ?? 0,
  }
  if (p.type === 'oidc')
    return {
      ...common,
      client_id: p.client_id,
      has_client_secret: p.client_secret_sealed !== null,
      redirect_uri: `${origin}/v1/sso/oidc/callback`,
    }
  return {
    ...common,
    entity_id: p.issuer,
    has_client_secret: false,
    ...(p.sso_url ? { sso_url: p.sso_url } : {}),
    sp_entity_id: p.client_id,
    acs_url: `${origin}/v1/sso/saml/acs`,
  }
}

/** A workspace's identity providers (admins). */
export function identityProvidersRoutes(sso: SsoService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/identity-providers',
      {
        config,
        schema: {
          tags,
          summary: "The workspace's identity providers (admins)",
          response: { 200: z.object({ identity_providers: z.array(s.providerModel) }) },
        },
      },
      async (request) => ({
        identity_providers: (await sso.listProviders(requirePrincipal(request))).map((p) =>
          providerView(p, request.siteOrigin),
        ),
      }),
    )

    app.post(
      '/v1/identity-providers',
      {
        config,
        schema: {
          tags,
          summary: 'Set up the OIDC or SAML identity provider (admins)',
          body: s.providerBody,
          response: { 200: s.providerModel },
        },
      },
      async (request) =>
        providerView(
          await sso.createProvider(requirePrincipal(request), request.body, request.siteOrigin),
          request.siteOrigin,
        ),
    )

    app.get(
      '/v1/identity-providers/:provider_id',
      {
        config,
        schema: {
          tags,
          summary: 'One identity provider (admins)',
          params: s.providerParams,
          response: { 200: s.providerModel },
        },
      },
      async (request) =>
        providerView(
          await sso.getProvider(requirePrincipal(request), request.params.provider_id),
          request.siteOrigin,
        ),
    )

    app.patch(
      '/v1/identity-providers/:provider_id',
      {
        config,
        schema: {
          tags,
          summary: 'Change the identity provider; an empty client secret keeps the stored one (admins)',
          params: s.providerParams,
          body: s.providerPatchBody,
          response: { 200: s.providerModel },
        },
      },
      async (request) =>
        providerView(
          await sso.updateProvider(
            requirePrincipal(request),
            request.params.provider_id,
            request.body,
            request.siteOrigin,
          ),
          request.siteOrigin,
        ),
    )

    app.delete(
      '/v1/identity-providers/:provider_id',
      {
        config,
        schema: {
          tags,
          summary: 'Remove the identity provider (admins)',
          params: s.providerParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await sso.deleteProvider(requirePrincipal(request), request.params.provider_id)
        return reply.status(204).send(null)
      },
    )
  }
}
