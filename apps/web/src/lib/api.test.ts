import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiError } from './api-error'

// The client calls the server on its own origin (baseUrl ''). Node has no page to resolve a
// relative URL against, so Request gets one before api.ts creates the client. The client is
// driven through calls of the auth and API-key features.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://timbre.test') : input, init)
  }
}

let api: typeof import('../features/auth/auth-api') & typeof import('../features/api-keys/api-keys-api')

beforeAll(async () => {
  vi.stubGlobal('Request', PageRequest)
  api = {
    ...(await import('../features/auth/auth-api')),
    ...(await import('../features/api-keys/api-keys-api')),
  }
})

// The client keeps the Request it was created with; fetch is looked up on each call.
afterEach(() => {
  vi.unstubAllGlobals()
})

function answer(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status })
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  return new Response(text, { status, headers: { 'content-type': 'application/json' } })
}

function stubFetch(response: Response | Error) {
  const fetch = vi.fn(async (_request: Request) => {
    if (response instanceof Error) throw response
    return response
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

function sent(fetch: ReturnType<typeof stubFetch>): Request {
  const request = fetch.mock.calls[0]?.[0]
  if (!request) throw new Error('fetch was not called')
  return request
}

describe('api', () => {
  it('sends JSON with same-origin credentials and returns the parsed answer', async () => {
    const fetch = stubFetch(answer(200, { status: 'success', email: 'a@b.co' }))
    await expect(api.verifyEmail('code-1')).resolves.toEqual({ status: 'success', email: 'a@b.co' })
    const request = sent(fetch)
    expect(request.method).toBe('POST')
    expect(new URL(request.url).pathname).toBe('/v1/auth/verify-email')
    expect(request.credentials).toBe('same-origin')
    expect(request.headers.get('content-type')).toBe('application/json')
    expect(request.headers.get('accept')).toBe('application/json')
    await expect(request.json()).resolves.toEqual({ oob_code: 'code-1' })
  })

  it('puts path parameters in the path, encoded', async () => {
    const fetch = stubFetch(answer(204))
    await expect(api.deleteApiKey('a/b c')).resolves.toBeNull()
    const request = sent(fetch)
    expect(request.method).toBe('DELETE')
    expect(new URL(request.url).pathname).toBe('/v1/user/api-keys/a%2Fb%20c')
  })

  it('resolves 204 answers to null and sends no body without one', async () => {
    const fetch = stubFetch(answer(204))
    await expect(api.signOut()).resolves.toBeNull()
    expect(sent(fetch).headers.get('content-type')).toBeNull()
  })

  it('turns error answers into ApiError with the code and message of the body', async () => {
    stubFetch(answer(401, { detail: { code: 'invalid_credentials', message: 'Wrong email or password' } }))
    const error = await api.signIn({ email: 'a@b.co', password: 'x' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 401,
      code: 'invalid_credentials',
      message: 'Wrong email or password',
    })
  })

  it('reads the first issue of a 422 answer', async () => {
    stubFetch(answer(422, { detail: [{ loc: ['body', 'email'], msg: 'Invalid email' }] }))
    await expect(api.sendPasswordResetEmail({ email: 'x', continue_url: '/' })).rejects.toMatchObject({
      status: 422,
      code: 'validation_error',
      message: 'Invalid email',
    })
  })

  it('keeps error answers that are empty or not JSON', async () => {
    stubFetch(answer(502, 'Bad gateway'))
    await expect(api.getConfig()).rejects.toMatchObject({ status: 502, code: null, isGeneric: true })
    stubFetch(answer(404))
    await expect(api.getConfig()).rejects.toMatchObject({ status: 404, code: null, message: '' })
  })

  it('reports a request that never got an answer as a network error', async () => {
    stubFetch(new TypeError('Failed to fetch'))
    await expect(api.getUser()).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      message: 'Failed to fetch',
      isGeneric: true,
    })
  })

  it('returns the user as the server sends it', async () => {
    const user = { user_id: 'u', locale: 'de-DE', subscription: { tier: 'free' } }
    stubFetch(answer(200, user))
    await expect(api.getUser()).resolves.toMatchObject({ user_id: 'u', locale: 'de-DE' })
  })
})
