import { CONSENT_TEXTS, PUBLIC_USER_NAME_RULE } from '../consent.js'

// Error codes of consent and privacy: terms by location, biometric terms, email change, names.
export const CONSENT_ERRORS = {
  terms_required: { status: 422, message: CONSENT_TEXTS.termsRequired },
  bipa_terms_required: { status: 403, message: CONSENT_TEXTS.bipaRequired },
  terms_version_unknown: { status: 409, message: 'These are not the latest terms: reload and accept again.' },
  terms_version_invalid: {
    status: 422,
    message: 'version must be 1 to 40 letters, digits, dots, dashes or underscores.',
  },
  no_terms_published: { status: 404, message: 'No terms have been published yet.' },
  training_opt_out_admin_only: { status: 403, message: CONSENT_TEXTS.trainingOptOutTooltip },
  email_change_same_address: { status: 422, message: 'This is already your email address.' },
  email_change_not_pending: {
    status: 400,
    message: 'No email change is waiting for a code: ask for a new verification code.',
  },
  email_change_code_invalid: { status: 400, message: 'The verification code is wrong or has expired.' },
  email_change_too_many_attempts: {
    status: 429,
    message: 'Too many wrong codes: ask for a new verification code.',
  },
  email_revert_code_invalid: {
    status: 400,
    message: 'This revert link is invalid, has expired or was already used.',
  },
  public_user_name_invalid: { status: 422, message: `Public name: ${PUBLIC_USER_NAME_RULE}` },
  public_user_name_taken: { status: 409, message: 'This public name is already taken.' },
} as const
