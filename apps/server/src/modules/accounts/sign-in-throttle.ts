import {
  SIGN_IN_BACKOFF_BASE_SECONDS,
  SIGN_IN_BACKOFF_MAX_SECONDS,
  SIGN_IN_MAX_FAILURES,
} from '@timbre/contract'

/**
 * How long a client address must wait after its last failed sign-in to an account: nothing for
 * the first few failures, then a delay that doubles with each further failure, capped.
 */
export function signInWaitSeconds(failures: number): number {
  if (failures < SIGN_IN_MAX_FAILURES) return 0
  const doublings = Math.min(failures - SIGN_IN_MAX_FAILURES, 30)
  return Math.min(SIGN_IN_BACKOFF_MAX_SECONDS, SIGN_IN_BACKOFF_BASE_SECONDS * 2 ** doublings)
}
