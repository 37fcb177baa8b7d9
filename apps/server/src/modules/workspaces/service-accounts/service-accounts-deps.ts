import { AppError } from '../../../errors.js'
import type { Principal } from '../../../plugins/auth.js'
import type { ApiKeysService } from '../../api-keys/api-keys.module.js'
import type { AuditLog } from '../../audit/audit.module.js'
import { permissionsOf } from './key-permissions.js'
import type { ServiceAccountsRepository } from './service-accounts.repository.js'

// Service accounts own API keys that act for the workspace without a person: admins create
// them on paid plans, at most twenty, and delete them once they hold no keys.

export interface KeyInput {
  name?: string | undefined
  permissions?: string[] | 'all' | 'no_update' | undefined
  character_limit?: number | 'clear' | 'no_update' | undefined
  is_enabled?: boolean | 'no_update' | undefined
}

export interface ServiceAccountsDeps {
  accounts: ServiceAccountsRepository
  keys: ApiKeysService
  tierOf: (workspaceId: string) => Promise<string>
  audit?: AuditLog | undefined
}

/** The account as the owner of its keys (another workspace's account does not exist). */
export async function owner(
  deps: ServiceAccountsDeps,
  principal: Principal,
  accountId: string,
): Promise<Principal> {
  const account = await deps.accounts.find(principal.workspaceId, accountId)
  if (!account) throw new AppError('service_account_not_found')
  return {
    userId: account.user_id,
    workspaceId: account.workspace_id,
    email: '',
    emailVerified: true,
    via: 'api_key',
  }
}

export function keyView(accountId: string, key: Awaited<ReturnType<ApiKeysService['list']>>[number]) {
  return {
    name: key.name,
    hint: key.hint,
    key_id: key.key_id,
    service_account_user_id: accountId,
    created_at_unix: key.created_at_unix,
    is_disabled: key.is_disabled,
    permissions: permissionsOf(key.permissions),
    character_limit: key.character_limit ?? undefined,
    character_count: key.character_count,
    hashed_xi_api_key: key.hint,
  }
}
