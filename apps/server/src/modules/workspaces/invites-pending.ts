import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin, requireAdminPage } from '../../plugins/workspace-roles.js'
import type { InvitesDeps } from './invites-deps.js'

// The invites still waiting for an answer, as the workspace's admins see and revoke them.

export async function list(deps: InvitesDeps, principal: Principal) {
  requireAdminPage(principal)
  const rows = await deps.workspaces.listInvites(principal.workspaceId)
  return rows.map((r) => ({
    email: r.email,
    seat_type: r.role === 'admin' ? ('workspace_admin' as const) : ('workspace_member' as const),
    group_ids: r.group_ids,
    created_at_unix: Math.floor(r.created_at.getTime() / 1000),
    expires_at_unix: Math.floor(r.expires_at.getTime() / 1000),
    is_expired: r.expires_at.getTime() <= deps.now().getTime(),
  }))
}

export async function remove(deps: InvitesDeps, principal: Principal, address: string): Promise<void> {
  requireAdmin(principal)
  const invite = await deps.workspaces.findInviteByEmail(undefined, principal.workspaceId, address)
  if (!invite) throw new AppError('invite_not_found', { param: 'email' })
  await deps.workspaces.deleteInvite(undefined, invite.id)
  await deps.audit?.record(undefined, principal, 'invite_revoked', { type: 'invite', id: invite.email })
}
