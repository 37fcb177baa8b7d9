import type { Principal } from '../../plugins/auth.js'
import type { AccountConsent, EmailAddresses } from '../accounts/accounts.module.js'
import type { MailService } from '../mail/mail.module.js'
import type { ConsentRepository } from './consent.repository.js'
import type { EmailChangesRepository } from './email-changes.repository.js'

export interface ConsentDeps {
  repository: ConsentRepository
  emailChanges: EmailChangesRepository
  accountConsent: AccountConsent
  emailAddresses: EmailAddresses
  mail: MailService
  /** The workspace's subscription tier: enterprise and trial are opted out of training by default. */
  tierOf(workspaceId: string): Promise<string>
  now(): Date
}

/** The address a call came from (peer, or what a trusted proxy reported). */
export function callerAddress(principal: Principal): string | null {
  return principal.request?.ip ?? null
}
