import { ERRORS, type ErrorCode } from '@timbre/contract'

/**
 * A failure a caller can act on. Only codes of the error catalogue can be raised, and the HTTP
 * status always comes from the catalogue, so one code never answers with two statuses. The
 * message may be made more precise for the case at hand.
 */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly param: string | undefined
  readonly headers: Record<string, string> | undefined

  constructor(
    code: ErrorCode,
    options: { message?: string; param?: string; headers?: Record<string, string> } = {},
  ) {
    const known = ERRORS[code]
    super(options.message ?? known.message)
    this.code = code
    this.status = known.status
    this.param = options.param
    this.headers = options.headers
  }
}

/** The `type` of an error body, derived from its HTTP status. */
export function errorType(status: number): string {
  if (status === 401) return 'authentication_error'
  if (status === 403) return 'authorization_error'
  if (status === 404) return 'not_found'
  if (status === 409) return 'conflict'
  if (status === 422) return 'validation_error'
  if (status === 429) return 'rate_limit_error'
  if (status >= 500) return 'server_error'
  return 'invalid_request'
}
