import { safeRedirectPath, VERIFY_EMAIL_CODE_TTL_SECONDS } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import { hashSecret, newSecret } from '../../lib/ids.js'
import type { SiteContext } from '../../plugins/site-address.js'
import { actionLink, emailLocale, verificationEmail } from '../mail/mail.module.js'
import type { ActionCodePurpose } from './accounts.tables.js'
import type { AuthDeps } from './auth-deps.js'

// One-time codes sent by mail (email verification, password reset) and the links that carry them.

/** Links in mail may only lead back to this site (no open redirect through our emails). */
export function checkContinueUrl(continueUrl: string | undefined, site: SiteContext): string | undefined {
  if (!continueUrl) return undefined
  const pageOfSite = () =>
    new AppError('validation_error', {
      message: 'continue_url must be a page of this site.',
      param: 'continue_url',
    })
  let url: URL
  try {
    url = new URL(continueUrl, site.origin)
  } catch {
    throw new AppError('validation_error', {
      message: 'continue_url is not a valid URL.',
      param: 'continue_url',
    })
  }
  if (site.isSiteUrl(url)) {
    // The same rule as every other redirect: a path of this site, no control characters or
    // backslashes that a browser would rewrite into another host.
    const path = safeRedirectPath(continueUrl, url.origin)
    if (!path) throw pageOfSite()
    return new URL(path, url.origin).toString()
  }
  // The person's page is on this very server, reached under another address than PUBLIC_URL:
  // say which address to use instead of calling their own page foreign.
  const mismatch = url.host === site.reachedHost ? site.wrongAddress(url.origin) : null
  if (mismatch) throw new AppError(mismatch.code, { message: mismatch.message, param: 'continue_url' })
  throw pageOfSite()
}

export async function issueCode(
  deps: AuthDeps,
  trx: Transaction<DB>,
  purpose: ActionCodePurpose,
  user: { id: string; email: string },
  ttlSeconds: number,
): Promise<string> {
  const { accounts } = deps
  const later = (seconds: number) => new Date((deps.now?.() ?? new Date()).getTime() + seconds * 1000)
  const code = newSecret('')
  await accounts.insertActionCode(trx, {
    codeHash: hashSecret(code),
    purpose,
    userId: user.id,
    email: user.email,
    expiresAt: later(ttlSeconds),
  })
  return code
}

export async function sendVerification(
  deps: AuthDeps,
  trx: Transaction<DB>,
  site: SiteContext,
  user: { id: string; email: string },
  continueUrl?: string,
  lang?: string,
  savedLocale?: string | null,
) {
  const { mail } = deps
  const code = await issueCode(deps, trx, 'verify_email', user, VERIFY_EMAIL_CODE_TTL_SECONDS)
  const link = actionLink(site.origin, { mode: 'verifyEmail', oobCode: code, continueUrl, lang })
  // The saved locale is read by the caller before its transaction began.
  const locale = emailLocale(savedLocale, site.locale)
  await mail.enqueue(trx, verificationEmail(user.email, link, locale))
}

/** Finds an action code that can still be used, inside the caller's transaction. */
export async function useCode(
  deps: AuthDeps,
  trx: Transaction<DB>,
  code: string,
  purpose: ActionCodePurpose,
) {
  const { accounts } = deps
  const now = deps.now ?? (() => new Date())
  const row = await accounts.findActionCode(trx, hashSecret(code), purpose)
  if (!row || row.used_at) throw new AppError('invalid_action_code')
  if (row.expires_at.getTime() <= now().getTime()) throw new AppError('expired_action_code')
  return row
}
