import type * as Oidc from 'openid-client'
import { AppError } from '../../errors.js'
import type { OutboundFetch, OutboundPolicy } from './provider-url.js'

export interface OidcProviderConfig {
  issuer: string
  clientId: string
  clientSecret: string
}

export interface OidcClaims {
  subject: string
  email: string
  emailVerified: boolean
  name: string | null
}

/** The OpenID client is loaded on the first single sign-on, not at start. */
const openidClient = () => import('openid-client')

/**
 * The authorization code flow with PKCE through openid-client: discovery from the issuer, the
 * state and nonce checked on return, the ID token's signature, issuer, audience and expiry
 * verified by the library. Every request goes through the outbound fetch (address rules).
 */
export function createOidcFlow(deps: { fetch: OutboundFetch; policy: OutboundPolicy }) {
  async function discover(provider: OidcProviderConfig): Promise<Oidc.Configuration> {
    const oidc = await openidClient()
    const issuer = new URL(provider.issuer)
    try {
      return await oidc.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
        [oidc.customFetch]: deps.fetch as Oidc.CustomFetch,
        // Plain HTTP only reaches here for a loopback issuer the operator allowed.
        ...(issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
        timeout: 10,
      })
    } catch {
      throw new AppError('sso_provider_unreachable')
    }
  }

  return {
    /** Checks at save time that the issuer answers with a usable discovery document. */
    async check(provider: OidcProviderConfig): Promise<void> {
      await discover(provider)
    },

    async start(
      provider: OidcProviderConfig,
      input: { redirectUri: string; state: string; loginHint?: string | undefined },
    ) {
      const config = await discover(provider)
      const oidc = await openidClient()
      const codeVerifier = oidc.randomPKCECodeVerifier()
      const nonce = oidc.randomNonce()
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: input.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: input.state,
        nonce,
        ...(input.loginHint ? { login_hint: input.loginHint } : {}),
      })
      return { url: url.toString(), codeVerifier, nonce }
    },

    async finish(
      provider: OidcProviderConfig,
      input: {
        redirectUri: string
        query: URLSearchParams
        state: string
        codeVerifier: string
        nonce: string
      },
    ): Promise<OidcClaims> {
      const config = await discover(provider)
      const oidc = await openidClient()
      const current = new URL(input.redirectUri)
      for (const [k, v] of input.query) current.searchParams.append(k, v)
      let claims: Record<string, unknown> & { sub: string }
      try {
        const tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: input.codeVerifier,
          expectedState: input.state,
          expectedNonce: input.nonce,
          idTokenExpected: true,
        })
        const idToken = tokens.claims()
        if (!idToken) throw new Error('no ID token')
        claims = idToken
        // Providers may keep profile claims out of the ID token and serve them at the userinfo
        // endpoint; its answer must name the same subject.
        if (typeof idToken.email !== 'string')
          claims = {
            ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)),
            sub: idToken.sub,
          }
      } catch {
        throw new AppError('sso_sign_in_failed')
      }
      if (typeof claims.email !== 'string') throw new AppError('sso_sign_in_failed')
      const name = [claims.given_name, claims.family_name].filter((p) => typeof p === 'string').join(' ')
      return {
        subject: claims.sub,
        email: claims.email,
        // An issuer that says the address is unverified is not trusted with it.
        emailVerified: claims.email_verified !== false,
        name: typeof claims.name === 'string' ? claims.name : name || null,
      }
    },
  }
}

export type OidcFlow = ReturnType<typeof createOidcFlow>
