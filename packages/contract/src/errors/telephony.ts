import {
  BATCH_CANCEL_MESSAGE,
  BATCH_NOTHING_TO_RETRY_MESSAGE,
  BATCH_OVERRIDE_MESSAGE,
  BATCH_PHONE_COLUMN_MESSAGE,
  BATCH_RETRY_MESSAGE,
  E164_MESSAGE,
} from '../telephony.js'

// Error codes of phone numbers, outbound calls and batch calls.
export const TELEPHONY_ERRORS = {
  phone_number_not_found: { status: 404, message: 'The phone number does not exist.' },
  phone_number_invalid: { status: 422, message: E164_MESSAGE },
  phone_number_taken: { status: 409, message: 'This phone number is already in the workspace.' },
  phone_number_config_invalid: { status: 422, message: 'The phone number settings are not valid.' },
  phone_number_no_outbound: { status: 422, message: 'This phone number does not place outbound calls.' },
  telephony_provider_failed: { status: 502, message: 'The telephony provider refused the call.' },
  telephony_url_invalid: { status: 422, message: 'The telephony address is not valid.' },
  telephony_url_refused: { status: 422, message: 'The telephony address is not allowed.' },
  telephony_url_unresolved: { status: 422, message: 'The telephony address does not resolve.' },
  batch_call_not_found: { status: 404, message: 'The batch call does not exist.' },
  batch_recipients_invalid: { status: 422, message: BATCH_PHONE_COLUMN_MESSAGE },
  batch_override_not_allowed: { status: 422, message: BATCH_OVERRIDE_MESSAGE },
  batch_cancel_not_allowed: { status: 409, message: BATCH_CANCEL_MESSAGE },
  batch_nothing_to_retry: { status: 409, message: BATCH_NOTHING_TO_RETRY_MESSAGE },
  batch_retry_not_allowed: { status: 409, message: BATCH_RETRY_MESSAGE },
} as const
