import { randomBytes } from 'node:crypto'
import { API_KEY_PREFIX } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { hashSecret, newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { isAdmin, requireAdmin } from '../../plugins/workspace-roles.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { ApiKeyPatch, ApiKeysRepository } from './api-keys.repository.js'
import type { ApiKeyRow } from './api-keys.tables.js'

/** Keys look like the public API's: `sk_` and 48 hex characters. Shown once, stored hashed. */
function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(24).toString('hex')}`
}

export function apiKeyView(row: ApiKeyRow) {
  return {
    key_id: row.id,
    name: row.name,
    hint: row.hint,
    permissions: row.permissions,
    character_limit: row.character_limit,
    character_count: row.character_count,
    is_disabled: row.is_disabled,
    created_at_unix: Math.floor(row.created_at.getTime() / 1000),
  }
}

/**
 * Keys of one owner. The keys of workspace admins reach the whole workspace, so creating and
 * deleting them (and disabling keys in bulk) are admin actions recorded in the audit log.
 */
export function createApiKeysService(
  repository: ApiKeysRepository,
  deps: { audit?: AuditLog | undefined } = {},
) {
  return {
    list: async (principal: Principal) => (await repository.listForUser(principal.userId)).map(apiKeyView),

    async create(
      principal: Principal,
      input: {
        name: string
        permissions?: string[] | null | undefined
        character_limit?: number | null | undefined
      },
    ) {
      // A key spends credits without a session: only a verified address may mint one (the
      // route says so too; this holds for any other caller of the service).
      if (!principal.emailVerified) throw new AppError('email_not_verified')
      const key = newApiKey()
      const id = newId()
      const hint = `${key.slice(0, 3)}…${key.slice(-4)}`
      await repository.insert({
        id,
        userId: principal.userId,
        workspaceId: principal.workspaceId,
        name: input.name.trim(),
        keyHash: hashSecret(key),
        hint,
        permissions: input.permissions ? [...new Set(input.permissions)] : null,
        characterLimit: input.character_limit ?? null,
      })
      if (isAdmin(principal))
        await deps.audit?.record(
          undefined,
          principal,
          'api_key_created',
          { type: 'api_key', id },
          { name: input.name.trim(), permissions: input.permissions ?? 'all' },
        )
      return { api_key: key, key_id: id, hint }
    },

    async update(principal: Principal, id: string, patch: ApiKeyPatch) {
      const clean: ApiKeyPatch = { ...patch }
      if (clean.name !== undefined) clean.name = clean.name.trim()
      if (clean.permissions) clean.permissions = [...new Set(clean.permissions)]
      const row =
        Object.keys(clean).length === 0
          ? await repository.findForUser(principal.userId, id)
          : await repository.update(principal.userId, id, clean)
      if (!row) throw new AppError('api_key_not_found')
      return apiKeyView(row)
    },

    /** Admins: every key of the workspace, whoever owns it. */
    async listWorkspace(principal: Principal) {
      requireAdmin(principal)
      return (await repository.listForWorkspace(principal.workspaceId)).map((row) => ({
        ...apiKeyView(row),
        owner_user_id: row.user_id,
        owner_email: row.owner_email ?? '',
        service_account_name: row.service_account_name ?? null,
      }))
    },

    /** Admins: switch off several keys at once; unknown ids (or another workspace's) are refused. */
    async disableInWorkspace(principal: Principal, ids: string[]): Promise<number> {
      requireAdmin(principal)
      const unique = [...new Set(ids)]
      const known = new Set((await repository.listForWorkspace(principal.workspaceId)).map((k) => k.id))
      if (unique.some((id) => !known.has(id))) throw new AppError('api_key_not_found')
      const disabled = await repository.disableInWorkspace(principal.workspaceId, unique)
      await deps.audit?.record(
        undefined,
        principal,
        'api_keys_disabled',
        { type: 'workspace', id: principal.workspaceId },
        { key_ids: unique },
      )
      return disabled
    },

    async remove(principal: Principal, id: string): Promise<void> {
      if (!(await repository.delete(principal.userId, id))) throw new AppError('api_key_not_found')
      if (isAdmin(principal))
        await deps.audit?.record(undefined, principal, 'api_key_deleted', { type: 'api_key', id })
    },
  }
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>
