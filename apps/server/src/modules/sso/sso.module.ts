import type { Database } from '../../db/database.js'
import { createSecretBox } from '../../lib/secret-box.js'
import type { SignInPolicies } from '../accounts/accounts.module.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { DomainModule } from '../domain-module.js'
import { createDomainDns } from './domain-dns.js'
import { createOidcFlow } from './oidc-flow.js'
import { createProviderFetch, type OutboundPolicy } from './provider-url.js'
import { createSamlFlow } from './saml-flow.js'
import { createSsoRepository } from './sso.repository.js'
import { ssoRoutes } from './sso.routes.js'
import { createSsoService } from './sso.service.js'
import { createSsoSignInService, type SignInPorts } from './sso-sign-in.service.js'

export interface SsoPorts {
  /** False when a workspace of the user requires single sign-on; the email sign-in asks it. */
  passwordSignInAllowed(userId: string): Promise<boolean>
}

export interface SsoOptions extends OutboundPolicy {
  /** DNS servers for domain verification (host or host:port); null for the system's. */
  dnsServers: string[] | null
  dnsTimeoutMs?: number
}

const STALE_STATE_SWEEP_MS = 15 * 60 * 1000

/**
 * Single sign-on: the workspace's OIDC or SAML identity provider, domains proved by DNS, the
 * SSO requirement and auto provisioning, and the sign-in round trip through the provider.
 */
export function createSsoModule(deps: {
  db: Database
  secretKey: string
  secureCookies: boolean
  options: SsoOptions
  ports: SignInPorts
  /** Password sign-in asks this domain whether a workspace of the user requires single sign-on. */
  signInPolicies?: Pick<SignInPolicies, 'addPasswordCheck'>
  log?: (message: string, details: object) => void
  /** Changes to providers, domains and SSO settings are recorded in the audit log. */
  audit?: AuditLog
}): DomainModule<SsoPorts> {
  const repo = createSsoRepository(deps.db)
  const secrets = createSecretBox(deps.secretKey, 'sso-client-secrets')
  const policy = { allowPrivateAddresses: deps.options.allowPrivateAddresses }
  const oidc = createOidcFlow({ fetch: createProviderFetch(policy), policy })
  const service = createSsoService({
    repo,
    secrets,
    oidc,
    policy,
    dns: createDomainDns({ servers: deps.options.dnsServers, timeoutMs: deps.options.dnsTimeoutMs }),
    audit: deps.audit,
  })
  const signIn = createSsoSignInService({ repo, secrets, oidc, saml: createSamlFlow(), ports: deps.ports })
  deps.signInPolicies?.addPasswordCheck((userId) => signIn.passwordSignInAllowed(userId))
  let timer: NodeJS.Timeout | undefined
  return {
    name: 'sso',
    routes: ssoRoutes(service, signIn, { secureCookies: deps.secureCookies }),
    start: () => {
      timer = setInterval(() => {
        signIn
          .removeStaleStates()
          .catch((error: unknown) => deps.log?.('removing old SSO states failed', { err: error }))
      }, STALE_STATE_SWEEP_MS)
      timer.unref()
    },
    stop: () => clearInterval(timer),
    ports: { passwordSignInAllowed: (userId) => signIn.passwordSignInAllowed(userId) },
  }
}
