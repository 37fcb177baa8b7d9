// Account and sign-in rules: passwords, throttling, token and code lifetimes.

/** Password rule shown on sign-up and enforced by the server. */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
export const PASSWORD_RULE = /^(?=.*\p{L})(?=.*\p{Nd}).+$/u

export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    PASSWORD_RULE.test(password)
  )
}

export const EMAIL_MAX_LENGTH = 254

/**
 * Sign-in throttling is per account and client address, so failures elsewhere never lock the
 * owner out: after SIGN_IN_MAX_FAILURES failures within the window, that address waits
 * SIGN_IN_BACKOFF_BASE_SECONDS after its last failure, doubling with each further failure up to
 * SIGN_IN_BACKOFF_MAX_SECONDS, and is answered 429 'Too many attempts...' meanwhile.
 */
export const SIGN_IN_MAX_FAILURES = 5
export const SIGN_IN_FAILURE_WINDOW_SECONDS = 60 * 60
/**
 * Wrong promo codes allowed per account, and per client address, within the window; past
 * that every check is refused until the oldest failure leaves the window.
 */
export const PROMO_FAILURE_LIMIT = 10
export const PROMO_FAILURE_WINDOW_SECONDS = 60 * 60
export const SIGN_IN_BACKOFF_BASE_SECONDS = 30
export const SIGN_IN_BACKOFF_MAX_SECONDS = 15 * 60

/** Access tokens are short-lived; clients refresh them with the refresh token. */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60
/**
 * A refresh token presented again within this many seconds of its rotation is refused without
 * ending the session: two tabs refreshing at the same moment is not a theft. Later reuse ends
 * the whole session. Either way the old token earns nothing.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10
/**
 * The session cookie carries the refresh token, so it lives exactly as long as the session: a
 * browser must not keep a cookie for a session the server has already ended.
 */
export const SESSION_COOKIE_MAX_AGE_SECONDS = REFRESH_TOKEN_TTL_SECONDS
export const SESSION_COOKIE_NAME = 'timbre_session'

export const VERIFY_EMAIL_CODE_TTL_SECONDS = 3 * 24 * 60 * 60
/** A signed-in account asks for another verification email at most this often. */
export const VERIFY_EMAIL_RESEND_INTERVAL_SECONDS = 60
export const RESET_PASSWORD_CODE_TTL_SECONDS = 60 * 60

/** The modes of the links in account emails, handled by the web app's action page. */
export const ACTION_MODES = [
  'optOutOfUpdates',
  'resetPassword',
  'recoverEmail',
  'verifyEmail',
  'verifySignInRequest',
] as const
export type ActionMode = (typeof ACTION_MODES)[number]
