// Error codes of sign-in, sessions, API keys and verification.
export const AUTH_ERRORS = {
  unauthorized: { status: 401, message: 'Authentication required.' },
  invalid_api_key: { status: 401, message: 'Invalid API key.' },
  api_key_disabled: { status: 401, message: 'This API key is disabled.' },
  invalid_credentials: { status: 401, message: 'No user found with these credentials.' },
  too_many_attempts: { status: 429, message: 'Too many attempts, please try again in a few minutes' },
  invalid_refresh_token: { status: 401, message: 'The session has expired. Please sign in again.' },
  missing_permissions: {
    status: 403,
    message: 'This API key does not have the permission needed for this call.',
  },
  email_taken: { status: 409, message: 'An account with this email already exists.' },
  email_not_verified: {
    status: 403,
    message:
      'Please verify your email address first: open the link we sent you, or select “Resend email” in the banner at the top of the page.',
  },
  email_already_verified: { status: 409, message: 'Your email address is already verified.' },
  cross_site_request: {
    status: 403,
    message:
      'This request came from another site and was refused. Open Timbre at its own address and try again.',
  },
  wrong_site_address: {
    status: 403,
    message:
      'This page was opened at another address than the one Timbre is configured for (PUBLIC_URL). Open Timbre at that address.',
  },
  invalid_action_code: { status: 400, message: 'This link is invalid or has already been used.' },
  expired_action_code: { status: 400, message: 'This link has expired. Please request a new one.' },
  weak_password: {
    status: 422,
    message: 'The password must be at least 8 characters long and contain a letter and a digit.',
  },
  email_mismatch: { status: 422, message: 'The email you typed does not match your account email.' },
  account_deleted: { status: 401, message: 'This account has been deleted.' },
  owner_must_transfer_workspace: {
    status: 409,
    message:
      'You own a workspace with other members. Transfer its ownership to another member before deleting your account.',
  },
  api_key_not_found: { status: 404, message: 'API key not found.' },
} as const
