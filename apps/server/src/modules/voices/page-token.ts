import { createHmac, timingSafeEqual } from 'node:crypto'
import { AppError } from '../../errors.js'
import type { SortDirection, VoicePosition, VoiceSort } from './voices.repository.js'

// `next_page_token` of GET /v2/voices: opaque to callers, a signed keyset position inside.
// The signature makes a tampered or foreign token a clear 400 instead of a page from
// somewhere else; the sort order is inside so a token cannot be replayed under another one.

interface TokenBody {
  v: 1
  s: VoiceSort
  d: SortDirection
  k: string
  i: string
}

const MAX_TOKEN_LENGTH = 1024

export interface PageTokenCodec {
  encode(sort: VoiceSort, direction: SortDirection, position: VoicePosition): string
  /** The position to continue after; throws `invalid_page_token` (400) for anything else. */
  decode(token: string, sort: VoiceSort, direction: SortDirection): VoicePosition
}

export function createPageTokenCodec(secretKey: string): PageTokenCodec {
  const key = createHmac('sha256', secretKey).update('timbre voices page token').digest()
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 16)

  const invalid = (message?: string) =>
    new AppError('invalid_page_token', { ...(message ? { message } : {}), param: 'next_page_token' })

  return {
    encode(sort, direction, position) {
      const body: TokenBody = { v: 1, s: sort, d: direction, k: position.key, i: position.id }
      const payload = Buffer.from(JSON.stringify(body)).toString('base64url')
      return `${payload}.${sign(payload).toString('base64url')}`
    },

    decode(token, sort, direction) {
      if (token.length > MAX_TOKEN_LENGTH) throw invalid()
      const [payload, signature, ...rest] = token.split('.')
      if (!payload || !signature || rest.length) throw invalid()
      const given = Buffer.from(signature, 'base64url')
      const expected = sign(payload)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid()
      let body: Partial<TokenBody>
      try {
        body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<TokenBody>
      } catch {
        throw invalid()
      }
      if (body.v !== 1 || typeof body.k !== 'string' || typeof body.i !== 'string') throw invalid()
      if (body.s !== sort || body.d !== direction) {
        throw invalid(
          `This next_page_token was issued for sort=${String(body.s)}&sort_direction=${String(body.d)}; repeat those parameters or start from the first page.`,
        )
      }
      return { key: body.k, id: body.i }
    },
  }
}
