import {
  SESSION_COOKIE_MAX_AGE_SECONDS,
  SESSION_COOKIE_NAME,
  SSO_ERROR_QUERY,
  SSO_SECOND_STEP_FRAGMENT,
  safeRedirectPath,
} from '@timbre/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.js'
import { requirePrincipal } from '../../plugins/auth.js'
import { verificationRecord } from './domain-dns.js'
import type { ProviderRow } from './sso.repository.js'
import * as s from './sso.schemas.js'
import type { Guidance, SsoService } from './sso.service.js'
import type { SsoSignInResult, SsoSignInService } from './sso-sign-in.service.js'

const tags = ['sso']
const config = { scope: 'workspace' as const }
const publicCall = { auth: 'public' as const, rateLimit: { max: 30, timeWindow: '1 minute' } }
const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null)
const STATUS = { pending: 'Pending', passed: 'Passed', unknown: 'Unknown' } as const

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

type DomainRow = Awaited<ReturnType<SsoService['listDomains']>>[number]
function domainView(d: DomainRow, guidance: Guidance | null = null): z.infer<typeof s.domainModel> {
  return {
    domain_id: d.id,
    domain: d.domain,
    status: STATUS[d.status],
    verification_record: verificationRecord(d.domain, d.verification_code),
    last_checked_unix: unix(d.last_checked_at),
    verified_at_unix: unix(d.verified_at),
    guidance,
  }
}

function settingsView(v: Awaited<ReturnType<SsoService['settings']>>): z.infer<typeof s.settingsModel> {
  return {
    sso_required: v.sso_required,
    user_auto_provisioning: {
      enabled: v.auto_provisioning_enabled,
      enabled_at_unix: unix(v.auto_provisioning_enabled_at),
      enabled_by_user_email: v.auto_provisioning_enabled_by,
    },
  }
}

