import { randomInt } from 'node:crypto'
import {
  EMAIL_CHANGE_CODE_TTL_SECONDS,
  EMAIL_CHANGE_MAX_ATTEMPTS,
  EMAIL_REVERT_CODE_TTL_SECONDS,
  type Locale,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import { escapeHtml } from '../../lib/html/escape-html.js'
import { hashSecret, newSecret } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { emailLocale } from '../mail/mail.module.js'
import type { ConsentDeps } from './consent-deps.js'
import { EMAIL_CHANGE_TEXTS } from './email-change-texts.js'

/** Where links in mail lead and the language of a request. */
export interface MailContext {
  origin: string
  locale: Locale
}

const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0')
const seconds = (at: Date, n: number) => new Date(at.getTime() + n * 1000)

/**
 * Step one of an email change: a six-digit code goes to the new address (proving the user
 * reads it). The address must differ from the current one and belong to nobody. A new request
 * replaces the pending one.
 */
export async function sendEmailChangeCode(
  deps: ConsentDeps,
  principal: Principal,
  newEmail: string,
  context: MailContext,
) {
  const email = newEmail.trim()
  const current = await deps.emailAddresses.current(principal.userId)
  if (current?.toLowerCase() === email.toLowerCase())
    throw new AppError('email_change_same_address', { param: 'new_email' })
  if (await deps.emailAddresses.inUse(email)) throw new AppError('email_taken', { param: 'new_email' })
  const code = sixDigits()
  const locale = emailLocale((await deps.accountConsent.flags(principal.userId)).locale, context.locale)
  const t = EMAIL_CHANGE_TEXTS[locale]
  await deps.repository.transaction(async (trx) => {
    await deps.emailChanges.savePending(trx, {
      user_id: principal.userId,
      new_email: email,
      code_hash: hashSecret(code),
      expires_at: seconds(deps.now(), EMAIL_CHANGE_CODE_TTL_SECONDS),
    })
    await deps.mail.enqueue(trx, {
      to: email,
      subject: t.codeSubject,
      text: `${t.codeLine(code)}\n\n${t.codeFooter}\n`,
      html: `<p>${escapeHtml(t.codeLine(code))}</p><p>${escapeHtml(t.codeFooter)}</p>`,
    })
  })
  return { status: 'success' as const, new_email: email }
}

/**
 * Step two: the right code moves the account to the new address, and the old address gets a
 * link that undoes it. Wrong codes are counted; after too many the change must start again.
 */
export async function confirmEmailChange(
  deps: ConsentDeps,
  principal: Principal,
  code: string,
  context: MailContext,
) {
  const pending = await deps.emailChanges.pending(principal.userId)
  if (!pending) throw new AppError('email_change_not_pending')
  if (pending.attempts >= EMAIL_CHANGE_MAX_ATTEMPTS) throw new AppError('email_change_too_many_attempts')
  if (pending.expires_at <= deps.now() || pending.code_hash !== hashSecret(code.trim())) {
    await deps.emailChanges.countAttempt(principal.userId)
    throw new AppError('email_change_code_invalid', { param: 'verification_code' })
  }
  const oldEmail = (await deps.emailAddresses.current(principal.userId)) ?? ''
  const revertCode = newSecret('rv_')
  const link = new URL('/email-change/revert', context.origin)
  link.searchParams.set('verification_code', revertCode)
  link.searchParams.set('is_reverting', 'true')
  const locale = emailLocale((await deps.accountConsent.flags(principal.userId)).locale, context.locale)
  const t = EMAIL_CHANGE_TEXTS[locale]
  await deps.repository.transaction(async (trx) => {
    await deps.emailAddresses.change(principal.userId, pending.new_email, trx)
    await deps.emailChanges.clearPending(trx, principal.userId)
    await deps.emailChanges.saveRevert(trx, {
      code_hash: hashSecret(revertCode),
      user_id: principal.userId,
      old_email: oldEmail,
      new_email: pending.new_email,
      expires_at: seconds(deps.now(), EMAIL_REVERT_CODE_TTL_SECONDS),
    })
    await deps.mail.enqueue(trx, {
      to: oldEmail,
      subject: t.revertSubject,
      text: `${t.revertLine(pending.new_email)}\n\n${link}\n`,
      html: `<p>${escapeHtml(t.revertLine(pending.new_email))}</p><p><a href="${escapeHtml(link.toString())}">${escapeHtml(t.revertButton)}</a></p>`,
    })
  })
  return { status: 'success' as const, email: pending.new_email }
}

/**
 * The old address's link: puts the account back on the old address. It needs no session
 * (whoever changed the address may have taken the session too); the single-use code is the proof.
 */
export async function revertEmailChange(deps: ConsentDeps, code: string) {
  return deps.repository.transaction(async (trx) => {
    const row = await deps.emailChanges.takeRevert(trx, hashSecret(code.trim()), deps.now())
    if (!row) throw new AppError('email_revert_code_invalid', { param: 'verification_code' })
    await deps.emailAddresses.change(row.user_id, row.old_email, trx)
    await deps.emailChanges.clearPending(trx, row.user_id)
    return { status: 'success' as const, email: row.old_email }
  })
}
