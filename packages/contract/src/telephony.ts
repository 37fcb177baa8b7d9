// Phone numbers and batch calls: providers, states and the spec's rules on batch files.

export const PHONE_PROVIDERS = ['twilio', 'sip_trunk'] as const
export type PhoneProvider = (typeof PHONE_PROVIDERS)[number]

export const SIP_TRANSPORTS = ['auto', 'udp', 'tcp', 'tls'] as const
export const SIP_MEDIA_ENCRYPTION = ['disabled', 'allowed', 'required'] as const

/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/
export const E164_MESSAGE = 'Enter the phone number in international format, e.g. +14155550123.'

/** Batch call states: scheduled (pending), in progress, completed, failed, cancelled. */
export const BATCH_CALL_STATUSES = ['pending', 'in_progress', 'completed', 'failed', 'cancelled'] as const
export type BatchCallStatus = (typeof BATCH_CALL_STATUSES)[number]

export const BATCH_RECIPIENT_STATUSES = [
  'pending',
  'dispatched',
  'initiated',
  'in_progress',
  'completed',
  'failed',
  'cancelled',
  'voicemail',
  'no_answer',
] as const
export type BatchRecipientStatus = (typeof BATCH_RECIPIENT_STATUSES)[number]

/** Recipients a retry calls again: those that did not answer or whose call errored. */
export const BATCH_RETRYABLE_STATUSES = ['failed', 'no_answer', 'voicemail'] as const

export const BATCH_RECIPIENTS_MAX = 10_000
export const BATCH_NAME_MAX = 200
/** Batch files are CSV or Excel. */
export const BATCH_FILE_TYPES = ['.csv', '.xlsx', '.xls'] as const
/** The one column a batch file must have. */
export const BATCH_PHONE_COLUMN = 'phone_number'
/** Optional columns that override the agent per recipient when the agent allows it. */
export const BATCH_OVERRIDE_COLUMNS = ['language', 'first_message', 'prompt', 'voice_id'] as const

export const BATCH_PHONE_COLUMN_MESSAGE = 'The phone_number column is required.'
export const BATCH_FILE_TYPE_MESSAGE = 'Batch files must be CSV or Excel.'
export const BATCH_OVERRIDE_MESSAGE = 'Overrides used must be enabled on the agent.'
export const BATCH_CANCEL_MESSAGE =
  'Cancel is not allowed when the batch call is completed or already cancelled.'
export const BATCH_NOTHING_TO_RETRY_MESSAGE = 'There is nothing to retry.'
/** The spec's "batch call cannot be retried": a batch still placing its calls. */
export const BATCH_RETRY_MESSAGE = 'The batch call cannot be retried while its calls are still being placed.'
