// Codes of the HTTP layer and the server itself, the same for every domain.
export const GENERIC_ERRORS = {
  validation_error: { status: 422, message: 'Invalid request.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  invalid_multipart: { status: 400, message: 'The request body is not valid multipart/form-data.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: { status: 415, message: 'Unsupported content type.' },
  not_found: { status: 404, message: 'Not found.' },
  method_not_allowed: { status: 405, message: 'Method not allowed.' },
  internal_error: { status: 500, message: 'Something went wrong, please try again later.' },
  rate_limited: { status: 429, message: 'Too many requests, try again later.' },
  invalid_request: { status: 400, message: 'Invalid request.' },
  engine_failed: { status: 500, message: 'Something went wrong, please try again later.' },
  worker_crashed: { status: 503, message: 'The speech engine restarted; please try again.' },
  service_closed: { status: 503, message: 'The server is shutting down; please try again.' },
  /** The client went away; nobody reads this answer, but it is never counted as a server error. */
  request_aborted: { status: 499, message: 'The request was cancelled.' },
} as const
