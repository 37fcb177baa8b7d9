import { createHmac, timingSafeEqual } from 'node:crypto'

// The public API's `signed_url`s: a time-limited link to an order's media or deliverable that
// works without credentials, signed with the server's secret key.

/** How long a signed link works. */
export const SIGNED_LINK_SECONDS = 3600

export type SignedKind = 'media' | 'deliverable'

export interface SignedLinks {
  path(kind: SignedKind, id: string): string
  verify(kind: SignedKind, id: string, expires: number, signature: string): boolean
}

export function createSignedLinks(secret: string, now: () => Date): SignedLinks {
  const sign = (kind: SignedKind, id: string, expires: number) =>
    createHmac('sha256', secret).update(`production-file:${kind}:${id}:${expires}`).digest('base64url')
  return {
    path(kind, id) {
      const expires = Math.floor(now().getTime() / 1000) + SIGNED_LINK_SECONDS
      return `/v1/productions/files/${kind}/${encodeURIComponent(id)}?expires=${expires}&signature=${sign(kind, id, expires)}`
    },
    verify(kind, id, expires, signature) {
      if (expires * 1000 < now().getTime()) return false
      const expected = Buffer.from(sign(kind, id, expires))
      const given = Buffer.from(signature)
      return expected.length === given.length && timingSafeEqual(expected, given)
    },
  }
}
