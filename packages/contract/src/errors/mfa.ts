// Error codes of two-factor sign-in, the workspace's security rules and the sign-in refusals.
export const MFA_ERRORS = {
  incorrect_code: { status: 400, message: 'Incorrect code. Please try again.' },
  invalid_backup_code: { status: 400, message: 'Invalid backup code.' },
  mfa_already_enabled: {
    status: 409,
    message: 'Two-factor authentication is already added to this account.',
  },
  mfa_not_enabled: { status: 409, message: 'Two-factor authentication is not turned on for this account.' },
  mfa_setup_not_started: {
    status: 409,
    message: 'Start the two-factor setup first: scan the QR code, then enter a code.',
  },
  mfa_challenge_invalid: {
    status: 401,
    message: 'This sign-in step has expired or was already used. Please sign in again.',
  },
  mfa_enrollment_required: {
    status: 403,
    message: 'This workspace requires two-factor authentication. Set it up to continue.',
  },
  sso_session_workspace_only: {
    status: 403,
    message:
      "You signed in with your workspace's single sign-on, which opens that workspace only. Sign in with your email and password to open your other workspaces.",
  },
  session_inactive: {
    status: 401,
    message: 'You were signed out after a period of inactivity. Please sign in again.',
  },
  account_disabled: { status: 403, message: 'This account has been disabled by a workspace admin.' },
  account_locked: { status: 403, message: 'This account is locked. Please contact your workspace admin.' },
  permission_request_not_found: { status: 404, message: 'This permission request does not exist.' },
  permission_already_granted: { status: 409, message: 'You already have this permission.' },
  permission_request_decided: { status: 409, message: 'This permission request has already been answered.' },
} as const
