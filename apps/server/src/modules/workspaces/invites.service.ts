import {
  BULK_INVITE_MAX_EMAILS,
  BULK_INVITE_SEPARATORS,
  BULK_INVITE_TIERS,
  INVITE_TTL_SECONDS,
  isTier,
  type Locale,
  PLAN_LIMITS,
  roleOfSeatType,
  type SeatType,
  type Tier,
} from '@timbre/contract'
import type { Transaction } from 'kysely'
import { z } from 'zod'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import { hashSecret, newId, newSecret } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin, requireAdminPage } from '../../plugins/workspace-roles.js'
import type { AuditLog } from '../audit/audit.module.js'
import type { MailService } from '../mail/mail.module.js'
import { emailLocale, workspaceInviteEmail } from '../mail/mail.module.js'
import type { GroupsRepository } from './groups/groups.repository.js'
import type { WorkspacesRepository } from './workspaces.repository.js'

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

const email = z.email()

/** Addresses from bulk text: separated by spaces, commas or newlines; invalid ones are skipped. */
export function parseBulkEmails(entries: string[]): string[] {
  const found = new Map<string, string>()
  for (const entry of entries) {
    for (const part of entry.split(BULK_INVITE_SEPARATORS)) {
      const candidate = part.trim()
      if (candidate && candidate.length <= 254 && email.safeParse(candidate).success)
        found.set(candidate.toLowerCase(), candidate)
    }
  }
  return [...found.values()]
}

function roleOfInvite(input: {
  seat_type?: SeatType | undefined
  workspace_permission?: string | undefined
}) {
  if (input.seat_type) return roleOfSeatType(input.seat_type)
  return input.workspace_permission && /admin/i.test(input.workspace_permission) ? 'admin' : 'member'
}

/** Where an invite is sent from: the site's address for the link, and the request's locale. */
export interface InviteSite {
  origin: string
  locale: Locale
}

