import { GROUP_PERMISSIONS, type GroupPermission, type WorkspaceRole } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Principal, PrincipalResolver } from '../../plugins/auth.js'
import type { GroupsRepository } from './groups/groups.repository.js'
import type { WorkspacesRepository } from './workspaces.repository.js'

export function roleOf(
  membership: { role: 'admin' | 'member'; owner_id: string },
  userId: string,
): WorkspaceRole {
  return membership.owner_id === userId ? 'owner' : membership.role
}

/**
 * Completes every principal with the caller's place in its workspace. A signed-in user whose
 * current workspace no longer has them enabled (removed, locked) works in a workspace of their
 * own again; an API key belongs to one workspace and stops working there.
 */
export function createWorkspaceAccess(deps: { workspaces: WorkspacesRepository; groups: GroupsRepository }) {
  const { workspaces, groups } = deps

  async function permissionsOf(workspaceId: string, userId: string): Promise<GroupPermission[]> {
    const granted = await groups.grantedPermissions(workspaceId, userId)
    // Until an admin edits the Everyone group, every member has every product.
    if (!granted.everyone) return [...GROUP_PERMISSIONS]
    return GROUP_PERMISSIONS.filter((p) => granted.permissions.includes(p))
  }

  async function attach(principal: Principal): Promise<Principal> {
    let workspaceId = principal.workspaceId
    let membership = await workspaces.membership(workspaceId, principal.userId)
    if (membership?.state !== 'enabled') {
      if (principal.apiKey) throw new AppError(membership ? 'member_locked' : 'invalid_api_key')
      // A session single sign-on opened never falls back to the account's other workspaces.
      if (principal.sessionWorkspaceId) throw new AppError(membership ? 'member_locked' : 'unauthorized')
      const fallback = (await workspaces.listWorkspacesOf(principal.userId)).find(
        (w) => w.state === 'enabled',
      )
      if (!fallback) throw new AppError(membership ? 'member_locked' : 'account_deleted')
      workspaceId = fallback.id
      await workspaces.setCurrentWorkspace(principal.userId, workspaceId)
      membership = {
        workspace_id: fallback.id,
        role: fallback.role,
        state: fallback.state,
        owner_id: fallback.owner_id,
      }
    }
    const role = roleOf(membership, principal.userId)
    const permissions = role === 'member' ? await permissionsOf(workspaceId, principal.userId) : null
    return { ...principal, workspaceId, workspace: { role, permissions } }
  }

  return {
    attach,
    /** The accounts resolver, with every principal completed by `attach`. */
    wrap(inner: PrincipalResolver): PrincipalResolver {
      return {
        fromApiKey: async (key) => attach(await inner.fromApiKey(key)),
        fromAccessToken: async (token) => attach(await inner.fromAccessToken(token)),
        fromSessionCookie: async (token) => {
          const principal = await inner.fromSessionCookie(token)
          return principal ? attach(principal) : null
        },
      }
    },
  }
}
