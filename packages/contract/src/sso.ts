// Single sign-on and verified domains: provider types, domain verification states, the DNS
// record an admin adds, and the limits shared by server and web.

export const SSO_PROVIDER_TYPES = ['oidc', 'saml'] as const
export type SsoProviderType = (typeof SSO_PROVIDER_TYPES)[number]

/** Domain verification states as the spec names them. */
export const DOMAIN_VERIFICATION_STATES = ['Pending', 'Passed', 'Unknown'] as const
export type DomainVerificationState = (typeof DOMAIN_VERIFICATION_STATES)[number]

/** The TXT record proving a domain lives at this name under the domain... */
export const DOMAIN_VERIFICATION_RECORD_PREFIX = '_timbre-verification'
/** ...and holds this prefix followed by the workspace's code for the domain. */
export const DOMAIN_VERIFICATION_VALUE_PREFIX = 'timbre-verification='

/** DNS changes can take this long to be seen everywhere; the guidance says so. */
export const DNS_PROPAGATION_HOURS = 24

export const SSO_MAX_DOMAINS = 50
export const SSO_MAX_CERTIFICATES = 5
/** Seconds a person has to come back from the identity provider. */
export const SSO_SIGN_IN_TTL_SECONDS = 10 * 60

/** Sign-in page query: `?use_sso=true` opens the continue-with-SSO form. */
export const SSO_QUERY_FLAG = 'use_sso'
/** Sign-in page query set when a single sign-on failed, holding the error code. */
export const SSO_ERROR_QUERY = 'sso_error'
/**
 * After single sign-on, an account with two-factor on lands on the sign-in page with its
 * second-step token in the URL fragment under this name (a fragment never reaches a server).
 */
export const SSO_SECOND_STEP_FRAGMENT = 'mfa_token'

/** A domain name: labels of letters, digits and hyphens, a top-level label of letters. */
export const DOMAIN_NAME_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

export function isValidDomain(value: string): boolean {
  return DOMAIN_NAME_PATTERN.test(value.trim().toLowerCase())
}

/** A PEM certificate: the BEGIN and END markers around base64. */
export const CERTIFICATE_PATTERN =
  /^-----BEGIN CERTIFICATE-----\s*[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----\s*$/

export function isPemCertificate(value: string): boolean {
  return CERTIFICATE_PATTERN.test(value.trim())
}
