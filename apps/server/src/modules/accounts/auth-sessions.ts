import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import { hashSecret, newId, newSecret } from '../../lib/ids.js'
import { verifyPassword } from '../../lib/password.js'
import type { AuthDeps, TokenPair } from './auth-deps.js'

// Sessions: a pair of tokens made at sign-in, rotated on refresh, reissued on a workspace change.

/**
 * Sign-in refusals for an account whose password was right: deleted (only said to someone who
 * knows the deleted account's password), or no workspace lets it in (locked or disabled
 * everywhere it is a member).
 */
export async function refuseBlockedAccount(deps: AuthDeps, userId: string): Promise<void> {
  const { accounts } = deps
  const states = await accounts.membershipStates(userId)
  if (states.length === 0 || states.includes('enabled')) return
  throw new AppError(states.includes('locked') ? 'account_locked' : 'account_disabled')
}

export async function refuseDeletedAccount(deps: AuthDeps, email: string, password: string): Promise<void> {
  const { accounts } = deps
  const gone = await accounts.findDeletedAccount(email)
  if (gone?.password_hash && (await verifyPassword(password, gone.password_hash)))
    throw new AppError('account_deleted')
}

export async function createSession(
  deps: AuthDeps,
  userId: string,
  userAgent: string | null,
  workspaceId: string | null = null,
): Promise<TokenPair> {
  const { sessions } = deps
  const later = (seconds: number) => new Date((deps.now?.() ?? new Date()).getTime() + seconds * 1000)
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

/**
 * Rotates the session's tokens. A refresh token that was already rotated away from, presented
 * after the grace window, has been copied: whoever holds the current one may be the thief,
 * so the whole session ends.
 */
export async function refresh(deps: AuthDeps, refreshToken: string): Promise<TokenPair> {
  const { sessions } = deps
  const now = deps.now ?? (() => new Date())
  const later = (seconds: number) => new Date((deps.now?.() ?? new Date()).getTime() + seconds * 1000)
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
}

/**
 * New tokens for a session whose claims changed (another workspace): the previous access
 * token stops working at once, as a forced refresh would make it.
 */
export async function reissue(deps: AuthDeps, sessionId: string): Promise<TokenPair> {
  const { sessions } = deps
  const later = (seconds: number) => new Date((deps.now?.() ?? new Date()).getTime() + seconds * 1000)
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
}
