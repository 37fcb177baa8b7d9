import { AppError } from '../../../errors.js'
import type { Principal } from '../../../plugins/auth.js'
import { requireAdmin, requireAdminPage } from '../../../plugins/workspace-roles.js'
import { scopesOf } from './key-permissions.js'
import { type KeyInput, keyView, owner, type ServiceAccountsDeps } from './service-accounts-deps.js'

// The API keys a service account owns, which admins manage, and a key turning itself off.

export async function listKeys(deps: ServiceAccountsDeps, principal: Principal, accountId: string) {
  requireAdminPage(principal)
  return (await deps.keys.list(await owner(deps, principal, accountId))).map((k) => keyView(accountId, k))
}

export async function createKey(
  deps: ServiceAccountsDeps,
  principal: Principal,
  accountId: string,
  input: { name: string; permissions: string[] | 'all'; character_limit?: number | undefined },
) {
  requireAdmin(principal)
  const created = await deps.keys.create(await owner(deps, principal, accountId), {
    name: input.name,
    permissions: scopesOf(input.permissions),
    character_limit: input.character_limit ?? null,
  })
  await deps.audit?.record(
    undefined,
    principal,
    'api_key_created',
    { type: 'api_key', id: created.key_id },
    { service_account: accountId, name: input.name },
  )
  return { xi_api_key: created.api_key, key_id: created.key_id }
}

export async function updateKey(
  deps: ServiceAccountsDeps,
  principal: Principal,
  accountId: string,
  keyId: string,
  input: KeyInput,
): Promise<void> {
  requireAdmin(principal)
  await deps.keys.update(await owner(deps, principal, accountId), keyId, {
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
  await deps.audit?.record(
    undefined,
    principal,
    'api_key_updated',
    { type: 'api_key', id: keyId },
    { service_account: accountId },
  )
}

export async function deleteKey(
  deps: ServiceAccountsDeps,
  principal: Principal,
  accountId: string,
  keyId: string,
): Promise<void> {
  requireAdmin(principal)
  await deps.keys.remove(await owner(deps, principal, accountId), keyId)
  await deps.audit?.record(
    undefined,
    principal,
    'api_key_deleted',
    { type: 'api_key', id: keyId },
    { service_account: accountId },
  )
}

/** The holder of a key turns that very key off ('self' confirms which key is meant). */
export async function disableOwnKey(
  deps: ServiceAccountsDeps,
  principal: Principal,
  apiKeyName: string,
): Promise<void> {
  if (apiKeyName !== 'self')
    throw new AppError('validation_error', {
      message: "api_key_name must be 'self'.",
      param: 'api_key_name',
    })
  if (!principal.apiKey)
    throw new AppError('validation_error', { message: 'Call this with the API key to disable.' })
  await deps.keys.update(principal, principal.apiKey.id, { is_disabled: true })
}
