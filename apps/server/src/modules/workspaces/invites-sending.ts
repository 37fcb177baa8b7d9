import {
  BULK_INVITE_MAX_EMAILS,
  BULK_INVITE_SEPARATORS,
  BULK_INVITE_TIERS,
  INVITE_TTL_SECONDS,
  PLAN_LIMITS,
  type SeatType,
} from '@timbre/contract'
import { z } from 'zod'
import { AppError } from '../../errors.js'
import { hashSecret, newId, newSecret } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin } from '../../plugins/workspace-roles.js'
import { emailLocale, workspaceInviteEmail } from '../mail/mail.module.js'
import {
  type InviteInput,
  type InviteSite,
  type InvitesDeps,
  roleOfInvite,
  workspaceTier,
} from './invites-deps.js'

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

/** Writes the invites and their mails in one transaction, after the seat check. */
async function inviteAll(
  deps: InvitesDeps,
  principal: Principal,
  site: InviteSite,
  emails: string[],
  options: { role: 'admin' | 'member'; groupIds: string[] },
): Promise<void> {
  const { workspaces, groups, mail, audit, now } = deps
  const maxSeats = PLAN_LIMITS[await workspaceTier(deps, principal.workspaceId)].maxSeats
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

export async function invite(
  deps: InvitesDeps,
  principal: Principal,
  site: InviteSite,
  input: InviteInput,
): Promise<void> {
  requireAdmin(principal)
  await inviteAll(deps, principal, site, [input.email.trim()], {
    role: roleOfInvite(input),
    groupIds: input.group_ids ?? [],
  })
}

export async function inviteBulk(
  deps: InvitesDeps,
  principal: Principal,
  site: InviteSite,
  input: { emails: string[]; seat_type?: SeatType | undefined; group_ids?: string[] | undefined },
): Promise<void> {
  requireAdmin(principal)
  if (!BULK_INVITE_TIERS.includes(await workspaceTier(deps, principal.workspaceId)))
    throw new AppError('bulk_invites_enterprise_only')
  const emails = parseBulkEmails(input.emails)
  if (emails.length === 0) throw new AppError('no_valid_bulk_invite_emails', { param: 'emails' })
  if (emails.length > BULK_INVITE_MAX_EMAILS)
    throw new AppError('validation_error', {
      message: `At most ${BULK_INVITE_MAX_EMAILS} addresses can be invited at once.`,
      param: 'emails',
    })
  await inviteAll(deps, principal, site, emails, {
    role: roleOfInvite(input),
    groupIds: input.group_ids ?? [],
  })
}
