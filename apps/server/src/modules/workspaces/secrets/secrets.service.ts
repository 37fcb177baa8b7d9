import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { SecretBox } from '../../../lib/secret-box.js'
import type { Principal } from '../../../plugins/auth.js'
import { requireAdmin } from '../../../plugins/workspace-roles.js'
import type { AuditLog } from '../../audit/audit.module.js'
import type { SecretRow, SecretsRepository } from './secrets.repository.js'

/**
 * Workspace secrets: admins add, rename, replace and delete them; members list their names. A
 * value is sealed at rest and never returned after it is saved. What uses a secret is listed
 * from the agents and tools that name it; none exist on this server yet, so the lists are empty.
 */
export function createSecretsService(deps: {
  repo: SecretsRepository
  box: SecretBox
  audit?: AuditLog | undefined
}) {
  const { repo, box } = deps

  const view = (row: SecretRow) => ({
    type: 'stored' as const,
    secret_id: row.id,
    name: row.name,
    created_at_unix: Math.floor(row.created_at.getTime() / 1000),
    used_by: { tools: [], agents: [], phone_numbers: [], mcp_servers: [], others: [] },
  })

  function checked(input: { name: string; value: string }) {
    const name = input.name.trim()
    if (!name) throw new AppError('validation_error', { message: 'Enter a name.', param: 'name' })
    if (!input.value) throw new AppError('validation_error', { message: 'Enter a value.', param: 'value' })
    return { name, valueSealed: box.seal(input.value) }
  }

  return {
    async list(principal: Principal, search?: string) {
      return { secrets: (await repo.list(principal.workspaceId, search?.trim() || undefined)).map(view) }
    },

    /** The port: a secret's value for a request the server makes for the workspace. */
    async valueOf(workspaceId: string, id: string): Promise<string | null> {
      const sealed = await repo.sealedValue(workspaceId, id)
      return sealed === null ? null : box.open(sealed)
    },

    async get(principal: Principal, id: string) {
      const row = await repo.find(principal.workspaceId, id)
      if (!row) throw new AppError('secret_not_found')
      return view(row)
    },

    async create(principal: Principal, input: { name: string; value: string }) {
      requireAdmin(principal)
      const id = newId()
      const fields = checked(input)
      const created = await repo.insert({
        id,
        workspaceId: principal.workspaceId,
        createdBy: principal.userId,
        ...fields,
      })
      if (!created) throw new AppError('secret_name_taken', { param: 'name' })
      await deps.audit?.record(
        undefined,
        principal,
        'workspace_settings_changed',
        { type: 'secret', id },
        {
          action: 'secret_created',
          name: fields.name,
        },
      )
      return { type: 'stored' as const, secret_id: id, name: fields.name }
    },

    async update(principal: Principal, id: string, input: { name: string; value: string }) {
      requireAdmin(principal)
      const fields = checked(input)
      const outcome = await repo.update(principal.workspaceId, id, fields)
      if (outcome === 'missing') throw new AppError('secret_not_found')
      if (outcome === 'taken') throw new AppError('secret_name_taken', { param: 'name' })
      await deps.audit?.record(
        undefined,
        principal,
        'workspace_settings_changed',
        { type: 'secret', id },
        {
          action: 'secret_updated',
          name: fields.name,
        },
      )
      return { type: 'stored' as const, secret_id: id, name: fields.name }
    },

    async remove(principal: Principal, id: string): Promise<void> {
      requireAdmin(principal)
      if (!(await repo.remove(principal.workspaceId, id))) throw new AppError('secret_not_found')
      await deps.audit?.record(
        undefined,
        principal,
        'workspace_settings_changed',
        { type: 'secret', id },
        {
          action: 'secret_deleted',
        },
      )
    },
  }
}

export type SecretsService = ReturnType<typeof createSecretsService>
