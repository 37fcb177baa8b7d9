import { SIGN_IN_FAILURE_WINDOW_SECONDS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../lib/password.js'
import type { AuthDeps, SecondStepRequired, SignInClient, TokenPair } from './auth-deps.js'
import { createSession, refuseBlockedAccount, refuseDeletedAccount } from './auth-sessions.js'
import { signInWaitSeconds } from './sign-in-throttle.js'

/**
 * Failures are counted per account and client address: guessing from one place slows that
 * place down (growing delays) and never locks the owner out from another.
 */
export async function signIn(
  deps: AuthDeps,
  email: string,
  password: string,
  client: SignInClient,
): Promise<TokenPair | SecondStepRequired> {
  const { accounts } = deps
  const now = deps.now ?? (() => new Date())
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
    if (!user) await refuseDeletedAccount(deps, email, password)
    throw new AppError('invalid_credentials')
  }
  await accounts.clearSignInFailures(email, client.address)
  await refuseBlockedAccount(deps, user.id)
  if (deps.passwordSignInAllowed && !(await deps.passwordSignInAllowed(user.id)))
    throw new AppError('email_password_disallowed')
  const second = await deps.secondFactor?.()?.challenge(user.id)
  if (second) return { two_factor_required: true, ...second }
  return createSession(deps, user.id, client.userAgent)
}

/** The second step: the code owed after the password, then the session. */
export async function signInWithCode(
  deps: AuthDeps,
  mfaToken: string,
  code: string,
  client: SignInClient,
): Promise<TokenPair> {
  const secondFactor = deps.secondFactor?.()
  if (!secondFactor) throw new AppError('mfa_challenge_invalid')
  const { userId, workspaceId } = await secondFactor.complete(mfaToken, code)
  await refuseBlockedAccount(deps, userId)
  return createSession(deps, userId, client.userAgent, workspaceId)
}

/**
 * A session for a user a workspace's identity provider signed in. The provider vouches for
 * its own workspace only, so the session is held to it; and it does not stand in for the
 * account's second factor: an account with two-factor on still owes its code.
 */
export async function startSsoSession(
  deps: AuthDeps,
  userId: string,
  userAgent: string | null,
  workspaceId: string,
): Promise<TokenPair | SecondStepRequired> {
  const second = await deps.secondFactor?.()?.challenge(userId, workspaceId)
  if (second) return { two_factor_required: true, ...second }
  return createSession(deps, userId, userAgent, workspaceId)
}
