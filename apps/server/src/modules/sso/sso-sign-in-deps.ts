import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
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

export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase()

/** How a finished sign-in ends: a session, or the code an account with two-factor still owes. */
export type SsoSignInResult = {
  continuePath: string | null
} & ({ tokens: TokenPair } | { secondStep: SecondStepRequired })

export interface SsoSignInDeps {
  repo: SsoRepository
  secrets: SecretBox
  oidc: OidcFlow
  saml: SamlFlow
  ports: SignInPorts
  now?: () => Date
}

/** The service's clock (the wall clock unless a test sets one). */
export function clockOf(deps: SsoSignInDeps): () => Date {
  return deps.now ?? (() => new Date())
}

/** The SAML settings of a provider, for this server's address. */
export function samlConfig(provider: ProviderRow, origin: string): SamlProviderConfig {
  return {
    idpEntityId: provider.issuer,
    ssoUrl: provider.sso_url ?? '',
    certificates: provider.certificates,
    spEntityId: provider.client_id,
    acsUrl: `${origin}/v1/sso/saml/acs`,
  }
}

/** The OIDC settings of a provider, its client secret unsealed. */
export function oidcConfig(deps: SsoSignInDeps, provider: ProviderRow) {
  return {
    issuer: provider.issuer,
    clientId: provider.client_id,
    clientSecret: deps.secrets.open(provider.client_secret_sealed ?? ''),
  }
}

/** Takes a sign-in state once; an unknown, used or expired one ends the attempt. */
export async function takeState(deps: SsoSignInDeps, id: string) {
  const { repo } = deps
  const now = clockOf(deps)
  const state = id ? await repo.findState(id) : undefined
  if (!state) throw new AppError('sso_sign_in_expired')
  if (state.expires_at.getTime() <= now().getTime()) throw new AppError('sso_sign_in_expired')
  if (!(await repo.useState(state.id, now()))) throw new AppError('sso_sign_in_expired')
  const provider = await repo.findProvider(state.provider_id)
  if (!provider) throw new AppError('sso_sign_in_expired')
  return { state, provider }
}
