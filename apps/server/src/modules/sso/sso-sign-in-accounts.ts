import { AppError } from '../../errors.js'
import type { ProviderRow } from './sso.repository.js'
import { clockOf, emailDomain, type SsoSignInDeps } from './sso-sign-in-deps.js'

/** The account the verified identity signs in to, created or joined when the rules allow. */
export async function resolveUser(
  deps: SsoSignInDeps,
  provider: ProviderRow,
  identity: { subject: string; email: string; emailVerified: boolean; name: string | null },
): Promise<string> {
  const { repo, ports } = deps
  const now = clockOf(deps)
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
