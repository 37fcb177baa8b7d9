import { GROUP_PERMISSIONS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { isAdmin, requireAdmin } from '../../plugins/workspace-roles.js'
import type { MembersDeps } from './members-deps.js'

// Workspace-wide settings the members screen shows (admins change them), and what the caller
// may do in the workspace.

export async function settings(deps: MembersDeps, principal: Principal) {
  const workspace = await deps.workspaces.findWorkspace(principal.workspaceId)
  if (!workspace) throw new AppError('workspace_not_found')
  return {
    workspace_id: workspace.id,
    name: workspace.name,
    owner_id: workspace.owner_id,
    sharing_limited_to_admins: workspace.sharing_limited_to_admins,
  }
}

export async function updateSettings(
  deps: MembersDeps,
  principal: Principal,
  patch: { sharing_limited_to_admins?: boolean | undefined },
) {
  requireAdmin(principal)
  await deps.workspaces.updateSettings(principal.workspaceId, {
    ...(patch.sharing_limited_to_admins !== undefined
      ? { sharing_limited_to_admins: patch.sharing_limited_to_admins }
      : {}),
  })
  await deps.audit?.record(
    undefined,
    principal,
    'workspace_settings_changed',
    { type: 'workspace', id: principal.workspaceId },
    patch,
  )
  return settings(deps, principal)
}

/** Admins and the owner have every product; members what their groups grant. */
export function access(principal: Principal) {
  const role = principal.workspace?.role ?? 'member'
  return {
    workspace_id: principal.workspaceId,
    role,
    is_admin: isAdmin(principal),
    permissions: [...(principal.workspace?.permissions ?? GROUP_PERMISSIONS)],
  }
}

export function flags(principal: Principal) {
  const admin = isAdmin(principal)
  return { is_admin: admin, can_access_workspace_settings: admin }
}
