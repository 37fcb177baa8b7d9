import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { identityProvidersRoutes } from './identity-providers.routes.js'
import type { SsoService } from './sso.service.js'
import { ssoDomainsRoutes } from './sso-domains.routes.js'
import { ssoSignInRoutes } from './sso-sign-in.routes.js'
import type { SsoSignInService } from './sso-sign-in.service.js'

/** Single sign-on's routes, sharing the form body parser the SAML callback needs. */
export function ssoRoutes(
  sso: SsoService,
  signIn: SsoSignInService,
  options: { secureCookies: boolean },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
    await app.register(ssoSignInRoutes(signIn, options))
    await app.register(identityProvidersRoutes(sso))
    await app.register(ssoDomainsRoutes(sso))
  }
}
