import { AppError } from '../../errors.js'
import { newId, newSecret } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin } from '../../plugins/workspace-roles.js'
import type { ProviderRow } from './sso.repository.js'
import { type ProviderInput, prepareProvider, type SsoDeps, ssoAudit } from './sso-deps.js'

/** The workspace's identity provider (one at most): created, changed and deleted by admins. */
export function createIdentityProviders(deps: SsoDeps) {
  const { repo } = deps
  const audited = ssoAudit(deps)

  async function ownProvider(principal: Principal, id: string): Promise<ProviderRow> {
    requireAdmin(principal)
    const provider = await repo.findProvider(id, principal.workspaceId)
    if (!provider) throw new AppError('identity_provider_not_found')
    return provider
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
      const fields = await prepareProvider(deps, input, origin, id)
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
      const fields = await prepareProvider(deps, { ...input, type: existing.type }, origin, id, existing)
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
  }
}
