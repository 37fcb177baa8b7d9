import {
  ACCESS_TOKEN_TTL_SECONDS,
  isStrongPassword,
  PLAN_LIMITS,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  RESET_PASSWORD_CODE_TTL_SECONDS,
  SIGN_IN_FAILURE_WINDOW_SECONDS,
  safeRedirectPath,
  VERIFY_EMAIL_CODE_TTL_SECONDS,
} from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import { hashSecret, newId, newSecret } from '../../lib/ids.js'
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../lib/password.js'
import type { SiteContext } from '../../plugins/site-address.js'
import { addOneMonth } from '../billing/billing.module.js'
import type { MailService } from '../mail/mail.module.js'
import { actionLink, emailLocale, passwordResetEmail, verificationEmail } from '../mail/mail.module.js'
import type { AccountsRepository } from './accounts.repository.js'
import type { ActionCodePurpose } from './accounts.tables.js'
import type { SessionsRepository } from './sessions.repository.js'
import { signInWaitSeconds } from './sign-in-throttle.js'

export interface SignUpInput {
  email: string
  password: string
  first_name?: string | undefined
  invite_code?: string | undefined
  account_metadata?: { agrees_to_product_updates?: boolean | undefined } | undefined
  continue_url?: string | undefined
  lang?: string | undefined
  locale?: string | undefined
}

export interface TokenPair {
  access_token: string
  refresh_token: string
  expires_in: number
  token_type: 'bearer'
  user_id: string
}

/** The password was right and the account has two-factor on: a code is still owed. */
export interface SecondStepRequired {
  two_factor_required: true
  mfa_token: string
  expires_in: number
}

/** The second sign-in step (built by the two-factor domain, after this one). */
export interface SecondFactor {
  challenge(
    userId: string,
    workspaceId?: string | null,
  ): Promise<{ mfa_token: string; expires_in: number } | null>
  /** The user the code proved, and the workspace the session is held to (single sign-on). */
  complete(token: string, code: string): Promise<{ userId: string; workspaceId: string | null }>
}

/** Where a sign-in attempt comes from: the client address is what failures are counted by. */
export interface SignInClient {
  address: string
  userAgent: string | null
}

/** The subscriptions table belongs to billing; sign-up asks it for the new workspace's free plan. */
export interface FreeSubscriptionWriter {
  insertFreeSubscription(
    trx: Transaction<DB>,
    input: { workspaceId: string; characterLimit: number; nextResetAt: Date },
  ): Promise<void>
}

interface Deps {
  accounts: AccountsRepository
  sessions: SessionsRepository
  mail: MailService
  billing: FreeSubscriptionWriter
  /** Other domains' first steps for a new account, inside the sign-up transaction. */
  onSignUp?: SignUpHook | undefined
  /**
   * False when a workspace of the user forbids email-and-password sign-in (single sign-on
   * required). Asked only after the password matched, so it tells a guesser nothing.
   */
  passwordSignInAllowed?: ((userId: string) => Promise<boolean>) | undefined
  /** Asked after a right password; absent, a password alone signs in. */
  secondFactor?: () => SecondFactor | undefined
  now?: () => Date
}

export type SignUpHook = (
  trx: Transaction<DB>,
  user: { userId: string; workspaceId: string; email: string; firstName: string | null },
) => Promise<void>

