import { AppError } from '../../errors.js'
import type { SiteContext } from '../../plugins/site-address.js'
import { checkContinueUrl, sendVerification, useCode } from './action-codes.js'
import type { AuthDeps } from './auth-deps.js'

/** Always succeeds, so the answer does not reveal which addresses have accounts. */
export async function sendVerificationEmail(
  deps: AuthDeps,
  site: SiteContext,
  email: string,
  continueUrl?: string,
  lang?: string,
): Promise<void> {
  const { accounts } = deps
  const checked = checkContinueUrl(continueUrl, site)
  const user = await accounts.findUserByEmail(email)
  if (!user || user.email_verified_at) return
  const saved = await accounts.savedLocale(user.id)
  await accounts.transaction((trx) => sendVerification(deps, trx, site, user, checked, lang, saved))
}

export async function verifyEmail(deps: AuthDeps, code: string): Promise<{ email: string }> {
  const { accounts } = deps
  return accounts.transaction(async (trx) => {
    const row = await useCode(deps, trx, code, 'verify_email')
    await accounts.markActionCodeUsed(trx, row.code_hash)
    await accounts.markEmailVerified(trx, row.user_id)
    return { email: row.email }
  })
}

/** Confirms a sign-in request mailed to the user (opened through the email-link action page). */
export async function verifySignInRequest(deps: AuthDeps, code: string): Promise<void> {
  const { accounts } = deps
  await accounts.transaction(async (trx) => {
    const row = await useCode(deps, trx, code, 'sign_in_request')
    await accounts.markActionCodeUsed(trx, row.code_hash)
  })
}

export async function optOutOfUpdates(deps: AuthDeps, key: string): Promise<void> {
  const { accounts } = deps
  if (!(await accounts.optOutOfUpdates(key))) throw new AppError('invalid_action_code')
}
