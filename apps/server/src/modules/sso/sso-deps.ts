import { X509Certificate } from 'node:crypto'
import {
  DNS_PROPAGATION_HOURS,
  isPemCertificate,
  isValidDomain,
  SSO_MAX_CERTIFICATES,
  SSO_MAX_DOMAINS,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { SecretBox } from '../../lib/secret-box.js'
import type { Principal } from '../../plugins/auth.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { DnsCheck, DomainDns } from './domain-dns.js'
import type { OidcFlow } from './oidc-flow.js'
import { type OutboundPolicy, parseProviderUrl } from './provider-url.js'
import type { ProviderRow, SsoRepository } from './sso.repository.js'

export interface ProviderInput {
  type: 'oidc' | 'saml'
  name?: string | undefined
  issuer?: string | undefined
  client_id?: string | undefined
  client_secret?: string | undefined
  entity_id?: string | undefined
  sso_url?: string | undefined
  certificates?: string[] | undefined
  domains: string[]
}

export interface SettingsInput {
  sso_required?: boolean | undefined
  user_auto_provisioning_enabled?: boolean | undefined
}

export type Guidance = { code: string; message: string }

/** Domains as saved: lower case, no trailing dot, each a valid name, at least one, no repeats. */
export function normaliseDomains(domains: string[]): string[] {
  const list = [...new Set(domains.map((d) => d.trim().toLowerCase().replace(/\.$/, '')).filter(Boolean))]
  if (list.length === 0 || list.length > SSO_MAX_DOMAINS || !list.every(isValidDomain))
    throw new AppError('sso_domain_invalid', { param: 'domains' })
  return list
}

export function normaliseCertificates(certificates: string[] | undefined): string[] {
  const list = (certificates ?? []).map((c) => c.trim()).filter(Boolean)
  if (list.length === 0 || list.length > SSO_MAX_CERTIFICATES)
    throw new AppError('sso_certificate_invalid', { param: 'certificates' })
  for (const pem of list) {
    if (!isPemCertificate(pem)) throw new AppError('sso_certificate_invalid', { param: 'certificates' })
    try {
      new X509Certificate(pem)
    } catch {
      throw new AppError('sso_certificate_invalid', {
        message: 'A certificate could not be read: paste the whole PEM certificate.',
        param: 'certificates',
      })
    }
  }
  return list
}

/** What to tell an admin after a DNS check, in words they can act on. */
export function guidanceFor(check: DnsCheck, record: { name: string; value: string }): Guidance | null {
  if (check.status === 'passed') return null
  if (check.status === 'unknown')
    return {
      code: 'dns_lookup_failed',
      message: `The DNS lookup failed (${check.reason}). Try again in a few minutes; if it keeps failing, contact support for a manual verification.`,
    }
  if (check.reason === 'value_mismatch')
    return {
      code: 'dns_value_mismatch',
      message: `DNS verification failed: the TXT record at ${record.name} holds another value. Set it to ${record.value} exactly. DNS changes can take up to ${DNS_PROPAGATION_HOURS} hours to propagate.`,
    }
  return {
    code: 'dns_record_missing',
    message: `DNS verification failed: no TXT record was found at ${record.name}. Add a TXT record with the value ${record.value} at your DNS provider. DNS changes can take up to ${DNS_PROPAGATION_HOURS} hours to propagate.`,
  }
}

export interface SsoDeps {
  repo: SsoRepository
  secrets: SecretBox
  oidc: OidcFlow
  dns: DomainDns
  policy: OutboundPolicy
  now?: () => Date
  audit?: AuditLog | undefined
}

/** Every change to single sign-on is an admin action in the audit log. */
export function ssoAudit(deps: SsoDeps) {
  return (principal: Principal, target: { type: string; id: string }, details: object) =>
    deps.audit?.record(undefined, principal, 'sso_settings_changed', target, { ...details })
}

/** Validates a provider's fields; the OIDC issuer must answer its discovery document. */
export async function prepareProvider(
  deps: SsoDeps,
  input: ProviderInput,
  origin: string,
  providerId: string,
  existing?: ProviderRow,
) {
  const domains = normaliseDomains(input.domains)
  const name = input.name?.trim() || (input.type === 'oidc' ? 'OpenID Connect' : 'SAML')
  if (input.type === 'oidc') {
    const issuer = parseProviderUrl(input.issuer ?? '', deps.policy)
      .toString()
      .replace(/\/$/, '')
    const clientId = input.client_id?.trim()
    if (!clientId)
      throw new AppError('validation_error', { message: 'Enter the client id.', param: 'client_id' })
    const secret = input.client_secret?.trim() || (existing?.client_secret_sealed ? null : '')
    if (secret === '')
      throw new AppError('validation_error', {
        message: 'Enter the client secret.',
        param: 'client_secret',
      })
    const clientSecret = secret ?? deps.secrets.open(existing?.client_secret_sealed as string)
    await deps.oidc.check({ issuer, clientId, clientSecret })
    return {
      name,
      issuer,
      clientId,
      clientSecretSealed: deps.secrets.seal(clientSecret),
      ssoUrl: null,
      certificates: [],
      domains,
    }
  }
  const ssoUrl = parseProviderUrl(input.sso_url ?? '', deps.policy).toString()
  const entityId = (input.entity_id ?? input.issuer)?.trim()
  if (!entityId)
    throw new AppError('validation_error', {
      message: "Enter the identity provider's entity id (issuer).",
      param: 'entity_id',
    })
  return {
    name,
    issuer: entityId,
    clientId: existing?.client_id ?? `${origin}/v1/sso/saml/${providerId}`,
    clientSecretSealed: null,
    ssoUrl,
    certificates: normaliseCertificates(input.certificates),
    domains,
  }
}
