import { AppError } from '../../errors.js'
import { newId, newSecret } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin } from '../../plugins/workspace-roles.js'
import { verificationRecord } from './domain-dns.js'
import type { SsoRepository } from './sso.repository.js'
import { guidanceFor, normaliseDomains, type SsoDeps, ssoAudit } from './sso-deps.js'

/** Verified domains: a TXT record proves a workspace owns a domain its members sign in with. */
export function createVerifiedDomains(deps: SsoDeps) {
  const { repo } = deps
  const audited = ssoAudit(deps)
  const now = deps.now ?? (() => new Date())

  return {
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
  }
}
