import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors.js'
import { createPageTokenCodec } from './page-token.js'

// next_page_token of GET /v2/voices: round trips, and anything else is a 400.

const codec = createPageTokenCodec('k'.repeat(32))

describe('page tokens', () => {
  it('round-trip any position under the same sort', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ minLength: 1, maxLength: 64 }), (key, id) => {
        const token = codec.encode('name', 'asc', { key, id })
        expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
        expect(codec.decode(token, 'name', 'asc')).toEqual({ key, id })
      }),
    )
  })

  it('refuses any change to a token, a token of another server, or another sort', () => {
    const token = codec.encode('created_at_unix', 'desc', { key: '2026-11-22 02:00:00.123456+00', id: 'abc' })
    const other = createPageTokenCodec('o'.repeat(32)).encode('created_at_unix', 'desc', {
      key: 'x',
      id: 'y',
    })
    const code = (fn: () => unknown) => {
      try {
        fn()
        return 'accepted'
      } catch (error) {
        return error instanceof AppError ? `${error.status} ${error.code}` : 'crash'
      }
    }
    expect(code(() => codec.decode(other, 'created_at_unix', 'desc'))).toBe('400 invalid_page_token')
    expect(code(() => codec.decode(token, 'created_at_unix', 'asc'))).toBe('400 invalid_page_token')
    expect(code(() => codec.decode(token, 'name', 'desc'))).toBe('400 invalid_page_token')
    fc.assert(
      fc.property(fc.nat(token.length - 1), fc.string({ minLength: 1, maxLength: 1 }), (at, c) => {
        const changed = token.slice(0, at) + c + token.slice(at + 1)
        fc.pre(changed !== token)
        const result = code(() => codec.decode(changed, 'created_at_unix', 'desc'))
        // base64url has spare bits: a last-character change may decode to the same bytes.
        expect(['400 invalid_page_token', 'accepted']).toContain(result)
        if (result === 'accepted')
          expect(codec.decode(changed, 'created_at_unix', 'desc')).toEqual(
            codec.decode(token, 'created_at_unix', 'desc'),
          )
      }),
      { numRuns: 500 },
    )
    fc.assert(
      fc.property(fc.string({ maxLength: 3000 }), (junk) => {
        expect(code(() => codec.decode(junk, 'created_at_unix', 'desc'))).toBe('400 invalid_page_token')
      }),
    )
  })
})
