import { VERIFY_EMAIL_RESEND_INTERVAL_SECONDS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { SiteContext } from '../../plugins/site-address.js'
import type { AccountsRepository } from './accounts.repository.js'
import type { AuthService } from './auth.service.js'

/**
 * A signed-in person whose address is not verified asks for the link again (the banner's
 * button): at most once a minute per account, on top of the per-address limit of the route.
 */
export async function resendVerification(
  deps: { accounts: AccountsRepository; auth: AuthService; now: () => Date },
  input: { userId: string; site: SiteContext; continueUrl?: string | undefined; lang?: string | undefined },
): Promise<void> {
  const user = await deps.accounts.findUserById(input.userId)
  if (!user) throw new AppError('unauthorized')
  if (user.email_verified_at) throw new AppError('email_already_verified')
  const last = await deps.accounts.lastActionCodeAt(user.id, 'verify_email')
  const nextAllowed = (last?.getTime() ?? 0) + VERIFY_EMAIL_RESEND_INTERVAL_SECONDS * 1000
  const waitMs = nextAllowed - deps.now().getTime()
  if (waitMs > 0)
    throw new AppError('too_many_attempts', { headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) } })
  await deps.auth.sendVerificationEmail(input.site, user.email, input.continueUrl, input.lang)
}
