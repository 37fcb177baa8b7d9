import { createIdentityProviders } from './identity-providers.js'
import type { SsoDeps } from './sso-deps.js'
import { createSsoSettings } from './sso-settings.js'
import { createVerifiedDomains } from './verified-domains.js'

export type { Guidance, ProviderInput, SettingsInput, SsoDeps } from './sso-deps.js'
export { guidanceFor, normaliseDomains } from './sso-deps.js'

/** Identity providers, verified domains and SSO settings of a workspace (admins only). */
export function createSsoService(deps: SsoDeps) {
  return {
    ...createIdentityProviders(deps),
    ...createVerifiedDomains(deps),
    ...createSsoSettings(deps),
  }
}

export type SsoService = ReturnType<typeof createSsoService>
