// Account and sign-in rules (spec core sections 4, 5, 9; DESIGN.md section 7).

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

/** Failed sign-ins per email within the window before 429 'Too many attempts...'. */
export const SIGN_IN_MAX_FAILURES = 5
export const SIGN_IN_FAILURE_WINDOW_SECONDS = 15 * 60

/** Access tokens are short-lived; the web app refreshes them (spec core section 9: token refresh 5 min). */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60
/** Spec core section 9: cookie 360 days, secure, strict. */
export const SESSION_COOKIE_MAX_AGE_SECONDS = 360 * 24 * 60 * 60
export const SESSION_COOKIE_NAME = 'timbre_session'

export const VERIFY_EMAIL_CODE_TTL_SECONDS = 3 * 24 * 60 * 60
export const RESET_PASSWORD_CODE_TTL_SECONDS = 60 * 60

/** Email-link action modes (spec core section 2 "Email-link action handler"). */
export const ACTION_MODES = [
  'optOutOfUpdates',
  'resetPassword',
  'recoverEmail',
  'verifyEmail',
  'verifySignInRequest',
] as const
export type ActionMode = (typeof ACTION_MODES)[number]