export function createAuthService(deps: Deps) {
  const { accounts, sessions, mail } = deps
  const now = deps.now ?? (() => new Date())
  const later = (seconds: number) => new Date(now().getTime() + seconds * 1000)

  /** Links in mail may only lead back to this site (no open redirect through our emails). */
  function checkContinueUrl(continueUrl: string | undefined, site: SiteContext): string | undefined {
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

  async function issueCode(
    trx: Transaction<DB>,
    purpose: ActionCodePurpose,
    user: { id: string; email: string },
    ttlSeconds: number,
  ): Promise<string> {
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

  async function sendVerification(
    trx: Transaction<DB>,
    site: SiteContext,
    user: { id: string; email: string },
    continueUrl?: string,
    lang?: string,
    savedLocale?: string | null,
  ) {
    const code = await issueCode(trx, 'verify_email', user, VERIFY_EMAIL_CODE_TTL_SECONDS)
    const link = actionLink(site.origin, { mode: 'verifyEmail', oobCode: code, continueUrl, lang })
    // The saved locale is read by the caller before its transaction began.
    const locale = emailLocale(savedLocale, site.locale)
    await mail.enqueue(trx, verificationEmail(user.email, link, locale))
  }

  /** Finds an action code that can still be used, inside the caller's transaction. */
  async function useCode(trx: Transaction<DB>, code: string, purpose: ActionCodePurpose) {
    const row = await accounts.findActionCode(trx, hashSecret(code), purpose)
    if (!row || row.used_at) throw new AppError('invalid_action_code')
    if (row.expires_at.getTime() <= now().getTime()) throw new AppError('expired_action_code')
    return row
  }

  /**
   * Sign-in refusals for an account whose password was right: deleted (only said to someone who
   * knows the deleted account's password), or no workspace lets it in (locked or disabled
   * everywhere it is a member).
   */
  async function refuseBlockedAccount(userId: string): Promise<void> {
    const states = await accounts.membershipStates(userId)
    if (states.length === 0 || states.includes('enabled')) return
    throw new AppError(states.includes('locked') ? 'account_locked' : 'account_disabled')
  }

  async function refuseDeletedAccount(email: string, password: string): Promise<void> {
    const gone = await accounts.findDeletedAccount(email)
    if (gone?.password_hash && (await verifyPassword(password, gone.password_hash)))
      throw new AppError('account_deleted')
  }

  async function createSession(
    userId: string,
    userAgent: string | null,
    workspaceId: string | null = null,
  ): Promise<TokenPair> {
    const access = newSecret('at_')
    const refresh = newSecret('rt_')
    await sessions.insert({
      id: newId(),
      userId,
      accessTokenHash: hashSecret(access),
      refreshTokenHash: hashSecret(refresh),
      accessExpiresAt: later(ACCESS_TOKEN_TTL_SECONDS),
      refreshExpiresAt: later(REFRESH_TOKEN_TTL_SECONDS),
      userAgent,
      workspaceId,
    })
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      token_type: 'bearer',
      user_id: userId,
    }
  }

  return {
    /** Sign-up creates user, workspace, subscription and the verification mail together or not at all. */
    async signUp(input: SignUpInput, site: SiteContext): Promise<{ user_id: string; email: string }> {
      if (!isStrongPassword(input.password)) throw new AppError('weak_password', { param: 'password' })
      const continueUrl = checkContinueUrl(input.continue_url, site)
      const email = input.email.trim()
      const passwordHash = await hashPassword(input.password)
      const userId = newId()
      try {
        await accounts.transaction(async (trx) => {
          if (await accounts.findUserByEmail(email, trx))
            throw new AppError('email_taken', { param: 'email' })
          const workspaceId = newId()
          await accounts.insertAccount(trx, {
            userId,
            workspaceId,
            email,
            firstName: input.first_name?.trim() || null,
            passwordHash,
            publicUserId: newId(32).toLowerCase(),
            authAccountId: newId(28),
            optOutUpdatesKey: newSecret('ou_'),
            agreesToProductUpdates: input.account_metadata?.agrees_to_product_updates ?? false,
            inviteCode: input.invite_code ?? null,
            locale: input.locale ?? null,
          })
          await deps.billing.insertFreeSubscription(trx, {
            workspaceId,
            characterLimit: PLAN_LIMITS.free.characterLimit,
            nextResetAt: addOneMonth(now()),
          })
          await deps.onSignUp?.(trx, {
            userId,
            workspaceId,
            email,
            firstName: input.first_name?.trim() || null,
          })
          await sendVerification(
            trx,
            site,
            { id: userId, email },
            continueUrl,
            input.lang,
            input.locale ?? null,
          )
        })
      } catch (error) {
        // Two sign-ups racing for one address: the unique index decides.
        if (isUniqueViolation(error)) throw new AppError('email_taken', { param: 'email' })
        throw error
      }
      return { user_id: userId, email }
    },

    /**
     * Failures are counted per account and client address: guessing from one place slows that
     * place down (growing delays) and never locks the owner out from another.
     */
    async signIn(
      email: string,
      password: string,
      client: SignInClient,
    ): Promise<TokenPair | SecondStepRequired> {
      const windowStart = new Date(now().getTime() - SIGN_IN_FAILURE_WINDOW_SECONDS * 1000)
      const failures = await accounts.recentSignInFailures(email, client.address, windowStart)
      const waitMs = signInWaitSeconds(failures.count) * 1000
      const waitUntil = failures.last ? failures.last.getTime() + waitMs : 0
      if (waitMs > 0 && waitUntil > now().getTime()) {
        const retryAfter = Math.ceil((waitUntil - now().getTime()) / 1000)
        throw new AppError('too_many_attempts', { headers: { 'retry-after': String(retryAfter) } })
      }
      const user = await accounts.findUserByEmail(email)
      const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_PASSWORD_HASH)
      if (!user || !ok) {
        await accounts.recordSignInFailure(email, client.address)
        if (!user) await refuseDeletedAccount(email, password)
        throw new AppError('invalid_credentials')
      }
      await accounts.clearSignInFailures(email, client.address)
      await refuseBlockedAccount(user.id)
      if (deps.passwordSignInAllowed && !(await deps.passwordSignInAllowed(user.id)))
        throw new AppError('email_password_disallowed')
      const second = await deps.secondFactor?.()?.challenge(user.id)
      if (second) return { two_factor_required: true, ...second }
      return createSession(user.id, client.userAgent)
    },

    /** The second step: the code owed after the password, then the session. */
    async signInWithCode(mfaToken: string, code: string, client: SignInClient): Promise<TokenPair> {
      const secondFactor = deps.secondFactor?.()
      if (!secondFactor) throw new AppError('mfa_challenge_invalid')
      const { userId, workspaceId } = await secondFactor.complete(mfaToken, code)
      await refuseBlockedAccount(userId)
      return createSession(userId, client.userAgent, workspaceId)
    },

    /**
     * A session for a user a workspace's identity provider signed in. The provider vouches for
     * its own workspace only, so the session is held to it; and it does not stand in for the
     * account's second factor: an account with two-factor on still owes its code.
     */
    async startSsoSession(
      userId: string,
      userAgent: string | null,
      workspaceId: string,
    ): Promise<TokenPair | SecondStepRequired> {
      const second = await deps.secondFactor?.()?.challenge(userId, workspaceId)
      if (second) return { two_factor_required: true, ...second }
      return createSession(userId, userAgent, workspaceId)
    },

    /**
     * Rotates the session's tokens. A refresh token that was already rotated away from, presented
     * after the grace window, has been copied: whoever holds the current one may be the thief,
     * so the whole session ends.
     */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const hash = hashSecret(refreshToken)
      const session = await sessions.findByRefreshHash(hash)
      if (!session) {
        const retired = await sessions.findRetired(hash)
        const sinceRotation = retired ? now().getTime() - new Date(retired.retired_at).getTime() : 0
        if (retired && sinceRotation > REFRESH_REUSE_GRACE_SECONDS * 1000)
          await sessions.delete(retired.session_id)
        throw new AppError('invalid_refresh_token')
      }
      if (session.refresh_expires_at.getTime() <= now().getTime()) {
        throw new AppError('invalid_refresh_token')
      }
      const access = newSecret('at_')
      const refresh = newSecret('rt_')
      const rotated = await sessions.rotate(session.id, hash, {
        accessTokenHash: hashSecret(access),
        refreshTokenHash: hashSecret(refresh),
        accessExpiresAt: later(ACCESS_TOKEN_TTL_SECONDS),
        refreshExpiresAt: later(REFRESH_TOKEN_TTL_SECONDS),
      })
      if (!rotated) {
        // Used twice at the same moment: within the grace window by definition, so only this
        // request is refused.
        throw new AppError('invalid_refresh_token')
      }
      return {
        access_token: access,
        refresh_token: refresh,
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
        token_type: 'bearer',
        user_id: session.user_id,
      }
    },

    /**
     * New tokens for a session whose claims changed (another workspace): the previous access
     * token stops working at once, as a forced refresh would make it.
     */
    async reissue(sessionId: string): Promise<TokenPair> {
      const session = await sessions.findById(sessionId)
      if (!session) throw new AppError('invalid_refresh_token')
      const access = newSecret('at_')
      const refresh = newSecret('rt_')
      const rotated = await sessions.rotate(session.id, session.refresh_token_hash, {
        accessTokenHash: hashSecret(access),
        refreshTokenHash: hashSecret(refresh),
        accessExpiresAt: later(ACCESS_TOKEN_TTL_SECONDS),
        refreshExpiresAt: later(REFRESH_TOKEN_TTL_SECONDS),
      })
      if (!rotated) throw new AppError('invalid_refresh_token')
      return {
        access_token: access,
        refresh_token: refresh,
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
        token_type: 'bearer',
        user_id: session.user_id,
      }
    },

    signOut: (sessionId: string) => sessions.delete(sessionId),

    /** Always succeeds, so the answer does not reveal which addresses have accounts. */
    async sendVerificationEmail(
      site: SiteContext,
      email: string,
      continueUrl?: string,
      lang?: string,
    ): Promise<void> {
      const checked = checkContinueUrl(continueUrl, site)
      const user = await accounts.findUserByEmail(email)
      if (!user || user.email_verified_at) return
      const saved = await accounts.savedLocale(user.id)
      await accounts.transaction((trx) => sendVerification(trx, site, user, checked, lang, saved))
    },

    async sendPasswordResetEmail(
      site: SiteContext,
      email: string,
      continueUrl?: string,
      lang?: string,
    ): Promise<void> {
      const checked = checkContinueUrl(continueUrl, site)
      const user = await accounts.findUserByEmail(email)
      if (!user) return
      const locale = emailLocale(await accounts.savedLocale(user.id), site.locale)
      await accounts.transaction(async (trx) => {
        const code = await issueCode(trx, 'reset_password', user, RESET_PASSWORD_CODE_TTL_SECONDS)
        const link = actionLink(site.origin, {
          mode: 'resetPassword',
          oobCode: code,
          continueUrl: checked,
          lang,
        })
        await mail.enqueue(trx, passwordResetEmail(user.email, link, locale))
      })
    },

    async verifyEmail(code: string): Promise<{ email: string }> {
      return accounts.transaction(async (trx) => {
        const row = await useCode(trx, code, 'verify_email')
        await accounts.markActionCodeUsed(trx, row.code_hash)
        await accounts.markEmailVerified(trx, row.user_id)
        return { email: row.email }
      })
    },

    /** Checks a reset code without using it (the page then asks for the new password). */
    async checkPasswordResetCode(code: string): Promise<{ email: string }> {
      return accounts.transaction(async (trx) => ({
        email: (await useCode(trx, code, 'reset_password')).email,
      }))
    },

    async confirmPasswordReset(code: string, newPassword: string): Promise<void> {
      if (!isStrongPassword(newPassword)) throw new AppError('weak_password', { param: 'new_password' })
      const passwordHash = await hashPassword(newPassword)
      const userId = await accounts.transaction(async (trx) => {
        const row = await useCode(trx, code, 'reset_password')
        await accounts.markActionCodeUsed(trx, row.code_hash)
        await accounts.setPasswordHash(trx, row.user_id, passwordHash)
        // Whoever reset the password could read the mailbox: that proves the address too.
        await accounts.markEmailVerified(trx, row.user_id)
        return row.user_id
      })
      await sessions.deleteAllForUser(userId)
      await accounts.clearSignInFailures((await accounts.findUserById(userId))?.email ?? '', null)
    },

    async optOutOfUpdates(key: string): Promise<void> {
      if (!(await accounts.optOutOfUpdates(key))) throw new AppError('invalid_action_code')
    },

    /** Confirms a sign-in request mailed to the user (opened through the email-link action page). */
    async verifySignInRequest(code: string): Promise<void> {
      await accounts.transaction(async (trx) => {
        const row = await useCode(trx, code, 'sign_in_request')
        await accounts.markActionCodeUsed(trx, row.code_hash)
      })
    },
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505'
}

export type AuthService = ReturnType<typeof createAuthService>