export function ssoRoutes(
  sso: SsoService,
  signIn: SsoSignInService,
  options: { secureCookies: boolean },
): FastifyPluginAsyncZod {
  // The same session cookie as an email-and-password sign-in: the web app picks the session up
  // with its usual refresh. An account with two-factor on gets no session yet: the sign-in page
  // asks for its code, with the second-step token in the fragment.
  const finishWithSession = (request: FastifyRequest, reply: FastifyReply, result: SsoSignInResult) => {
    const target = safeRedirectPath(result.continuePath) ?? '/'
    if ('secondStep' in result) {
      const query = target === '/' ? '' : `?${new URLSearchParams({ redirect: target })}`
      const fragment = new URLSearchParams({ [SSO_SECOND_STEP_FRAGMENT]: result.secondStep.mfa_token })
      return reply.redirect(`/sign-in${query}#${fragment}`, 303)
    }
    return reply
      .setCookie(SESSION_COOKIE_NAME, result.tokens.refresh_token, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: options.secureCookies || request.protocol === 'https',
        maxAge: SESSION_COOKIE_MAX_AGE_SECONDS,
      })
      .redirect(target, 303)
  }
  // A failed sign-in lands on the sign-in page with the reason, never on an error body.
  const failTo = (reply: FastifyReply, error: unknown) => {
    const code = error instanceof AppError ? error.code : 'sso_sign_in_failed'
    if (!(error instanceof AppError)) reply.log.warn({ err: error }, 'single sign-on failed')
    return reply.redirect(`/sign-in?${SSO_ERROR_QUERY}=${encodeURIComponent(code)}`, 303)
  }

  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )

    app.get(
      '/v1/find-sso-provider',
      {
        config: publicCall,
        schema: {
          tags,
          summary: 'The single sign-on provider for an email address (by its verified domain)',
          querystring: s.findQuery,
          response: { 200: s.findModel },
        },
      },
      async (request) => {
        const found = await signIn.find(request.query.email)
        const url = new URL('/v1/sso/sign-in', request.siteOrigin)
        url.searchParams.set('provider_id', found.provider.id)
        url.searchParams.set('email', request.query.email.trim())
        return {
          provider_id: found.provider.id,
          type: found.provider.type,
          name: found.provider.name,
          sso_required: found.ssoRequired,
          sign_in_url: `${url.pathname}${url.search}`,
        }
      },
    )

    app.get(
      '/v1/sso/sign-in',
      {
        config: publicCall,
        schema: { tags, summary: 'Sends the browser to the identity provider', querystring: s.startQuery },
      },
      async (request, reply) => {
        try {
          const url = await signIn.start({
            providerId: request.query.provider_id,
            email: request.query.email,
            continuePath: safeRedirectPath(request.query.continue),
            origin: request.siteOrigin,
          })
          return reply.redirect(url, 303)
        } catch (error) {
          return failTo(reply, error)
        }
      },
    )

    app.get(
      '/v1/sso/oidc/callback',
      {
        config: publicCall,
        schema: { tags, summary: 'Where the OpenID Connect provider sends the browser back' },
      },
      async (request, reply) => {
        const query = new URLSearchParams(request.url.split('?')[1] ?? '')
        try {
          return finishWithSession(
            request,
            reply,
            await signIn.finishOidc(query, request.headers['user-agent'] ?? null),
          )
        } catch (error) {
          return failTo(reply, error)
        }
      },
    )

    app.post(
      '/v1/sso/saml/acs',
      {
        config: publicCall,
        schema: {
          tags,
          summary: 'Assertion consumer service: the SAML provider posts its signed response here',
          body: z.object({ SAMLResponse: z.string().max(500_000), RelayState: z.string().max(200) }),
        },
      },
      async (request, reply) => {
        try {
          const result = await signIn.finishSaml({
            samlResponse: request.body.SAMLResponse,
            relayState: request.body.RelayState,
            origin: request.siteOrigin,
            userAgent: request.headers['user-agent'] ?? null,
          })
          return finishWithSession(request, reply, result)
        } catch (error) {
          return failTo(reply, error)
        }
      },
    )

    app.get(
      '/v1/sso/saml/:provider_id/metadata',
      {
        config: publicCall,
        schema: { tags, summary: "This site's SAML service provider metadata", params: s.providerParams },
      },
      async (request, reply) =>
        reply
          .type('application/samlmetadata+xml')
          .send(await signIn.samlMetadata(request.params.provider_id, request.siteOrigin)),
    )

    // identity providers (admins)

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

    // verified domains (admins)

    app.get(
      '/v1/workspace/domains',
      {
        config,
        schema: {
          tags,
          summary: "The workspace's domains and their DNS verification state (admins)",
          response: { 200: z.object({ domains: z.array(s.domainModel) }) },
        },
      },
      async (request) => ({
        domains: (await sso.listDomains(requirePrincipal(request))).map((d) => domainView(d)),
      }),
    )

    app.post(
      '/v1/workspace/domains',
      {
        config,
        schema: {
          tags,
          summary: 'Add a domain to verify; the answer names the TXT record to add (admins)',
          body: z.object({ domain: z.string().max(253) }),
          response: { 200: s.domainModel },
        },
      },
      async (request) => domainView(await sso.addDomain(requirePrincipal(request), request.body.domain)),
    )

    app.post(
      '/v1/workspace/domains/:domain_id/verify',
      {
        config,
        schema: {
          tags,
          summary: 'Look the TXT record up now: Passed, Pending or Unknown, with guidance (admins)',
          params: s.domainParams,
          response: { 200: s.domainModel },
        },
      },
      async (request) => {
        const result = await sso.verifyDomain(requirePrincipal(request), request.params.domain_id)
        return domainView(result.domain, result.guidance)
      },
    )

    app.delete(
      '/v1/workspace/domains/:domain_id',
      {
        config,
        schema: {
          tags,
          summary: 'Remove a domain (admins)',
          params: s.domainParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await sso.deleteDomain(requirePrincipal(request), request.params.domain_id)
        return reply.status(204).send(null)
      },
    )

    // settings (admins)

    app.get(
      '/v1/workspace/sso-settings',
      {
        config,
        schema: {
          tags,
          summary: 'Whether SSO is required, and user auto provisioning (admins)',
          response: { 200: s.settingsModel },
        },
      },
      async (request) => settingsView(await sso.settings(requirePrincipal(request))),
    )

    app.patch(
      '/v1/workspace/sso-settings',
      {
        config,
        schema: {
          tags,
          summary: 'Require SSO (email and password refused) or switch auto provisioning (admins)',
          body: s.settingsBody,
          response: { 200: s.settingsModel },
        },
      },
      async (request) => settingsView(await sso.updateSettings(requirePrincipal(request), request.body)),
    )
  }
}
