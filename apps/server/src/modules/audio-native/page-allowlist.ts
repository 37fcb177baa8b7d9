import { createHmac, timingSafeEqual } from 'node:crypto'
import { AUDIO_NATIVE_MAX_ALLOWLIST } from '@timbre/contract'
import { AppError } from '../../errors.js'

// Which pages may show a player. An allowlist entry is a site (https://example.com: any page
// on it) or a page address prefix (https://example.com/blog/: the pages under it). An empty
// allowlist lets any page embed the player. The page a player reports must be on the origin
// the browser names in its Origin header, so another site cannot claim an allowed page.

function invalid(message: string): AppError {
  return new AppError('validation_error', { message, param: 'allowed_urls' })
}

/** Entries as stored: absolute http(s) URLs without credentials or fragments, each once. */
export function normaliseAllowlist(entries: string[]): string[] {
  const out: string[] = []
  for (const raw of entries.map((e) => e.trim()).filter(Boolean)) {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      throw invalid(`'${raw.slice(0, 200)}' is not a web address (https://example.com or a page prefix).`)
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
      throw invalid(`'${raw.slice(0, 200)}' must be an http or https address without a user name.`)
    url.hash = ''
    const entry = url.pathname === '/' && !url.search ? url.origin : url.toString()
    if (!out.includes(entry)) out.push(entry)
  }
  if (out.length > AUDIO_NATIVE_MAX_ALLOWLIST)
    throw invalid(`At most ${AUDIO_NATIVE_MAX_ALLOWLIST} allowed addresses per player.`)
  return out
}

/** Whether `page` (reported by the player) from a browser naming `origin` may use the player. */
export function pageAllowed(
  allowlist: string[],
  page: string | undefined,
  origin: string | undefined,
): boolean {
  if (!page || !origin) return false
  let pageUrl: URL
  try {
    pageUrl = new URL(page)
  } catch {
    return false
  }
  if (pageUrl.origin !== origin) return false
  if (allowlist.length === 0) return true
  const href = `${pageUrl.origin}${pageUrl.pathname}${pageUrl.search}`
  return allowlist.some((entry) =>
    entry.includes('/', 8) ? href.startsWith(entry) : pageUrl.origin === entry,
  )
}

/** Signed, expiring audio links: the audio element cannot send the page it plays on. */
export function createAudioSigner(secretKey: string) {
  const sign = (text: string) =>
    createHmac('sha256', `audio-native:${secretKey}`).update(text).digest('base64url')
  return {
    sign(projectId: string, version: number, expiresUnix: number): string {
      return sign(`${projectId}.${version}.${expiresUnix}`)
    },
    verify(projectId: string, version: number, expiresUnix: number, signature: string): boolean {
      if (!Number.isFinite(expiresUnix) || expiresUnix < Date.now() / 1000) return false
      const expected = Buffer.from(sign(`${projectId}.${version}.${expiresUnix}`))
      const given = Buffer.from(signature)
      return expected.length === given.length && timingSafeEqual(expected, given)
    },
  }
}

export type AudioSigner = ReturnType<typeof createAudioSigner>
