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
import * as s from './sso.schemas.js'
import type { SsoSignInResult, SsoSignInService } from './sso-sign-in.service.js'

const tags = ['sso']
const publicCall = { auth: 'public' as const, rateLimit: { max: 30, timeWindow: '1 minute' } }

/** The sign-in round trip through the identity provider (public): start, callbacks, metadata. */
export function ssoSignInRoutes(
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
  }
}
