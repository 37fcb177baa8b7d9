import { SSO_SIGN_IN_TTL_SECONDS } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import { newId, newSecret } from '../../lib/ids.js'
import type { SecretBox } from '../../lib/secret-box.js'
import type { SecondStepRequired, TokenPair } from '../accounts/accounts.module.js'
import type { OidcFlow } from './oidc-flow.js'
import type { SamlFlow, SamlProviderConfig } from './saml-flow.js'
import type { ProviderRow, SsoRepository } from './sso.repository.js'

/** What single sign-on needs from the accounts and workspaces domains. */
export interface SignInPorts {
  findUserByEmail(email: string, trx?: Transaction<DB>): Promise<{ id: string } | undefined>
  createUser(trx: Transaction<DB>, input: { email: string; firstName: string | null }): Promise<string>
  /** A session held to the workspace, or the second-factor step the account still owes. */
  startSession(
    userId: string,
    userAgent: string | null,
    workspaceId: string,
  ): Promise<TokenPair | SecondStepRequired>
  membership(
    workspaceId: string,
    userId: string,
  ): Promise<{ role: 'admin' | 'member'; state: 'enabled' | 'disabled' | 'locked'; isOwner: boolean } | null>
  maxSeats(workspaceId: string): Promise<number>
  join(
    trx: Transaction<DB>,
    input: { workspaceId: string; userId: string; maxSeats: number; now: Date },
  ): Promise<void>
  setCurrentWorkspace(userId: string, workspaceId: string, trx?: Transaction<DB>): Promise<void>
}

const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase()

/** How a finished sign-in ends: a session, or the code an account with two-factor still owes. */
export type SsoSignInResult = {
  continuePath: string | null
} & ({ tokens: TokenPair } | { secondStep: SecondStepRequired })

/**
 * Single sign-on: finding the provider for an email, sending the person to it, and turning its
 * verified answer into a session: the linked account, or the account with that address when
 * the domain is proved by the workspace, or (auto provisioning) a new account that joins as a
 * member.
 */
export function createSsoSignInService(deps: {
  repo: SsoRepository
  secrets: SecretBox
  oidc: OidcFlow
  saml: SamlFlow
  ports: SignInPorts
  now?: () => Date
}) {
  const { repo, ports } = deps
  const now = deps.now ?? (() => new Date())

  function samlConfig(provider: ProviderRow, origin: string): SamlProviderConfig {
    return {
      idpEntityId: provider.issuer,
      ssoUrl: provider.sso_url ?? '',
      certificates: provider.certificates,
      spEntityId: provider.client_id,
      acsUrl: `${origin}/v1/sso/saml/acs`,
    }
  }

  function oidcConfig(provider: ProviderRow) {
    return {
      issuer: provider.issuer,
      clientId: provider.client_id,
      clientSecret: deps.secrets.open(provider.client_secret_sealed ?? ''),
    }
  }

  /** Takes a sign-in state once; an unknown, used or expired one ends the attempt. */
  async function takeState(id: string) {
    const state = id ? await repo.findState(id) : undefined
    if (!state) throw new AppError('sso_sign_in_expired')
    if (state.expires_at.getTime() <= now().getTime()) throw new AppError('sso_sign_in_expired')
    if (!(await repo.useState(state.id, now()))) throw new AppError('sso_sign_in_expired')
    const provider = await repo.findProvider(state.provider_id)
    if (!provider) throw new AppError('sso_sign_in_expired')
    return { state, provider }
  }

  /** The account the verified identity signs in to, created or joined when the rules allow. */
  async function resolveUser(
    provider: ProviderRow,
    identity: { subject: string; email: string; emailVerified: boolean; name: string | null },
  ): Promise<string> {
    const workspaceId = provider.workspace_id
    const domain = emailDomain(identity.email)
    const linked = await repo.identityUser(provider.id, identity.subject)
    if (!linked) {
      // Matching an address to an account is only safe for a domain the workspace proved, and
      // for an address the provider itself vouches for.
      if (!identity.emailVerified || !provider.domains.includes(domain))
        throw new AppError('sso_domain_not_verified')
      if (!(await repo.isDomainPassed(workspaceId, domain))) throw new AppError('sso_domain_not_verified')
    }
    const existing = linked ? { id: linked } : await ports.findUserByEmail(identity.email)
    const membership = existing ? await ports.membership(workspaceId, existing.id) : null
    if (membership?.state === 'locked') throw new AppError('member_locked')
    if (membership?.state === 'disabled') throw new AppError('member_disabled_by_identity_provider')
    const settings = await repo.settings(workspaceId)
    if (!membership && !settings?.auto_provisioning_enabled) throw new AppError('sso_user_not_provisioned')
    const maxSeats = membership ? 0 : await ports.maxSeats(workspaceId)
    return repo.transaction(async (trx) => {
      const userId =
        existing?.id ??
        (await ports.createUser(trx, { email: identity.email.trim(), firstName: identity.name }))
      if (!membership) await ports.join(trx, { workspaceId, userId, maxSeats, now: now() })
      await repo.linkIdentity(trx, provider.id, identity.subject, userId)
      await ports.setCurrentWorkspace(userId, workspaceId, trx)
      return userId
    })
  }

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
        const started = await deps.oidc.start(oidcConfig(provider), {
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
      const { state, provider } = await takeState(query.get('state') ?? '')
      if (provider.type !== 'oidc' || !state.code_verifier || !state.nonce)
        throw new AppError('sso_sign_in_failed')
      if (query.get('error')) throw new AppError('sso_sign_in_failed')
      const claims = await deps.oidc.finish(oidcConfig(provider), {
        redirectUri: state.redirect_uri,
        query,
        state: state.id,
        codeVerifier: state.code_verifier,
        nonce: state.nonce,
      })
      const userId = await resolveUser(provider, claims)
      return finish(provider, userId, userAgent, state.continue_path)
    },

    async finishSaml(input: {
      samlResponse: string
      relayState: string
      origin: string
      userAgent: string | null
    }) {
      const { state, provider } = await takeState(input.relayState)
      if (provider.type !== 'saml' || !state.request_id) throw new AppError('sso_sign_in_failed')
      const config = { ...samlConfig(provider, input.origin), acsUrl: state.redirect_uri }
      const claims = await deps.saml.finish(config, {
        samlResponse: input.samlResponse,
        relayState: input.relayState,
        requestId: state.request_id,
      })
      // The assertion was signed by the provider the workspace configured; it vouches for the address.
      const userId = await resolveUser(provider, { ...claims, emailVerified: true })
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
