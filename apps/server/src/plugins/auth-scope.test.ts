import { API_KEY_SCOPES } from '@timbre/contract'
import { describe, expect, it } from 'vitest'
import { AppError } from '../errors.js'
import { checkScope, type Principal } from './auth.js'

const base: Principal = {
  userId: 'u',
  workspaceId: 'w',
  email: 'e@x.co',
  emailVerified: true,
  via: 'api_key',
}
const key = (permissions: string[] | null): Principal => ({
  ...base,
  apiKey: { id: 'k', permissions, characterLimit: null, characterCount: 0 },
})

// An API key carries permission scopes, one per group of endpoints; sessions have every scope.
describe('API-key scopes', () => {
  it('a session (no API key) passes every scope', () => {
    expect(() => checkScope({ ...base, via: 'access_token' }, 'history')).not.toThrow()
  })

  it('a key with every scope (null) passes each group', () => {
    for (const scope of API_KEY_SCOPES) expect(() => checkScope(key(null), scope)).not.toThrow()
  })

  it('a restricted key passes only its groups, with a 403 naming the missing one', () => {
    const k = key(['voices', 'models'])
    expect(() => checkScope(k, 'voices')).not.toThrow()
    try {
      checkScope(k, 'text-to-speech')
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(AppError)
      expect((error as AppError).status).toBe(403)
      expect((error as AppError).message).toContain('text-to-speech')
    }
  })

  it('a restricted key is refused where a route declares no scope', () => {
    expect(() => checkScope(key(['voices']), undefined)).toThrow(AppError)
  })

  it('calls that refuse API keys refuse even an all-scopes key', () => {
    expect(() => checkScope(key(null), 'user', false)).toThrow(AppError)
  })
})
