import { isStrongPassword, RESET_PASSWORD_CODE_TTL_SECONDS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { hashPassword } from '../../lib/password.js'
import type { SiteContext } from '../../plugins/site-address.js'
import { actionLink, emailLocale, passwordResetEmail } from '../mail/mail.module.js'
import { checkContinueUrl, issueCode, useCode } from './action-codes.js'
import type { AuthDeps } from './auth-deps.js'

export async function sendPasswordResetEmail(
  deps: AuthDeps,
  site: SiteContext,
  email: string,
  continueUrl?: string,
  lang?: string,
): Promise<void> {
  const { accounts, mail } = deps
  const checked = checkContinueUrl(continueUrl, site)
  const user = await accounts.findUserByEmail(email)
  if (!user) return
  const locale = emailLocale(await accounts.savedLocale(user.id), site.locale)
  await accounts.transaction(async (trx) => {
    const code = await issueCode(deps, trx, 'reset_password', user, RESET_PASSWORD_CODE_TTL_SECONDS)
    const link = actionLink(site.origin, {
      mode: 'resetPassword',
      oobCode: code,
      continueUrl: checked,
      lang,
    })
    await mail.enqueue(trx, passwordResetEmail(user.email, link, locale))
  })
}

/** Checks a reset code without using it (the page then asks for the new password). */
export async function checkPasswordResetCode(deps: AuthDeps, code: string): Promise<{ email: string }> {
  const { accounts } = deps
  return accounts.transaction(async (trx) => ({
    email: (await useCode(deps, trx, code, 'reset_password')).email,
  }))
}

export async function confirmPasswordReset(deps: AuthDeps, code: string, newPassword: string): Promise<void> {
  const { accounts, sessions } = deps
  if (!isStrongPassword(newPassword)) throw new AppError('weak_password', { param: 'new_password' })
  const passwordHash = await hashPassword(newPassword)
  const userId = await accounts.transaction(async (trx) => {
    const row = await useCode(deps, trx, code, 'reset_password')
    await accounts.markActionCodeUsed(trx, row.code_hash)
    await accounts.setPasswordHash(trx, row.user_id, passwordHash)
    // Whoever reset the password could read the mailbox: that proves the address too.
    await accounts.markEmailVerified(trx, row.user_id)
    return row.user_id
  })
  await sessions.deleteAllForUser(userId)
  await accounts.clearSignInFailures((await accounts.findUserById(userId))?.email ?? '', null)
}
