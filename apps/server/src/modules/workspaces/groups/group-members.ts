import type { Transaction } from 'kysely'
import type { DB } from '../../../db/schema.js'
import { AppError } from '../../../errors.js'
import type { Principal } from '../../../plugins/auth.js'
import { requireAdmin } from '../../../plugins/workspace-roles.js'
import { editableGroup, type GroupsDeps } from './groups-deps.js'

// An admin puts workspace members into groups and takes them out; the Everyone group holds
// every member by itself, so its membership is not edited.

async function memberByEmail(deps: GroupsDeps, trx: Transaction<DB>, principal: Principal, email: string) {
  const member = await deps.workspaces.findMemberByEmail(trx, principal.workspaceId, email)
  if (!member) throw new AppError('member_not_found', { param: 'email' })
  return member
}

export async function addMember(
  deps: GroupsDeps,
  principal: Principal,
  groupId: string,
  email: string,
): Promise<void> {
  requireAdmin(principal)
  await deps.groups.transaction(async (trx) => {
    const group = await editableGroup(deps, trx, principal, groupId)
    if (group.is_everyone) throw new AppError('everyone_group_protected')
    const member = await memberByEmail(deps, trx, principal, email)
    await deps.groups.addMember(trx, group.id, member.user_id)
    await deps.audit?.record(trx, principal, 'group_member_added', { type: 'group', id: group.id }, { email })
  })
}

export async function removeMember(
  deps: GroupsDeps,
  principal: Principal,
  groupId: string,
  email: string,
): Promise<void> {
  requireAdmin(principal)
  await deps.groups.transaction(async (trx) => {
    const group = await editableGroup(deps, trx, principal, groupId)
    if (group.is_everyone) throw new AppError('everyone_group_protected')
    const member = await memberByEmail(deps, trx, principal, email)
    await deps.groups.removeMember(trx, group.id, member.user_id)
    await deps.audit?.record(
      trx,
      principal,
      'group_member_removed',
      { type: 'group', id: group.id },
      { email },
    )
  })
}
