import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { Principal } from '../../../plugins/auth.js'
import { requireAdmin } from '../../../plugins/workspace-roles.js'
import {
  checkAgainstEveryone,
  editableGroup,
  everyone,
  type GroupInput,
  type GroupsDeps,
  normalise,
} from './groups-deps.js'

// An admin creates, renames, re-permissions and deletes groups; the Everyone group keeps its name.

/**
 * New groups start with what the Everyone group grants, and their members get editor access
 * to new resources unless the admin says otherwise.
 */
export async function create(deps: GroupsDeps, principal: Principal, input: GroupInput & { name: string }) {
  const { groups } = deps
  requireAdmin(principal)
  const name = input.name.trim()
  if (!name) throw new AppError('group_name_empty', { param: 'name' })
  return groups.transaction(async (trx) => {
    const base = await everyone(deps, trx, principal.workspaceId)
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
}

export async function update(
  deps: GroupsDeps,
  principal: Principal,
  groupId: string,
  input: GroupInput,
): Promise<void> {
  const { groups } = deps
  requireAdmin(principal)
  const name = input.name?.trim()
  if (input.name !== undefined && !name) throw new AppError('group_name_empty', { param: 'name' })
  await groups.transaction(async (trx) => {
    const base = await everyone(deps, trx, principal.workspaceId)
    const group = await editableGroup(deps, trx, principal, groupId)
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
}

export async function remove(deps: GroupsDeps, principal: Principal, groupId: string): Promise<void> {
  requireAdmin(principal)
  await deps.groups.transaction(async (trx) => {
    const group = await editableGroup(deps, trx, principal, groupId)
    if (group.is_everyone) throw new AppError('everyone_group_protected')
    await deps.groups.deleteGroup(trx, principal.workspaceId, group.id)
    await deps.audit?.record(
      trx,
      principal,
      'group_deleted',
      { type: 'group', id: group.id },
      { name: group.name },
    )
  })
}
