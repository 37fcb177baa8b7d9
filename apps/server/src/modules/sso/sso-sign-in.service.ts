import { SSO_SIGN_IN_TTL_SECONDS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId, newSecret } from '../../lib/ids.js'
import type { ProviderRow } from './sso.repository.js'
import { resolveUser } from './sso-sign-in-accounts.js'
import {
  clockOf,
  oidcConfig,
  type SsoSignInDeps,
  type SsoSignInResult,
  samlConfig,
  takeState,
} from './sso-sign-in-deps.js'

export type { SignInPorts, SsoSignInDeps, SsoSignInResult } from './sso-sign-in-deps.js'

/**
 * Single sign-on: finding the provider for an email, sending the person to it, and turning its
 * verified answer into a session: the linked account, or the account with that address when
 * the domain is proved by the workspace, or (auto provisioning) a new account that joins as a
 * member.
 */
export function createSsoSignInService(deps: SsoSignInDeps) {
  const { repo, ports } = deps
  const now = clockOf(deps)

  async function finish(
    provider: ProviderRow,
    userId: string,
    userAgent: string | null,
    continuePath: string | null,
  ): Promise<SsoSignInResult> {
    const started = await ports.startSession(userId, userAgent, provider.workspace_id)
    if ('two_factor_required' in started) return { secondStep: started, continuePath }
    return { tokens: started, continuePath }
  }

  return {
    /** The provider for an address: one that lists its domain in a workspace that proved it. */
    async find(email: string) {
      const provider = email.includes('@') ? await repo.providerForEmail(email.trim()) : undefined
      if (!provider) throw new AppError('sso_provider_not_found')
      const settings = await repo.settings(provider.workspace_id)
      return { provider, ssoRequired: settings?.sso_required ?? false }
    },

    /** Where to send the browser to sign in with the provider. */
    async start(input: {
      providerId: string
      email?: string | undefined
      continuePath: string | null
      origin: string
    }) {
      const provider = await repo.findProvider(input.providerId)
      if (!provider) throw new AppError('identity_provider_not_found')
      const stateId = newSecret('')
      const expiresAt = new Date(now().getTime() + SSO_SIGN_IN_TTL_SECONDS * 1000)
      if (provider.type === 'oidc') {
        const redirectUri = `${input.origin}/v1/sso/oidc/callback`
        const started = await deps.oidc.start(oidcConfig(deps, provider), {
          redirectUri,
          state: stateId,
          loginHint: input.email,
        })
        await repo.insertState({
          id: stateId,
          providerId: provider.id,
          codeVerifier: started.codeVerifier,
          nonce: started.nonce,
          requestId: null,
          redirectUri,
          continuePath: input.continuePath,
          expiresAt,
        })
        return started.url
      }
      const requestId = `_${newId(32)}`
      const config = samlConfig(provider, input.origin)
      await repo.insertState({
        id: stateId,
        providerId: provider.id,
        codeVerifier: null,
        nonce: null,
        requestId,
        redirectUri: config.acsUrl,
        continuePath: input.continuePath,
        expiresAt,
      })
      return deps.saml.start(config, { relayState: stateId, requestId })
    },

    async finishOidc(query: URLSearchParams, userAgent: string | null) {
      const { state, provider } = await takeState(deps, query.get('state') ?? '')
      if (provider.type !== 'oidc' || !state.code_verifier || !state.nonce)
        throw new AppError('sso_sign_in_failed')
      if (query.get('error')) throw new AppError('sso_sign_in_failed')
      const claims = await deps.oidc.finish(oidcConfig(deps, provider), {
        redirectUri: state.redirect_uri,
        query,
        state: state.id,
        codeVerifier: state.code_verifier,
        nonce: state.nonce,
      })
      const userId = await resolveUser(deps, provider, claims)
      return finish(provider, userId, userAgent, state.continue_path)
    },

    async finishSaml(input: {
      samlResponse: string
      relayState: string
      origin: string
      userAgent: string | null
    }) {
      const { state, provider } = await takeState(deps, input.relayState)
      if (provider.type !== 'saml' || !state.request_id) throw new AppError('sso_sign_in_failed')
      const config = { ...samlConfig(provider, input.origin), acsUrl: state.redirect_uri }
      const claims = await deps.saml.finish(config, {
        samlResponse: input.samlResponse,
        relayState: input.relayState,
        requestId: state.request_id,
      })
      // The assertion was signed by the provider the workspace configured; it vouches for the address.
      const userId = await resolveUser(deps, provider, { ...claims, emailVerified: true })
      return finish(provider, userId, input.userAgent, state.continue_path)
    },

    async samlMetadata(providerId: string, origin: string): Promise<string> {
      const provider = await repo.findProvider(providerId)
      if (provider?.type !== 'saml') throw new AppError('identity_provider_not_found')
      return deps.saml.metadata(samlConfig(provider, origin))
    },

    /** False when a workspace of the user requires single sign-on (email and password refused). */
    async passwordSignInAllowed(userId: string): Promise<boolean> {
      return !(await repo.ssoRequiredFor(userId))
    },

    removeStaleStates: () => repo.deleteStaleStates(new Date(now().getTime() - 60 * 60 * 1000)),
  }
}

export type SsoSignInService = ReturnType<typeof createSsoSignInService>
