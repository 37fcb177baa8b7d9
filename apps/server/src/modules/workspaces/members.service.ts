import {
  GROUP_PERMISSIONS,
  OWNERSHIP_TRANSFER_SENTENCE,
  roleOfSeatType,
  type SeatType,
} from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { isAdmin, requireAdmin } from '../../plugins/workspace-roles.js'
import type { AuditLog } from '../audit/audit.module.js'
import { roleOf } from './workspace-access.js'
import type { WorkspacesRepository } from './workspaces.repository.js'

export interface MemberUpdate {
  email: string
  is_locked?: boolean | undefined
  workspace_role?: SeatType | undefined
  workspace_seat_type?: SeatType | undefined
}

function seatTypeOf(role: 'owner' | 'admin' | 'member'): SeatType {
  return role === 'member' ? 'workspace_member' : 'workspace_admin'
}

/** Members of a workspace: listing, lock and re-enable, roles, removal, ownership, switching. */
export function createMembersService(deps: {
  workspaces: WorkspacesRepository
  /** Billing writes the free plan of a new workspace. */
  insertFreeSubscription: (trx: Transaction<DB>, workspaceId: string) => Promise<void>
  audit?: AuditLog | undefined
}) {
  const { workspaces, audit } = deps

  /** The member an admin acts on, inside the caller's transaction with the workspace locked. */
  async function target(trx: Transaction<DB>, principal: Principal, email: string) {
    const workspace = await workspaces.lockWorkspace(trx, principal.workspaceId)
    if (!workspace) throw new AppError('workspace_not_found')
    const member = await workspaces.findMemberByEmail(trx, principal.workspaceId, email)
    if (!member) throw new AppError('member_not_found', { param: 'email' })
    return { workspace, member }
  }

  /** Workspace-wide settings the members screen shows; admins change them. */
  async function settings(principal: Principal) {
    const workspace = await workspaces.findWorkspace(principal.workspaceId)
    if (!workspace) throw new AppError('workspace_not_found')
    return {
      workspace_id: workspace.id,
      name: workspace.name,
      owner_id: workspace.owner_id,
      sharing_limited_to_admins: workspace.sharing_limited_to_admins,
    }
  }

  return {
    async list(principal: Principal) {
      const rows = await workspaces.listMembers(principal.workspaceId)
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
    },

    /** Locks, re-enables or changes the role of a member (admins only; the owner stays as is). */
    async update(principal: Principal, input: MemberUpdate): Promise<void> {
      requireAdmin(principal)
      const seat = input.workspace_seat_type ?? input.workspace_role
      await workspaces.transaction(async (trx) => {
        const { member } = await target(trx, principal, input.email)
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
    },

    /** Removes a member: their seat is free again. */
    async remove(principal: Principal, email: string): Promise<void> {
      requireAdmin(principal)
      await workspaces.transaction(async (trx) => {
        const { member } = await target(trx, principal, email)
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
    },

    /**
     * The owner hands the workspace to an enabled member, ticking the confirmation box and
     * typing the sentence. The previous owner stays an admin (the new owner may demote them).
     */
    async transferOwnership(
      principal: Principal,
      input: { email: string; confirm: boolean; confirmation_text: string },
    ): Promise<void> {
      if (principal.workspace?.role !== 'owner') throw new AppError('workspace_owner_required')
      if (!input.confirm || input.confirmation_text.trim() !== OWNERSHIP_TRANSFER_SENTENCE)
        throw new AppError('ownership_confirmation_required')
      await workspaces.transaction(async (trx) => {
        const { workspace, member } = await target(trx, principal, input.email)
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
    },

    /** The workspaces the caller belongs to, with the current one marked. */
    async listMine(principal: Principal) {
      const rows = await workspaces.listWorkspacesOf(principal.userId)
      return rows.map((w) => ({
        workspace_id: w.id,
        name: w.name,
        role: roleOf(w, principal.userId),
        state: w.state,
        is_current: w.id === principal.workspaceId,
      }))
    },

    /** Makes another workspace the caller's current one; every later call acts in it. */
    async switchTo(principal: Principal, workspaceId: string): Promise<{ workspace_id: string }> {
      // An identity provider vouches for its own workspace only.
      if (principal.sessionWorkspaceId && principal.sessionWorkspaceId !== workspaceId)
        throw new AppError('sso_session_workspace_only')
      const membership = await workspaces.membership(workspaceId, principal.userId)
      if (!membership) throw new AppError('workspace_not_found')
      if (membership.state !== 'enabled') throw new AppError('member_locked')
      await workspaces.setCurrentWorkspace(principal.userId, workspaceId)
      return { workspace_id: workspaceId }
    },

    settings,

    async updateSettings(principal: Principal, patch: { sharing_limited_to_admins?: boolean | undefined }) {
      requireAdmin(principal)
      await workspaces.updateSettings(principal.workspaceId, {
        ...(patch.sharing_limited_to_admins !== undefined
          ? { sharing_limited_to_admins: patch.sharing_limited_to_admins }
          : {}),
      })
      await audit?.record(
        undefined,
        principal,
        'workspace_settings_changed',
        { type: 'workspace', id: principal.workspaceId },
        patch,
      )
      return settings(principal)
    },

    /** Admins and the owner have every product; members what their groups grant. */
    access(principal: Principal) {
      const role = principal.workspace?.role ?? 'member'
      return {
        workspace_id: principal.workspaceId,
        role,
        is_admin: isAdmin(principal),
        permissions: [...(principal.workspace?.permissions ?? GROUP_PERMISSIONS)],
      }
    },

    flags(principal: Principal) {
      const admin = isAdmin(principal)
      return { is_admin: admin, can_access_workspace_settings: admin }
    },
  }
}

export type MembersService = ReturnType<typeof createMembersService>