/** Invites: each holds a seat until it is accepted, declined or deleted; the code is mailed. */
export function createInvitesService(deps: {
  workspaces: WorkspacesRepository
  groups: GroupsRepository
  mail: MailService
  tierOf: (workspaceId: string) => Promise<string>
  reissue: SessionReissuer
  now?: () => Date
  audit?: AuditLog | undefined
}) {
  const { workspaces, groups, mail, audit } = deps
  const now = deps.now ?? (() => new Date())

  async function tier(workspaceId: string): Promise<Tier> {
    const value = await deps.tierOf(workspaceId)
    return isTier(value) ? value : 'free'
  }

  /** Writes the invites and their mails in one transaction, after the seat check. */
  async function inviteAll(
    principal: Principal,
    site: InviteSite,
    emails: string[],
    options: { role: 'admin' | 'member'; groupIds: string[] },
  ): Promise<void> {
    const maxSeats = PLAN_LIMITS[await tier(principal.workspaceId)].maxSeats
    // Each mail speaks its recipient's saved locale, else the one the inviting request asked for.
    const saved = await workspaces.savedLocalesByEmail(emails)
    await workspaces.transaction(async (trx) => {
      const workspace = await workspaces.lockWorkspace(trx, principal.workspaceId)
      if (!workspace) throw new AppError('workspace_not_found')
      const groupIds = [...new Set(options.groupIds)]
      const known = await groups.existingGroupIds(trx, principal.workspaceId, groupIds)
      if (known.length !== groupIds.length) throw new AppError('group_not_found', { param: 'group_ids' })
      let newSeats = 0
      for (const address of emails) {
        if (await workspaces.findMemberByEmail(trx, principal.workspaceId, address))
          throw new AppError('already_member', {
            message: `${address} is already a member of the workspace.`,
          })
        const pending = await workspaces.findInviteByEmail(trx, principal.workspaceId, address)
        if (!pending || pending.expires_at.getTime() <= now().getTime()) newSeats += 1
      }
      const taken = await workspaces.seatsTaken(trx, principal.workspaceId, now())
      if (taken + newSeats > maxSeats) throw new AppError('seat_limit_reached')
      for (const address of emails) {
        const code = newSecret('inv_')
        await workspaces.upsertInvite(trx, {
          id: newId(),
          workspaceId: principal.workspaceId,
          email: address,
          role: options.role,
          groupIds,
          codeHash: hashSecret(code),
          invitedBy: principal.userId,
          expiresAt: new Date(now().getTime() + INVITE_TTL_SECONDS * 1000),
        })
        await mail.enqueue(
          trx,
          workspaceInviteEmail(
            address,
            { workspaceName: workspace.name, invitedBy: principal.email, code, origin: site.origin },
            emailLocale(saved.get(address.toLowerCase()), site.locale),
          ),
        )
        await audit?.record(
          trx,
          principal,
          'member_invited',
          { type: 'invite', id: address },
          { role: options.role },
        )
      }
    })
  }

  /** The invite a code names, for the address it was sent to, inside the caller's transaction. */
  async function openInvite(trx: Transaction<DB>, principal: Principal, code: string) {
    const invite = await workspaces.findInviteByCode(trx, hashSecret(code))
    if (!invite) throw new AppError('invite_not_found')
    if (invite.expires_at.getTime() <= now().getTime()) throw new AppError('invite_expired')
    if (invite.email.toLowerCase() !== principal.email.toLowerCase())
      throw new AppError('invite_email_mismatch')
    return invite
  }

  return {
    async invite(principal: Principal, site: InviteSite, input: InviteInput): Promise<void> {
      requireAdmin(principal)
      await inviteAll(principal, site, [input.email.trim()], {
        role: roleOfInvite(input),
        groupIds: input.group_ids ?? [],
      })
    },

    async inviteBulk(
      principal: Principal,
      site: InviteSite,
      input: { emails: string[]; seat_type?: SeatType | undefined; group_ids?: string[] | undefined },
    ): Promise<void> {
      requireAdmin(principal)
      if (!BULK_INVITE_TIERS.includes(await tier(principal.workspaceId)))
        throw new AppError('bulk_invites_enterprise_only')
      const emails = parseBulkEmails(input.emails)
      if (emails.length === 0) throw new AppError('no_valid_bulk_invite_emails', { param: 'emails' })
      if (emails.length > BULK_INVITE_MAX_EMAILS)
        throw new AppError('validation_error', {
          message: `At most ${BULK_INVITE_MAX_EMAILS} addresses can be invited at once.`,
          param: 'emails',
        })
      await inviteAll(principal, site, emails, {
        role: roleOfInvite(input),
        groupIds: input.group_ids ?? [],
      })
    },

    async list(principal: Principal) {
      requireAdminPage(principal)
      const rows = await workspaces.listInvites(principal.workspaceId)
      return rows.map((r) => ({
        email: r.email,
        seat_type: r.role === 'admin' ? ('workspace_admin' as const) : ('workspace_member' as const),
        group_ids: r.group_ids,
        created_at_unix: Math.floor(r.created_at.getTime() / 1000),
        expires_at_unix: Math.floor(r.expires_at.getTime() / 1000),
        is_expired: r.expires_at.getTime() <= now().getTime(),
      }))
    },

    async remove(principal: Principal, address: string): Promise<void> {
      requireAdmin(principal)
      const invite = await workspaces.findInviteByEmail(undefined, principal.workspaceId, address)
      if (!invite) throw new AppError('invite_not_found', { param: 'email' })
      await workspaces.deleteInvite(undefined, invite.id)
      await audit?.record(undefined, principal, 'invite_revoked', { type: 'invite', id: invite.email })
    },

    /**
     * The invite a mailed code names, for the page that asks to accept it: whose workspace, who
     * sent it, to which address. Holding the code is what the mail gives, so any signed-in
     * person with it may look; answering still needs the invited address.
     */
    async preview(principal: Principal, code: string) {
      const row = await workspaces.previewInvite(hashSecret(code))
      if (!row) throw new AppError('invite_not_found')
      return {
        workspace_name: row.workspace_name,
        inviter_name: row.inviter_first_name?.trim() || null,
        inviter_email: row.inviter_email ?? null,
        email: row.email,
        seat_type: row.role === 'admin' ? ('workspace_admin' as const) : ('workspace_member' as const),
        expires_at_unix: Math.floor(row.expires_at.getTime() / 1000),
        is_expired: row.expires_at.getTime() <= now().getTime(),
        email_matches: row.email.toLowerCase() === principal.email.toLowerCase(),
      }
    },

    /**
     * Joins the workspace of the invite and makes it the current one. A caller with an access
     * token gets new tokens at once, so no token issued before the change stays in use.
     */
    async accept(principal: Principal, code: string) {
      // The plan may have shrunk since the invite was sent: its seat must still exist. The plan
      // is read before the transaction (another domain's read inside it would wait on it).
      const workspaceId = await workspaces.inviteWorkspace(hashSecret(code))
      if (!workspaceId) throw new AppError('invite_not_found')
      const maxSeats = PLAN_LIMITS[await tier(workspaceId)].maxSeats
      const invite = await workspaces.transaction(async (trx) => {
        const invite = await openInvite(trx, principal, code)
        await workspaces.lockWorkspace(trx, invite.workspace_id)
        if ((await workspaces.seatsTaken(trx, invite.workspace_id, now())) > maxSeats)
          throw new AppError('seat_limit_reached')
        if (!(await workspaces.membership(invite.workspace_id, principal.userId, trx))) {
          await workspaces.insertMember(trx, {
            workspaceId: invite.workspace_id,
            userId: principal.userId,
            role: invite.role,
          })
          const groupIds = await groups.existingGroupIds(trx, invite.workspace_id, invite.group_ids)
          for (const groupId of groupIds) await groups.addMember(trx, groupId, principal.userId)
        }
        await workspaces.deleteInvite(trx, invite.id)
        await workspaces.setCurrentWorkspace(principal.userId, invite.workspace_id, trx)
        return invite
      })
      const tokens =
        principal.via === 'access_token' && principal.sessionId
          ? await deps.reissue(principal.sessionId)
          : null
      return { status: 'ok', workspace_id: invite.workspace_id, ...(tokens ? { tokens } : {}) }
    },

    /** Declining ends the invite; its seat is free again. */
    async decline(principal: Principal, code: string): Promise<void> {
      await workspaces.transaction(async (trx) => {
        const invite = await openInvite(trx, principal, code)
        await workspaces.deleteInvite(trx, invite.id)
      })
    },
  }
}

export type InvitesService = ReturnType<typeof createInvitesService>
