import { API_KEY_SCOPES, type ApiKeyScope, isPaidTier, isTier, SERVICE_ACCOUNT_LIMIT } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { Principal } from '../../../plugins/auth.js'
import { requireAdmin, requireAdminPage } from '../../../plugins/workspace-roles.js'
import type { ApiKeysService } from '../../api-keys/api-keys.module.js'
import type { AuditLog } from '../../audit/audit.module.js'
import type { ServiceAccountsRepository } from './service-accounts.repository.js'

/** The public API's key permissions ('voices_read', 'text_to_speech', 'all') as our scopes. */
export function scopesOf(permissions: readonly string[] | 'all'): ApiKeyScope[] | null {
  if (permissions === 'all') return null
  const aliases: Record<string, string> = {
    speech_history: 'history',
    music_generation: 'music',
  }
  const scopes = new Set<ApiKeyScope>()
  for (const permission of permissions) {
    const base = permission.replace(/_(read|write)$/, '')
    const scope = (aliases[base] ?? base).replaceAll('_', '-')
    const known = API_KEY_SCOPES.find((s) => s === scope)
    if (known) scopes.add(known)
  }
  return [...scopes]
}

/** The public API's names for our scopes, read and write where it has both. */
function permissionsOf(scopes: string[] | null): string[] | undefined {
  if (scopes === null) return undefined
  const split = new Set([
    'voices',
    'models',
    'history',
    'dubbing',
    'pronunciation-dictionaries',
    'user',
    'projects',
    'audio-native',
    'workspace',
    'convai',
  ])
  return scopes.flatMap((scope) => {
    const base =
      scope === 'history'
        ? 'speech_history'
        : scope === 'music'
          ? 'music_generation'
          : scope.replaceAll('-', '_')
    return split.has(scope) ? [`${base}_read`, `${base}_write`] : [base]
  })
}

export interface KeyInput {
  name?: string | undefined
  permissions?: string[] | 'all' | 'no_update' | undefined
  character_limit?: number | 'clear' | 'no_update' | undefined
  is_enabled?: boolean | 'no_update' | undefined
}

/**
 * Service accounts own API keys that act for the workspace without a person: admins create
 * them on paid plans, at most twenty, and delete them once they hold no keys.
 */
export function createServiceAccountsService(deps: {
  accounts: ServiceAccountsRepository
  keys: ApiKeysService
  tierOf: (workspaceId: string) => Promise<string>
  audit?: AuditLog | undefined
}) {
  const { accounts, keys, audit } = deps

  /** The account as the owner of its keys (another workspace's account does not exist). */
  async function owner(principal: Principal, accountId: string): Promise<Principal> {
    const account = await accounts.find(principal.workspaceId, accountId)
    if (!account) throw new AppError('service_account_not_found')
    return {
      userId: account.user_id,
      workspaceId: account.workspace_id,
      email: '',
      emailVerified: true,
      via: 'api_key',
    }
  }

  function keyView(accountId: string, key: Awaited<ReturnType<ApiKeysService['list']>>[number]) {
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

  return {
    async list(principal: Principal) {
      requireAdminPage(principal)
      const rows = await accounts.list(principal.workspaceId)
      return Promise.all(
        rows.map(async (a) => ({
          service_account_user_id: a.user_id,
          name: a.name,
          created_at_unix: Math.floor(a.created_at.getTime() / 1000),
          api_keys: (await keys.list(await owner(principal, a.user_id))).map((k) => keyView(a.user_id, k)),
        })),
      )
    },

    async create(principal: Principal, name: string): Promise<{ service_account_user_id: string }> {
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
    },

    async remove(principal: Principal, accountId: string): Promise<void> {
      requireAdmin(principal)
      const account = await owner(principal, accountId)
      if ((await keys.list(account)).length > 0) throw new AppError('service_account_has_keys')
      await accounts.transaction(async (trx) => {
        await accounts.delete(trx, account.userId)
        await audit?.record(trx, principal, 'service_account_deleted', {
          type: 'service_account',
          id: account.userId,
        })
      })
    },

    async listKeys(principal: Principal, accountId: string) {
      requireAdminPage(principal)
      return (await keys.list(await owner(principal, accountId))).map((k) => keyView(accountId, k))
    },

    async createKey(
      principal: Principal,
      accountId: string,
      input: { name: string; permissions: string[] | 'all'; character_limit?: number | undefined },
    ) {
      requireAdmin(principal)
      const created = await keys.create(await owner(principal, accountId), {
        name: input.name,
        permissions: scopesOf(input.permissions),
        character_limit: input.character_limit ?? null,
      })
      await audit?.record(
        undefined,
        principal,
        'api_key_created',
        { type: 'api_key', id: created.key_id },
        { service_account: accountId, name: input.name },
      )
      return { xi_api_key: created.api_key, key_id: created.key_id }
    },

    async updateKey(principal: Principal, accountId: string, keyId: string, input: KeyInput): Promise<void> {
      requireAdmin(principal)
      await keys.update(await owner(principal, accountId), keyId, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.is_enabled !== undefined && input.is_enabled !== 'no_update'
          ? { is_disabled: !input.is_enabled }
          : {}),
        ...(input.permissions !== undefined && input.permissions !== 'no_update'
          ? { permissions: scopesOf(input.permissions) }
          : {}),
        ...(input.character_limit !== undefined && input.character_limit !== 'no_update'
          ? { character_limit: input.character_limit === 'clear' ? null : input.character_limit }
          : {}),
      })
      await audit?.record(
        undefined,
        principal,
        'api_key_updated',
        { type: 'api_key', id: keyId },
        { service_account: accountId },
      )
    },

    async deleteKey(principal: Principal, accountId: string, keyId: string): Promise<void> {
      requireAdmin(principal)
      await keys.remove(await owner(principal, accountId), keyId)
      await audit?.record(
        undefined,
        principal,
        'api_key_deleted',
        { type: 'api_key', id: keyId },
        { service_account: accountId },
      )
    },

    /** The holder of a key turns that very key off ('self' confirms which key is meant). */
    async disableOwnKey(principal: Principal, apiKeyName: string): Promise<void> {
      if (apiKeyName !== 'self')
        throw new AppError('validation_error', {
          message: "api_key_name must be 'self'.",
          param: 'api_key_name',
        })
      if (!principal.apiKey)
        throw new AppError('validation_error', { message: 'Call this with the API key to disable.' })
      await keys.update(principal, principal.apiKey.id, { is_disabled: true })
    },
  }
}

export type ServiceAccountsService = ReturnType<typeof createServiceAccountsService>
