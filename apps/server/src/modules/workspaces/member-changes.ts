import { OWNERSHIP_TRANSFER_SENTENCE, roleOfSeatType } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin } from '../../plugins/workspace-roles.js'
import { type MembersDeps, type MemberUpdate, target } from './members-deps.js'

// What admins and the owner change about a member: lock, role, removal, and ownership itself.

/** Locks, re-enables or changes the role of a member (admins only; the owner stays as is). */
export async function update(deps: MembersDeps, principal: Principal, input: MemberUpdate): Promise<void> {
  const { workspaces, audit } = deps
  requireAdmin(principal)
  const seat = input.workspace_seat_type ?? input.workspace_role
  await workspaces.transaction(async (trx) => {
    const { member } = await target(deps, trx, principal, input.email)
    const changesRole = seat !== undefined && roleOfSeatType(seat) !== member.role
    if (member.owner_id === member.user_id && (input.is_locked === true || changesRole))
      throw new AppError('owner_cannot_be_changed')
    if (member.state === 'disabled' && (input.is_locked !== undefined || changesRole))
      throw new AppError('member_disabled_by_identity_provider')
    await workspaces.updateMember(trx, principal.workspaceId, member.user_id, {
      ...(seat !== undefined ? { role: roleOfSeatType(seat) } : {}),
      ...(input.is_locked !== undefined ? { state: input.is_locked ? 'locked' : 'enabled' } : {}),
    })
    const who = { type: 'member', id: member.email }
    if (changesRole)
      await audit?.record(trx, principal, 'member_role_changed', who, { role: roleOfSeatType(seat) })
    if (input.is_locked !== undefined)
      await audit?.record(trx, principal, input.is_locked ? 'member_locked' : 'member_enabled', who)
  })
}

/** Removes a member: their seat is free again. */
export async function remove(deps: MembersDeps, principal: Principal, email: string): Promise<void> {
  const { workspaces, audit } = deps
  requireAdmin(principal)
  await workspaces.transaction(async (trx) => {
    const { member } = await target(deps, trx, principal, email)
    if (member.owner_id === member.user_id) throw new AppError('owner_cannot_be_changed')
    if (member.state === 'disabled') throw new AppError('member_disabled_by_identity_provider')
    await workspaces.deleteMember(trx, principal.workspaceId, member.user_id)
    await audit?.record(trx, principal, 'member_removed', { type: 'member', id: member.email })
    // Someone removed from their only workspace gets a free one of their own.
    if (!(await workspaces.hasEnabledMembership(trx, member.user_id))) {
      const workspaceId = newId()
      await workspaces.insertPersonalWorkspace(trx, {
        workspaceId,
        userId: member.user_id,
        name: `${member.first_name ?? member.email.split('@')[0]}'s Workspace`,
      })
      await deps.insertFreeSubscription(trx, workspaceId)
    }
  })
}

/**
 * The owner hands the workspace to an enabled member, ticking the confirmation box and
 * typing the sentence. The previous owner stays an admin (the new owner may demote them).
 */
export async function transferOwnership(
  deps: MembersDeps,
  principal: Principal,
  input: { email: string; confirm: boolean; confirmation_text: string },
): Promise<void> {
  const { workspaces, audit } = deps
  if (principal.workspace?.role !== 'owner') throw new AppError('workspace_owner_required')
  if (!input.confirm || input.confirmation_text.trim() !== OWNERSHIP_TRANSFER_SENTENCE)
    throw new AppError('ownership_confirmation_required')
  await workspaces.transaction(async (trx) => {
    const { workspace, member } = await target(deps, trx, principal, input.email)
    if (workspace.owner_id !== principal.userId) throw new AppError('workspace_owner_required')
    if (member.user_id === principal.userId) return
    if (member.state !== 'enabled')
      throw new AppError('member_locked', {
        message: 'Ownership can only go to an enabled member.',
      })
    await workspaces.updateMember(trx, principal.workspaceId, member.user_id, { role: 'admin' })
    await workspaces.updateMember(trx, principal.workspaceId, principal.userId, { role: 'admin' })
    await workspaces.setOwner(trx, principal.workspaceId, member.user_id)
    await audit?.record(trx, principal, 'ownership_transferred', { type: 'member', id: member.email })
  })
}
