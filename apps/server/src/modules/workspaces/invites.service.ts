import { bindUseCases } from '../../platform/use-cases.js'
import { accept, decline, preview } from './invites-answering.js'
import type { InvitesDeps } from './invites-deps.js'
import { list, remove } from './invites-pending.js'
import { invite, inviteBulk } from './invites-sending.js'

export type { InviteInput, InviteSite, SessionReissuer } from './invites-deps.js'
export { parseBulkEmails } from './invites-sending.js'

/** Invites: each holds a seat until it is accepted, declined or deleted; the code is mailed. */
export function createInvitesService(deps: Omit<InvitesDeps, 'now'> & { now?: () => Date }) {
  const now = deps.now ?? (() => new Date())
  return bindUseCases({ ...deps, now }, { invite, inviteBulk, list, remove, preview, accept, decline })
}

export type InvitesService = ReturnType<typeof createInvitesService>
