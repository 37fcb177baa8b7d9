import type { SeatType } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import type { MembersDeps } from './members-deps.js'
import { roleOf } from './workspace-access.js'

// Who is in the workspace, which workspaces the caller is in, and moving between them.

function seatTypeOf(role: 'owner' | 'admin' | 'member'): SeatType {
  return role === 'member' ? 'workspace_member' : 'workspace_admin'
}

export async function list(deps: MembersDeps, principal: Principal) {
  const rows = await deps.workspaces.listMembers(principal.workspaceId)
  return rows.map((m) => {
    const role = roleOf(m, m.user_id)
    return {
      user_id: m.user_id,
      email: m.email,
      first_name: m.first_name ?? undefined,
      seat_type: seatTypeOf(role),
      is_owner: role === 'owner',
      is_locked: m.state === 'locked',
      role,
      state: m.state,
    }
  })
}

/** The workspaces the caller belongs to, with the current one marked. */
export async function listMine(deps: MembersDeps, principal: Principal) {
  const rows = await deps.workspaces.listWorkspacesOf(principal.userId)
  return rows.map((w) => ({
    workspace_id: w.id,
    name: w.name,
    role: roleOf(w, principal.userId),
    state: w.state,
    is_current: w.id === principal.workspaceId,
  }))
}

/** Makes another workspace the caller's current one; every later call acts in it. */
export async function switchTo(
  deps: MembersDeps,
  principal: Principal,
  workspaceId: string,
): Promise<{ workspace_id: string }> {
  // An identity provider vouches for its own workspace only.
  if (principal.sessionWorkspaceId && principal.sessionWorkspaceId !== workspaceId)
    throw new AppError('sso_session_workspace_only')
  const membership = await deps.workspaces.membership(workspaceId, principal.userId)
  if (!membership) throw new AppError('workspace_not_found')
  if (membership.state !== 'enabled') throw new AppError('member_locked')
  await deps.workspaces.setCurrentWorkspace(principal.userId, workspaceId)
  return { workspace_id: workspaceId }
}
