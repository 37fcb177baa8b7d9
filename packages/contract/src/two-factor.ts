// Two-factor sign-in and workspace security settings: one typed place for server and web.

import type { Tier } from './plans.js'

/** Authenticator codes: RFC 6238 with the settings every authenticator app understands. */
export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30
/** Codes one step before or after the current one are accepted (clock drift of a phone). */
export const TOTP_WINDOW_STEPS = 1
export const TOTP_ISSUER = 'Timbre'

/** Backup codes are shown once at enrolment; each works once. */
export const BACKUP_CODE_COUNT = 10

/** The second sign-in step must be completed within this many seconds of the password. */
export const MFA_CHALLENGE_TTL_SECONDS = 5 * 60
/** Wrong codes for one account within the window before further tries are refused (429). */
export const MFA_MAX_FAILURES = 5
export const MFA_FAILURE_WINDOW_SECONDS = 15 * 60

/** Grant workspaces require two-factor authentication for every member, whatever the setting. */
export const MFA_REQUIRED_TIERS: readonly Tier[] = ['grant_tier_1', 'grant_tier_2']

/** The workspace session inactivity timeout, in seconds (null: sessions never time out). */
export const SESSION_INACTIVITY_TIMEOUT_MIN_SECONDS = 60
export const SESSION_INACTIVITY_TIMEOUT_MAX_SECONDS = 30 * 24 * 60 * 60
/** The choices the security page offers; the API takes any value within the bounds. */
export const SESSION_INACTIVITY_TIMEOUT_CHOICES = [
  15 * 60,
  60 * 60,
  4 * 60 * 60,
  12 * 60 * 60,
  24 * 60 * 60,
  7 * 24 * 60 * 60,
] as const
/** Last activity is written at most this often per session (a request is not a write each time). */
export const SESSION_ACTIVITY_WRITE_INTERVAL_SECONDS = 15

/**
 * What a member can ask an admin for from a page they were refused: admin access (the workspace
 * settings). Granting it makes the member an admin.
 */
export const REQUESTABLE_PERMISSIONS = ['workspace_admin'] as const
export type RequestablePermission = (typeof REQUESTABLE_PERMISSIONS)[number]
export const PERMISSION_REQUEST_MESSAGE_MAX = 500
