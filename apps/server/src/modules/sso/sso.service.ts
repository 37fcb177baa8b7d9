import { X509Certificate } from 'node:crypto'
import {
  DNS_PROPAGATION_HOURS,
  isPemCertificate,
  isValidDomain,
  SSO_MAX_CERTIFICATES,
  SSO_MAX_DOMAINS,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId, newSecret } from '../../lib/ids.js'
import type { SecretBox } from '../../lib/secret-box.js'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin } from '../../plugins/workspace-roles.js'
import type { AuditLog } from '../audit/audit.module.js'
import { type DnsCheck, type DomainDns, verificationRecord } from './domain-dns.js'
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

function normaliseCertificates(certificates: string[] | undefined): string[] {
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

/** Identity providers, verified domains and SSO settings of a workspace (admins only). */
export function createSsoService(deps: {
  repo: SsoRepository
  secrets: SecretBox
  oidc: OidcFlow
  dns: DomainDns
  policy: OutboundPolicy
  now?: () => Date
  audit?: AuditLog | undefined
}) {
  const { repo } = deps
  /** Every change to single sign-on is an admin action in the audit log. */
  const audited = (principal: Principal, target: { type: string; id: string }, details: object) =>
    deps.audit?.record(undefined, principal, 'sso_settings_changed', target, { ...details })
  const now = deps.now ?? (() => new Date())

  async function ownProvider(principal: Principal, id: string): Promise<ProviderRow> {
    requireAdmin(principal)
    const provider = await repo.findProvider(id, principal.workspaceId)
    if (!provider) throw new AppError('identity_provider_not_found')
    return provider
  }

  /** Validates a provider's fields; the OIDC issuer must answer its discovery document. */
  async function prepare(input: ProviderInput, origin: string, providerId: string, existing?: ProviderRow) {
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

  /** Provider domains not yet in the verified-domains list are added there, pending. */
  async function addMissingDomains(workspaceId: string, domains: string[]): Promise<void> {
    for (const domain of domains) {
      if (await repo.findDomainByName(workspaceId, domain)) continue
      await repo.insertDomain({ id: newId(), workspaceId, domain, code: newSecret('') })
    }
  }

  return {
    async listProviders(principal: Principal): Promise<ProviderRow[]> {
      requireAdmin(principal)
      return repo.providersOf(principal.workspaceId)
    },

    getProvider: ownProvider,

    async createProvider(principal: Principal, input: ProviderInput, origin: string): Promise<ProviderRow> {
      requireAdmin(principal)
      if ((await repo.providersOf(principal.workspaceId)).length > 0)
        throw new AppError('identity_provider_exists')
      const id = newId()
      const fields = await prepare(input, origin, id)
      try {
        await repo.insertProvider({ id, workspaceId: principal.workspaceId, type: input.type, ...fields })
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw new AppError('identity_provider_exists')
        throw error
      }
      await addMissingDomains(principal.workspaceId, fields.domains)
      await audited(
        principal,
        { type: 'identity_provider', id },
        { action: 'provider_created', domains: fields.domains },
      )
      return (await repo.findProvider(id)) as ProviderRow
    },

    async updateProvider(
      principal: Principal,
      id: string,
      input: Omit<ProviderInput, 'type'>,
      origin: string,
    ) {
      const existing = await ownProvider(principal, id)
      const fields = await prepare({ ...input, type: existing.type }, origin, id, existing)
      await repo.updateProvider(id, fields)
      await addMissingDomains(principal.workspaceId, fields.domains)
      await audited(
        principal,
        { type: 'identity_provider', id },
        { action: 'provider_updated', domains: fields.domains },
      )
      return (await repo.findProvider(id)) as ProviderRow
    },

    /** Deleting the provider also lifts the SSO requirement, or nobody could sign in. */
    async deleteProvider(principal: Principal, id: string): Promise<void> {
      await ownProvider(principal, id)
      await repo.transaction(async (trx) => {
        await repo.deleteProvider(trx, id)
        await repo.clearSsoRequired(trx, principal.workspaceId)
      })
      await audited(principal, { type: 'identity_provider', id }, { action: 'provider_deleted' })
    },

    // verified domains

    async listDomains(principal: Principal) {
      requireAdmin(principal)
      return repo.domainsOf(principal.workspaceId)
    },

    async addDomain(principal: Principal, raw: string) {
      requireAdmin(principal)
      const [domain] = normaliseDomains([raw])
      if (await repo.findDomainByName(principal.workspaceId, domain as string))
        throw new AppError('domain_exists')
      const id = newId()
      try {
        await repo.insertDomain({
          id,
          workspaceId: principal.workspaceId,
          domain: domain as string,
          code: newSecret(''),
        })
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw new AppError('domain_exists')
        throw error
      }
      await audited(principal, { type: 'domain', id }, { action: 'domain_added', domain })
      return (await repo.findDomain(principal.workspaceId, id)) as NonNullable<
        Awaited<ReturnType<SsoRepository['findDomain']>>
      >
    },

    /** Looks the TXT record up now: Passed, Pending (with what to fix) or Unknown (lookup failed). */
    async verifyDomain(principal: Principal, id: string) {
      requireAdmin(principal)
      const row = await repo.findDomain(principal.workspaceId, id)
      if (!row) throw new AppError('domain_not_found')
      const check = await deps.dns.check(row.domain, row.verification_code)
      if (check.status === 'passed' && (await repo.passedElsewhere(principal.workspaceId, row.domain)))
        throw new AppError('domain_taken')
      const guidance = guidanceFor(check, verificationRecord(row.domain, row.verification_code))
      try {
        await repo.setDomainStatus(row.id, check.status, guidance?.code ?? null, now())
      } catch (error) {
        // Two workspaces proving one domain at the same moment: the unique index decides.
        if ((error as { code?: string }).code === '23505') throw new AppError('domain_taken')
        throw error
      }
      const updated = (await repo.findDomain(principal.workspaceId, id)) as typeof row
      return { domain: updated, guidance }
    },

    async deleteDomain(principal: Principal, id: string): Promise<void> {
      requireAdmin(principal)
      const row = await repo.findDomain(principal.workspaceId, id)
      if (!row) throw new AppError('domain_not_found')
      await repo.deleteDomain(row.id)
      await audited(
        principal,
        { type: 'domain', id: row.id },
        { action: 'domain_deleted', domain: row.domain },
      )
    },

    // settings

    async settings(principal: Principal) {
      requireAdmin(principal)
      return readSettings(principal.workspaceId)
    },

    async updateSettings(principal: Principal, input: SettingsInput) {
      requireAdmin(principal)
      const current = await readSettings(principal.workspaceId)
      const ssoRequired = input.sso_required ?? current.sso_required
      if (
        ssoRequired &&
        !current.sso_required &&
        (await repo.providersOf(principal.workspaceId)).length === 0
      )
        throw new AppError('sso_requires_identity_provider')
      const autoOn = input.user_auto_provisioning_enabled ?? current.auto_provisioning_enabled
      const switchedOn = autoOn && !current.auto_provisioning_enabled
      await repo.saveSettings(principal.workspaceId, {
        sso_required: ssoRequired,
        auto_provisioning_enabled: autoOn,
        auto_provisioning_enabled_at: autoOn
          ? switchedOn
            ? now()
            : current.auto_provisioning_enabled_at
          : null,
        auto_provisioning_enabled_by: autoOn
          ? switchedOn
            ? principal.email
            : current.auto_provisioning_enabled_by
          : null,
      })
      await audited(
        principal,
        { type: 'workspace', id: principal.workspaceId },
        { action: 'settings_updated', sso_required: ssoRequired, user_auto_provisioning_enabled: autoOn },
      )
      return readSettings(principal.workspaceId)
    },
  }

  async function readSettings(workspaceId: string) {
    const row = await repo.settings(workspaceId)
    return {
      sso_required: row?.sso_required ?? false,
      auto_provisioning_enabled: row?.auto_provisioning_enabled ?? false,
      auto_provisioning_enabled_at: row?.auto_provisioning_enabled_at ?? null,
      auto_provisioning_enabled_by: row?.auto_provisioning_enabled_by ?? null,
    }
  }
}

export type SsoService = ReturnType<typeof createSsoService>
