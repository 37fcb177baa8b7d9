import { EVERYONE_GROUP_NAME, GROUP_PERMISSIONS, type GroupPermission } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../../db/schema.js'
import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { Principal } from '../../../plugins/auth.js'
import { requireAdmin } from '../../../plugins/workspace-roles.js'
import type { AuditLog } from '../../audit/audit.module.js'
import type { WorkspacesRepository } from '../workspaces.repository.js'
import type { GroupsRepository } from './groups.repository.js'

export interface GroupInput {
  name?: string | undefined
  permissions?: GroupPermission[] | undefined
  editor_access_to_new_resources?: boolean | undefined
}

/** Keeps the catalogue's order and drops repeats. */
function normalise(permissions: readonly string[]): GroupPermission[] {
  return GROUP_PERMISSIONS.filter((p) => permissions.includes(p))
}

/**
 * Groups and their permissions. A member has what the Everyone group grants plus what their
 * groups grant, so a group can only restrict a feature the Everyone group no longer grants:
 * a feature must be disabled in the Everyone group first.
 */
export function createGroupsService(deps: {
  groups: GroupsRepository
  workspaces: WorkspacesRepository
  audit?: AuditLog | undefined
}) {
  const { groups, workspaces } = deps

  async function everyone(executor: Transaction<DB> | undefined, workspaceId: string) {
    const run = async (trx: Transaction<DB>) => {
      await groups.ensureEveryone(trx, {
        id: newId(),
        workspaceId,
        name: EVERYONE_GROUP_NAME,
        permissions: [...GROUP_PERMISSIONS],
      })
      const row = await groups.findEveryone(trx, workspaceId)
      if (!row) throw new AppError('group_not_found')
      return row
    }
    return executor ? run(executor) : groups.transaction(run)
  }

  function checkAgainstEveryone(
    everyonePermissions: readonly string[],
    permissions: readonly string[],
  ): void {
    const missing = everyonePermissions.filter((p) => !permissions.includes(p))
    if (missing.length > 0)
      throw new AppError('disable_in_everyone_group_first', {
        message: `Any feature must be disabled in the Everyone group first (${missing.join(', ')}).`,
        param: 'permissions',
      })
  }

  async function editableGroup(trx: Transaction<DB>, principal: Principal, groupId: string) {
    const group = await groups.findGroup(trx, principal.workspaceId, groupId)
    if (!group) throw new AppError('group_not_found')
    return group
  }

  async function memberByEmail(trx: Transaction<DB>, principal: Principal, email: string) {
    const member = await workspaces.findMemberByEmail(trx, principal.workspaceId, email)
    if (!member) throw new AppError('member_not_found', { param: 'email' })
    return member
  }

  return {
    ensureEveryone: (workspaceId: string) => everyone(undefined, workspaceId),

    /** Every group keyed by id; the Everyone group lists every member. */
    async list(principal: Principal) {
      await everyone(undefined, principal.workspaceId)
      const [rows, emails, members] = await Promise.all([
        groups.listGroups(principal.workspaceId),
        groups.memberEmails(principal.workspaceId),
        workspaces.listMembers(principal.workspaceId),
      ])
      const all = members.map((m) => m.email)
      return Object.fromEntries(
        rows.map((g) => [
          g.id,
          {
            id: g.id,
            name: g.name,
            members: g.is_everyone ? all : (emails.get(g.id) ?? []),
            permissions: normalise(g.permissions),
            is_everyone: g.is_everyone,
            editor_access_to_new_resources: g.new_resource_editor,
          },
        ]),
      )
    },

    async search(principal: Principal, name: string) {
      await everyone(undefined, principal.workspaceId)
      const [rows, emails, members] = await Promise.all([
        groups.searchByName(principal.workspaceId, name),
        groups.memberEmails(principal.workspaceId),
        workspaces.listMembers(principal.workspaceId),
      ])
      return rows.map((g) => ({
        id: g.id,
        name: g.name,
        members_emails: g.is_everyone ? members.map((m) => m.email) : (emails.get(g.id) ?? []),
      }))
    },

    /**
     * New groups start with what the Everyone group grants, and their members get editor access
     * to new resources unless the admin says otherwise.
     */
    async create(principal: Principal, input: GroupInput & { name: string }) {
      requireAdmin(principal)
      const name = input.name.trim()
      if (!name) throw new AppError('group_name_empty', { param: 'name' })
      return groups.transaction(async (trx) => {
        const base = await everyone(trx, principal.workspaceId)
        const permissions = normalise(input.permissions ?? base.permissions)
        checkAgainstEveryone(base.permissions, permissions)
        if (await groups.findGroupByName(trx, principal.workspaceId, name))
          throw new AppError('group_name_taken', { param: 'name' })
        const id = newId()
        const newResourceEditor = input.editor_access_to_new_resources ?? true
        await groups.insertGroup(trx, {
          id,
          workspaceId: principal.workspaceId,
          name,
          permissions,
          newResourceEditor,
        })
        await deps.audit?.record(
          trx,
          principal,
          'group_created',
          { type: 'group', id },
          { name, permissions, editor_access_to_new_resources: newResourceEditor },
        )
        return {
          id,
          name,
          members: [] as string[],
          permissions,
          is_everyone: false,
          editor_access_to_new_resources: newResourceEditor,
        }
      })
    },

    async update(principal: Principal, groupId: string, input: GroupInput): Promise<void> {
      requireAdmin(principal)
      const name = input.name?.trim()
      if (input.name !== undefined && !name) throw new AppError('group_name_empty', { param: 'name' })
      await groups.transaction(async (trx) => {
        const base = await everyone(trx, principal.workspaceId)
        const group = await editableGroup(trx, principal, groupId)
        if (group.is_everyone && name !== undefined && name !== group.name)
          throw new AppError('everyone_group_protected')
        const permissions = input.permissions ? normalise(input.permissions) : undefined
        if (permissions && !group.is_everyone) checkAgainstEveryone(base.permissions, permissions)
        if (name && name.toLowerCase() !== group.name.toLowerCase()) {
          if (await groups.findGroupByName(trx, principal.workspaceId, name))
            throw new AppError('group_name_taken', { param: 'name' })
        }
        await groups.updateGroup(trx, group.id, {
          ...(name && !group.is_everyone ? { name } : {}),
          ...(permissions ? { permissions } : {}),
          ...(input.editor_access_to_new_resources !== undefined
            ? { new_resource_editor: input.editor_access_to_new_resources }
            : {}),
        })
        await deps.audit?.record(
          trx,
          principal,
          'group_updated',
          { type: 'group', id: group.id },
          { name, permissions, editor_access_to_new_resources: input.editor_access_to_new_resources },
        )
      })
    },

    async remove(principal: Principal, groupId: string): Promise<void> {
      requireAdmin(principal)
      await groups.transaction(async (trx) => {
        const group = await editableGroup(trx, principal, groupId)
        if (group.is_everyone) throw new AppError('everyone_group_protected')
        await groups.deleteGroup(trx, principal.workspaceId, group.id)
        await deps.audit?.record(
          trx,
          principal,
          'group_deleted',
          { type: 'group', id: group.id },
          { name: group.name },
        )
      })
    },

    async addMember(principal: Principal, groupId: string, email: string): Promise<void> {
      requireAdmin(principal)
      await groups.transaction(async (trx) => {
        const group = await editableGroup(trx, principal, groupId)
        if (group.is_everyone) throw new AppError('everyone_group_protected')
        const member = await memberByEmail(trx, principal, email)
        await groups.addMember(trx, group.id, member.user_id)
        await deps.audit?.record(
          trx,
          principal,
          'group_member_added',
          { type: 'group', id: group.id },
          { email },
        )
      })
    },

    async removeMember(principal: Principal, groupId: string, email: string): Promise<void> {
      requireAdmin(principal)
      await groups.transaction(async (trx) => {
        const group = await editableGroup(trx, principal, groupId)
        if (group.is_everyone) throw new AppError('everyone_group_protected')
        const member = await memberByEmail(trx, principal, email)
        await groups.removeMember(trx, group.id, member.user_id)
        await deps.audit?.record(
          trx,
          principal,
          'group_member_removed',
          { type: 'group', id: group.id },
          { email },
        )
      })
    },
  }
}

export type GroupsService = ReturnType<typeof createGroupsService>
