import { SIGN_IN_FAILURE_WINDOW_SECONDS } from '@timbre/contract'
import type { AccountsRepository } from './accounts.repository.js'
import type { SessionsRepository } from './sessions.repository.js'

/** How often the sweep runs; the records it removes are already useless, so hourly is plenty. */
const DAY_MS = 24 * 3600 * 1000

export const STALE_RECORD_SWEEP_MS = 60 * 60 * 1000

/**
 * Removes what can no longer be used: sessions whose refresh token has expired (and with them
 * the retired tokens kept to detect reuse, which cannot be presented to an expired session),
 * expired email-link codes, and sign-in failures older than the throttle's window.
 */
export function createStaleRecordSweep(deps: { accounts: AccountsRepository; sessions: SessionsRepository }) {
  return async (now = new Date()) => {
    const sessions = await deps.sessions.deleteExpired(now)
    const failures = await deps.accounts.deleteSignInFailuresBefore(
      new Date(now.getTime() - SIGN_IN_FAILURE_WINDOW_SECONDS * 1000),
    )
    // Codes are kept a day past expiry so a late click still hears "expired", not "invalid".
    const codes = await deps.accounts.deleteActionCodesExpiredBefore(new Date(now.getTime() - DAY_MS))
    return { sessions, failures, codes }
  }
}
