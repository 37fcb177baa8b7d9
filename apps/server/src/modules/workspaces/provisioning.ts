import { isTier, PLAN_LIMITS, type Tier } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { WorkspacesRepository } from './workspaces.repository.js'

/**
 * Membership as single sign-on needs it: whether a user is in a workspace, and adding a user
 * an identity provider vouched for as a member (auto provisioning), which takes a seat like an
 * accepted invite does.
 */
export function createMemberProvisioning(deps: {
  workspaces: WorkspacesRepository
  tierOf: (workspaceId: string) => Promise<string>
}) {
  const { workspaces } = deps
  return {
    async membership(workspaceId: string, userId: string) {
      const row = await workspaces.membership(workspaceId, userId)
      return row ? { role: row.role, state: row.state, isOwner: row.owner_id === userId } : null
    },

    /** Seats of the workspace's plan; read before the transaction that takes one. */
    async maxSeats(workspaceId: string): Promise<number> {
      const tier = await deps.tierOf(workspaceId)
      return PLAN_LIMITS[isTier(tier) ? tier : ('free' as Tier)].maxSeats
    },

    /** Adds a member inside the caller's transaction, when a seat is free. */
    async join(
      trx: Transaction<DB>,
      input: { workspaceId: string; userId: string; maxSeats: number; now: Date },
    ): Promise<void> {
      await workspaces.lockWorkspace(trx, input.workspaceId)
      if ((await workspaces.seatsTaken(trx, input.workspaceId, input.now)) >= input.maxSeats)
        throw new AppError('seat_limit_reached')
      await workspaces.insertMember(trx, {
        workspaceId: input.workspaceId,
        userId: input.userId,
        role: 'member',
      })
    },

    setCurrentWorkspace: (userId: string, workspaceId: string, trx?: Transaction<DB>) =>
      workspaces.setCurrentWorkspace(userId, workspaceId, trx),
  }
}

export type MemberProvisioning = ReturnType<typeof createMemberProvisioning>
