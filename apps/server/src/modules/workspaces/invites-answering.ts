import { PLAN_LIMITS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { hashSecret } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { type InvitesDeps, openInvite, workspaceTier } from './invites-deps.js'

// The invited person's side: look at the invite a mailed code names, then accept or decline it.

/**
 * The invite a mailed code names, for the page that asks to accept it: whose workspace, who
 * sent it, to which address. Holding the code is what the mail gives, so any signed-in
 * person with it may look; answering still needs the invited address.
 */
export async function preview(deps: InvitesDeps, principal: Principal, code: string) {
  const row = await deps.workspaces.previewInvite(hashSecret(code))
  if (!row) throw new AppError('invite_not_found')
  return {
    workspace_name: row.workspace_name,
    inviter_name: row.inviter_first_name?.trim() || null,
    inviter_email: row.inviter_email ?? null,
    email: row.email,
    seat_type: row.role === 'admin' ? ('workspace_admin' as const) : ('workspace_member' as const),
    expires_at_unix: Math.floor(row.expires_at.getTime() / 1000),
    is_expired: row.expires_at.getTime() <= deps.now().getTime(),
    email_matches: row.email.toLowerCase() === principal.email.toLowerCase(),
  }
}

/**
 * Joins the workspace of the invite and makes it the current one. A caller with an access
 * token gets new tokens at once, so no token issued before the change stays in use.
 */
export async function accept(deps: InvitesDeps, principal: Principal, code: string) {
  const { workspaces, groups, now } = deps
  // The plan may have shrunk since the invite was sent: its seat must still exist. The plan
  // is read before the transaction (another domain's read inside it would wait on it).
  const workspaceId = await workspaces.inviteWorkspace(hashSecret(code))
  if (!workspaceId) throw new AppError('invite_not_found')
  const maxSeats = PLAN_LIMITS[await workspaceTier(deps, workspaceId)].maxSeats
  const invite = await workspaces.transaction(async (trx) => {
    const invite = await openInvite(deps, trx, principal, code)
    await workspaces.lockWorkspace(trx, invite.workspace_id)
    if ((await workspaces.seatsTaken(trx, invite.workspace_id, now())) > maxSeats)
      throw new AppError('seat_limit_reached')
    if (!(await workspaces.membership(invite.workspace_id, principal.userId, trx))) {
      await workspaces.insertMember(trx, {
        workspaceId: invite.workspace_id,
        userId: principal.userId,
        role: invite.role,
      })
      const groupIds = await groups.existingGroupIds(trx, invite.workspace_id, invite.group_ids)
      for (const groupId of groupIds) await groups.addMember(trx, groupId, principal.userId)
    }
    await workspaces.deleteInvite(trx, invite.id)
    await workspaces.setCurrentWorkspace(principal.userId, invite.workspace_id, trx)
    return invite
  })
  const tokens =
    principal.via === 'access_token' && principal.sessionId ? await deps.reissue(principal.sessionId) : null
  return { status: 'ok', workspace_id: invite.workspace_id, ...(tokens ? { tokens } : {}) }
}

/** Declining ends the invite; its seat is free again. */
export async function decline(deps: InvitesDeps, principal: Principal, code: string): Promise<void> {
  await deps.workspaces.transaction(async (trx) => {
    const invite = await openInvite(deps, trx, principal, code)
    await deps.workspaces.deleteInvite(trx, invite.id)
  })
}
