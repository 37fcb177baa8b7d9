import type { SeatType } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { WorkspacesRepository } from './workspaces.repository.js'

// Members of a workspace: listing, lock and re-enable, roles, removal, ownership, switching.

export interface MemberUpdate {
  email: string
  is_locked?: boolean | undefined
  workspace_role?: SeatType | undefined
  workspace_seat_type?: SeatType | undefined
}

export interface MembersDeps {
  workspaces: WorkspacesRepository
  /** Billing writes the free plan of a new workspace. */
  insertFreeSubscription: (trx: Transaction<DB>, workspaceId: string) => Promise<void>
  audit?: AuditLog | undefined
}

/** The member an admin acts on, inside the caller's transaction with the workspace locked. */
export async function target(deps: MembersDeps, trx: Transaction<DB>, principal: Principal, email: string) {
  const workspace = await deps.workspaces.lockWorkspace(trx, principal.workspaceId)
  if (!workspace) throw new AppError('workspace_not_found')
  const member = await deps.workspaces.findMemberByEmail(trx, principal.workspaceId, email)
  if (!member) throw new AppError('member_not_found', { param: 'email' })
  return { workspace, member }
}
