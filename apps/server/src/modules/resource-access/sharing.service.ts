import {
  DEFAULT_SHARE_GROUP_ID,
  RESOURCE_ROLES,
  type ResourceRole,
  type ShareableResourceType,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { isAdmin } from '../../plugins/workspace-roles.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { DirectoryRepository } from './directory.repository.js'
import type { Grant, SharingRepository } from './sharing.repository.js'

export interface ShareTarget {
  user_email?: string | undefined
  group_id?: string | undefined
  workspace_api_key_id?: string | undefined
}

interface Resource {
  id: string
  type: ShareableResourceType
  name: string
  creatorUserId: string | null
}

/** How the domain owning a resource type finds one of a workspace's resources. */
export type ResourceLookup = (
  workspaceId: string,
  resourceId: string,
) => Promise<{ id: string; name: string; creatorUserId: string | null } | null>

/**
 * Sharing a workspace's resources with its users and groups as admin, editor, commenter or
 * viewer. Workspace admins may always share; otherwise the resource's creator and its admins
 * may, unless the workspace limits sharing to admins.
 */
export function createSharingService(deps: {
  sharing: SharingRepository
  directory: DirectoryRepository
  /** Each resource type is looked up by the domain that owns it (registered when it is built). */
  lookups: Partial<Record<ShareableResourceType, ResourceLookup>>
  audit?: AuditLog | undefined
}) {
  const { sharing, directory, audit } = deps

  /** The resource in the caller's workspace; another workspace's resource does not exist. */
  async function resource(principal: Principal, type: ShareableResourceType, id: string): Promise<Resource> {
    const found = await deps.lookups[type]?.(principal.workspaceId, id)
    if (!found) throw new AppError('resource_not_found')
    return { ...found, type }
  }

  async function canShare(principal: Principal, res: Resource, grants: Grant[]): Promise<boolean> {
    if (isAdmin(principal)) return true
    const workspace = await directory.findWorkspace(principal.workspaceId)
    if (!workspace || workspace.sharing_limited_to_admins) return false
    if (res.creatorUserId === principal.userId) return true
    return grants.some(
      (g) => g.principalType === 'user' && g.principalId === principal.userId && g.role === 'admin',
    )
  }

  async function targetOf(principal: Principal, target: ShareTarget): Promise<Omit<Grant, 'role'>> {
    const named = [target.user_email, target.group_id, target.workspace_api_key_id].filter(
      (v) => v !== undefined,
    )
    if (named.length !== 1) throw new AppError('invalid_share_target')
    if (target.workspace_api_key_id !== undefined)
      throw new AppError('invalid_share_target', {
        message: 'Sharing with workspace API keys is not available yet; share with a user or a group.',
        param: 'workspace_api_key_id',
      })
    if (target.user_email !== undefined) {
      const member = await directory.findMemberByEmail(principal.workspaceId, target.user_email)
      if (!member) throw new AppError('member_not_found', { param: 'user_email' })
      return { principalType: 'user', principalId: member.user_id }
    }
    const groupId = target.group_id as string
    if (groupId === DEFAULT_SHARE_GROUP_ID) {
      const everyone = await directory.ensureEveryone(principal.workspaceId)
      return { principalType: 'group', principalId: everyone.id }
    }
    const group = await directory.findGroup(principal.workspaceId, groupId)
    if (!group) throw new AppError('group_not_found', { param: 'group_id' })
    return { principalType: 'group', principalId: group.id }
  }

  return {
    async get(principal: Principal, type: ShareableResourceType, id: string) {
      const res = await resource(principal, type, id)
      const [grants, members, groupRows] = await Promise.all([
        sharing.grants(principal.workspaceId, type, res.id),
        directory.listMembers(principal.workspaceId),
        directory.listGroups(principal.workspaceId),
      ])
      const roleToGroupIds: Record<ResourceRole, string[]> = {
        admin: [],
        editor: [],
        commenter: [],
        viewer: [],
      }
      if (res.creatorUserId) roleToGroupIds.admin.push(res.creatorUserId)
      const holders = new Set([res.creatorUserId, ...grants.map((g) => g.principalId)])
      for (const g of grants) {
        const role = RESOURCE_ROLES.find((r) => r === g.role)
        if (role && !roleToGroupIds[role].includes(g.principalId)) roleToGroupIds[role].push(g.principalId)
      }
      const shareOptions = [
        ...members
          .filter((m) => !holders.has(m.user_id))
          .map((m) => ({ name: m.first_name ?? m.email, id: m.user_id, type: 'user' as const })),
        ...groupRows
          .filter((g) => !holders.has(g.id))
          .map((g) => ({ name: g.name, id: g.id, type: 'group' as const })),
      ]
      return {
        resource_id: res.id,
        resource_name: res.name,
        resource_type: type,
        creator_user_id: res.creatorUserId ?? undefined,
        anonymous_access_level_override: null,
        role_to_group_ids: roleToGroupIds,
        share_options: shareOptions,
      }
    },

    async share(
      principal: Principal,
      type: ShareableResourceType,
      id: string,
      input: ShareTarget & { role: ResourceRole },
    ): Promise<void> {
      const res = await resource(principal, type, id)
      const grants = await sharing.grants(principal.workspaceId, type, res.id)
      if (!(await canShare(principal, res, grants))) throw new AppError('resource_sharing_not_allowed')
      const target = await targetOf(principal, input)
      await sharing.upsert(principal.workspaceId, type, res.id, { ...target, role: input.role })
      await audit?.record(
        undefined,
        principal,
        'resource_shared',
        { type, id: res.id },
        { ...target, role: input.role },
      )
    },

    async unshare(principal: Principal, type: ShareableResourceType, id: string, input: ShareTarget) {
      const res = await resource(principal, type, id)
      const grants = await sharing.grants(principal.workspaceId, type, res.id)
      if (!(await canShare(principal, res, grants))) throw new AppError('resource_sharing_not_allowed')
      const target = await targetOf(principal, input)
      await sharing.remove(principal.workspaceId, type, res.id, target)
      await audit?.record(undefined, principal, 'resource_unshared', { type, id: res.id }, { ...target })
    },
  }
}

export type SharingService = ReturnType<typeof createSharingService>
