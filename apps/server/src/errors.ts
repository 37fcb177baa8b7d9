import { ERRORS, type ErrorCode } from '@timbre/contract'

/** A failure a caller can act on: a stable code, the product's message, the HTTP status. */
export class AppError extends Error {
  readonly code: string
  readonly status: number
  readonly param: string | undefined
  readonly headers: Record<string, string> | undefined

  constructor(
    code: ErrorCode | (string & {}),
    options: { message?: string; status?: number; param?: string; headers?: Record<string, string> } = {},
  ) {
    const known = (ERRORS as Record<string, { status: number; message: string }>)[code]
    super(options.message ?? known?.message ?? code)
    this.code = code
    this.status = options.status ?? known?.status ?? 400
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
