import {
  RESOURCE_EDIT_ROLES,
  RESOURCE_ROLES,
  type ResourceRole,
  type ShareableResourceType,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { DirectoryRepository } from './directory.repository.js'
import type { SharingRepository } from './sharing.repository.js'

export interface ResourceCaller {
  workspaceId: string
  userId: string
}

/** A shareable resource as the domain that owns it describes it. */
export interface ResourceRef {
  type: ShareableResourceType
  id: string
  /** Who created it; they keep the admin role on it. */
  creatorUserId: string | null
}

/**
 * Per-resource roles, asked by every domain that owns shareable resources. Workspace admins and
 * a resource's creator are its admins; everyone else has the strongest role granted to them or
 * to one of their groups (the Everyone group included), and at least view access, since members
 * see the workspace's resources.
 */
export interface ResourceAccess {
  roleOn(caller: ResourceCaller, resource: ResourceRef): Promise<ResourceRole>
  /** Refuses (403) a caller who may only view the resource. */
  requireEditor(caller: ResourceCaller, resource: ResourceRef): Promise<void>
  /** A resource was created: the groups that ask for it get editor access to it. */
  created(caller: ResourceCaller, resource: Omit<ResourceRef, 'creatorUserId'>): Promise<void>
  /** A resource was deleted: its grants go too. */
  deleted(workspaceId: string, resource: Omit<ResourceRef, 'creatorUserId'>): Promise<void>
}

function strongest(roles: readonly string[]): ResourceRole {
  return RESOURCE_ROLES.find((r) => roles.includes(r)) ?? 'viewer'
}

export function createResourceAccess(deps: {
  sharing: SharingRepository
  directory: DirectoryRepository
}): ResourceAccess {
  const { sharing, directory } = deps

  async function roleOn(caller: ResourceCaller, resource: ResourceRef): Promise<ResourceRole> {
    if (resource.creatorUserId === caller.userId) return 'admin'
    const membership = await directory.membership(caller.workspaceId, caller.userId)
    if (membership?.state !== 'enabled') return 'viewer'
    // The workspace's owner and admins administer every resource in it.
    if (membership.owner_id === caller.userId || membership.role === 'admin') return 'admin'
    return strongest(await sharing.rolesOf(caller.workspaceId, resource.type, resource.id, caller.userId))
  }

  return {
    roleOn,
    async requireEditor(caller, resource) {
      if (!RESOURCE_EDIT_ROLES.includes(await roleOn(caller, resource)))
        throw new AppError('resource_edit_not_allowed')
    },
    async created(caller, resource) {
      // The Everyone group (editor on new resources unless an admin turned it off) exists first.
      await directory.ensureEveryone(caller.workspaceId)
      await sharing.grantNewResourceEditors(caller.workspaceId, resource.type, resource.id)
    },
    async deleted(workspaceId, resource) {
      await sharing.removeAll(workspaceId, resource.type, resource.id)
    },
  }
}
