// The client every server call of the web app goes through: openapi-fetch typed by the
// contract generated from the server's OpenAPI document, so paths, request bodies and answers
// are checked by the compiler. The calls themselves live with their feature, one function each,
// in features/<feature>/<feature>-api.ts. The web app signs in with an httpOnly session cookie,
// so requests carry same-origin credentials and no token.
import type { paths } from '@timbre/contract'
import createClient from 'openapi-fetch'
import { ApiError, toApiError } from './api-error'

/** The typed client; the features' call files use it through `settle`. */
export const client = createClient<paths>({
  baseUrl: '',
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
  // globalThis.fetch is looked up on each call (tests stub it); a request that never got an
  // answer becomes ApiError status 0.
  fetch: async (request) => {
    try {
      return await globalThis.fetch(request)
    } catch (cause) {
      throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error')
    }
  },
})

type Answer<D> = { data?: D; error?: unknown; response: Response }
/** What settle() resolves to: an answer declared without a body (204) becomes null. */
type Settled<D> = undefined extends D ? Exclude<D, undefined> | null : D

/**
 * The parsed body of a 2xx answer; null when there is none (204). Any other status becomes an
 * ApiError from its body (the document declares no error bodies, so `error` is read as unknown).
 */
export async function settle<D>(pending: Promise<Answer<D>>): Promise<Settled<D>> {
  const { data, error, response } = await pending
  if (!response.ok) throw toApiError(response.status, error ?? null)
  return (data ?? null) as Settled<D>
}

// Binary answers (audio, zip) are read by the caller; openapi-fetch would parse them as JSON.
export async function binary(url: string, init: RequestInit): Promise<Response> {
  let response: Response
  try {
    response = await globalThis.fetch(url, { credentials: 'same-origin', ...init })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error')
  }
  if (response.ok) return response
  const body: unknown = await response.json().catch(() => null)
  throw toApiError(response.status, body)
}

/** Headers of a JSON request whose answer is read as bytes. */
export const JSON_HEADERS = { 'content-type': 'application/json', accept: '*/*' }
