import {
  type CheckedFetch,
  createCheckedFetch,
  type OutboundErrors,
  type OutboundPolicy,
  parseOutboundUrl,
} from '../../platform/outbound/outbound.js'

// Identity providers are reached under the outbound rules, with one allowance: when the operator
// allows private addresses (SSO_ALLOW_PRIVATE_ADDRESSES), a provider on this very machine may be
// spoken to over plain http:// (a provider beside Timbre on a laptop or in the tests).

export type { OutboundPolicy }
export type OutboundFetch = CheckedFetch

const SSO_ERRORS: OutboundErrors = {
  invalid: 'sso_url_invalid',
  refused: 'sso_address_refused',
  unresolved: 'sso_host_unresolved',
}

const providerPolicy = (policy: OutboundPolicy): OutboundPolicy => ({ ...policy, plainHttpToLoopback: true })

/** Parses an identity provider's URL as saved; a refused URL is a validation error. */
export function parseProviderUrl(raw: string, policy: OutboundPolicy): URL {
  return parseOutboundUrl(raw, providerPolicy(policy), SSO_ERRORS)
}

/** The fetch the OpenID Connect client uses for every call to the provider. */
export function createProviderFetch(policy: OutboundPolicy): OutboundFetch {
  return createCheckedFetch(providerPolicy(policy), SSO_ERRORS)
}
