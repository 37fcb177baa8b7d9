import { EVERYONE_GROUP_NAME, GROUP_PERMISSIONS, type GroupPermission } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../../db/schema.js'
import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { Principal } from '../../../plugins/auth.js'
import type { AuditLog } from '../../audit/audit.module.js'
import type { WorkspacesRepository } from '../workspaces.repository.js'
import type { GroupsRepository } from './groups.repository.js'

// Groups and their permissions. A member has what the Everyone group grants plus what their
// groups grant, so a group can only restrict a feature the Everyone group no longer grants:
// a feature must be disabled in the Everyone group first.

export interface GroupInput {
  name?: string | undefined
  permissions?: GroupPermission[] | undefined
  editor_access_to_new_resources?: boolean | undefined
}

export interface GroupsDeps {
  groups: GroupsRepository
  workspaces: WorkspacesRepository
  audit?: AuditLog | undefined
}

/** Keeps the catalogue's order and drops repeats. */
export function normalise(permissions: readonly string[]): GroupPermission[] {
  return GROUP_PERMISSIONS.filter((p) => permissions.includes(p))
}

/** The workspace's Everyone group, made with every permission the first time it is asked for. */
export async function everyone(deps: GroupsDeps, executor: Transaction<DB> | undefined, workspaceId: string) {
  const { groups } = deps
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

export function checkAgainstEveryone(
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

export async function editableGroup(
  deps: GroupsDeps,
  trx: Transaction<DB>,
  principal: Principal,
  groupId: string,
) {
  const group = await deps.groups.findGroup(trx, principal.workspaceId, groupId)
  if (!group) throw new AppError('group_not_found')
  return group
}
