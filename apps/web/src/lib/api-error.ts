import type { ErrorBody, ErrorDetail } from './api-types'

/** An error answered by the server, or a request that never got an answer (status 0). */
export class ApiError extends Error {
  readonly status: number
  readonly code: string | null

  constructor(status: number, code: string | null, message: string) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
  }

  /** 5xx and network failures show the generic toast text. */
  get isGeneric(): boolean {
    return this.status === 0 || this.status >= 500
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Builds an ApiError from a status and a parsed body: `detail.message`, else the first 422 `msg`. */
export function toApiError(status: number, body: unknown): ApiError {
  const detail = isRecord(body) ? (body as ErrorBody).detail : undefined
  if (Array.isArray(detail)) {
    const first = detail[0]
    return new ApiError(status, 'validation_error', first?.msg ?? '')
  }
  if (typeof detail === 'string') return new ApiError(status, null, detail)
  if (isRecord(detail)) {
    const d = detail as ErrorDetail
    const code = d.code ?? d.status ?? null
    return new ApiError(status, code, d.message ?? '')
  }
  return new ApiError(status, null, '')
}
