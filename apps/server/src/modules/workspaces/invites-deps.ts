import { isTier, type Locale, roleOfSeatType, type SeatType, type Tier } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import { hashSecret } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { MailService } from '../mail/mail.module.js'
import type { GroupsRepository } from './groups/groups.repository.js'
import type { WorkspacesRepository } from './workspaces.repository.js'

// Invites: each holds a seat until it is accepted, declined or deleted; the code is mailed.

export interface InviteInput {
  email: string
  seat_type?: SeatType | undefined
  workspace_permission?: string | undefined
  group_ids?: string[] | undefined
}

/** A new access token for a session, after its workspace changed (the accounts module issues it). */
export type SessionReissuer = (
  sessionId: string,
) => Promise<{ access_token: string; refresh_token: string; expires_in: number; token_type: 'bearer' }>

/** Where an invite is sent from: the site's address for the link, and the request's locale. */
export interface InviteSite {
  origin: string
  locale: Locale
}

export interface InvitesDeps {
  workspaces: WorkspacesRepository
  groups: GroupsRepository
  mail: MailService
  tierOf: (workspaceId: string) => Promise<string>
  reissue: SessionReissuer
  now: () => Date
  audit?: AuditLog | undefined
}

export async function workspaceTier(deps: InvitesDeps, workspaceId: string): Promise<Tier> {
  const value = await deps.tierOf(workspaceId)
  return isTier(value) ? value : 'free'
}

export function roleOfInvite(input: {
  seat_type?: SeatType | undefined
  workspace_permission?: string | undefined
}) {
  if (input.seat_type) return roleOfSeatType(input.seat_type)
  return input.workspace_permission && /admin/i.test(input.workspace_permission) ? 'admin' : 'member'
}

/** The invite a code names, for the address it was sent to, inside the caller's transaction. */
export async function openInvite(
  deps: InvitesDeps,
  trx: Transaction<DB>,
  principal: Principal,
  code: string,
) {
  const invite = await deps.workspaces.findInviteByCode(trx, hashSecret(code))
  if (!invite) throw new AppError('invite_not_found')
  if (invite.expires_at.getTime() <= deps.now().getTime()) throw new AppError('invite_expired')
  if (invite.email.toLowerCase() !== principal.email.toLowerCase())
    throw new AppError('invite_email_mismatch')
  return invite
}
