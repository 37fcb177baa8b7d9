import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allowedRedirectPath, isServerPath } from './redirect-allow-list'

const origin = 'https://timbre.example.com'
const allow = (raw: string | null) => allowedRedirectPath(raw, origin)

describe('allowedRedirectPath: allowed', () => {
  it.each([
    ['/app/home', '/app/home'],
    ['/app/subscription', '/app/subscription'],
    ['/app/settings/api-keys', '/app/settings/api-keys'],
    ['/app/dubs/', '/app/dubs'],
    ['/privacy', '/privacy'],
    ['/v1/dubs/abc123', '/v1/dubs/abc123'],
    ['/v1/projects/P_9-x', '/v1/projects/P_9-x'],
    ['/app/voice-lab/share/user1/voice2', '/app/voice-lab/share/user1/voice2'],
    ['/sound-effects/rain-on-roof', '/sound-effects/rain-on-roof'],
    ['/app/studio/42', '/app/studio/42'],
    [`${origin}/app/history`, '/app/history'],
  ])('%s -> %s', (raw, expected) => {
    expect(allow(raw)).toBe(expected)
  })

  it('keeps the query of the integration callback only', () => {
    expect(allow('/app/integrations/callback?code=x1&state=a%20b')).toBe(
      '/app/integrations/callback?code=x1&state=a%20b',
    )
    expect(allow('/app/subscription?manage-subscription=true')).toBe('/app/subscription')
  })
})

describe('allowedRedirectPath: refused', () => {
  it.each([
    null,
    '',
    'https://evil.com/app/home',
    'http://timbre.example.com/app/home', // other scheme = other origin
    'https://timbre.example.com.evil.com/app/home',
    'https://timbre.example.com@evil.com/app/home',
    '//evil.com',
    '//evil.com/app/home',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '/%2F%2Fevil.com',
    '/%252F%252Fevil.com',
    '/%5Cevil.com',
    '/\t/evil.com',
    ' /app/home',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '/javascript:alert(1)',
    'data:text/html,hi',
    'app/home',
    '/app/unknown',
    '/app/studio/',
    '/app/studio/a/b',
    '/app/studio/%2e%2e',
    '/app/studio/..%2f..%2fsign-in',
    '/app/home/../../evil',
    '/sign-in',
    '/sign-up',
    '/redirect',
    '/action',
    '/v1/user',
    '/v1/dubs/abc/../../user',
    '/%E0%A4%A',
  ])('%s', (raw) => {
    expect(allow(raw)).toBeNull()
  })

  it('never returns anything that leaves the origin (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (raw) => {
        const result = allow(raw)
        if (result === null) return true
        return result.startsWith('/') && !result.startsWith('//') && new URL(result, origin).origin === origin
      }),
    )
  })
})

describe('isServerPath', () => {
  it('marks API paths', () => {
    expect(isServerPath('/v1/dubs/x')).toBe(true)
    expect(isServerPath('/app/home')).toBe(false)
  })
})
