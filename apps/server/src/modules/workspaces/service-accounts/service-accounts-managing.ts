import { isPaidTier, isTier, SERVICE_ACCOUNT_LIMIT } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { Principal } from '../../../plugins/auth.js'
import { requireAdmin, requireAdminPage } from '../../../plugins/workspace-roles.js'
import { keyView, owner, type ServiceAccountsDeps } from './service-accounts-deps.js'

// The accounts themselves: listed with their keys, created on paid plans, deleted once keyless.

export async function list(deps: ServiceAccountsDeps, principal: Principal) {
  requireAdminPage(principal)
  const rows = await deps.accounts.list(principal.workspaceId)
  return Promise.all(
    rows.map(async (a) => ({
      service_account_user_id: a.user_id,
      name: a.name,
      created_at_unix: Math.floor(a.created_at.getTime() / 1000),
      api_keys: (await deps.keys.list(await owner(deps, principal, a.user_id))).map((k) =>
        keyView(a.user_id, k),
      ),
    })),
  )
}

export async function create(
  deps: ServiceAccountsDeps,
  principal: Principal,
  name: string,
): Promise<{ service_account_user_id: string }> {
  const { accounts, audit } = deps
  requireAdmin(principal)
  const trimmed = name.trim()
  if (!trimmed)
    throw new AppError('validation_error', {
      message: 'Service account names are required.',
      param: 'name',
    })
  const tier = await deps.tierOf(principal.workspaceId)
  if (!isTier(tier) || !isPaidTier(tier)) throw new AppError('service_accounts_paid_only')
  const userId = newId()
  await accounts.transaction(async (trx) => {
    if ((await accounts.count(trx, principal.workspaceId)) >= SERVICE_ACCOUNT_LIMIT)
      throw new AppError('service_account_limit_reached')
    await accounts.insert(trx, {
      userId,
      workspaceId: principal.workspaceId,
      name: trimmed,
      email: `${userId.toLowerCase()}@service-account.invalid`,
      publicUserId: newId(32).toLowerCase(),
    })
    await audit?.record(
      trx,
      principal,
      'service_account_created',
      { type: 'service_account', id: userId },
      { name: trimmed },
    )
  })
  return { service_account_user_id: userId }
}

export async function remove(
  deps: ServiceAccountsDeps,
  principal: Principal,
  accountId: string,
): Promise<void> {
  const { accounts, keys, audit } = deps
  requireAdmin(principal)
  const account = await owner(deps, principal, accountId)
  if ((await keys.list(account)).length > 0) throw new AppError('service_account_has_keys')
  await accounts.transaction(async (trx) => {
    await accounts.delete(trx, account.userId)
    await audit?.record(trx, principal, 'service_account_deleted', {
      type: 'service_account',
      id: account.userId,
    })
  })
}
