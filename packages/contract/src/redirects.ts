// The one rule for every place a browser is sent after something (signing in, single sign-on,
// an email link, a payment page): only a path of this site. A redirect target is refused when it
// holds a control character, a space or a backslash (browsers strip or rewrite them, so
// `/\t/evil.example` is read as `//evil.example`), when it starts with two slashes in any
// spelling (another host), or when it resolves to another origin at all.

/** The longest redirect target accepted; longer ones are refused, not cut. */
export const REDIRECT_TARGET_MAX = 2000

const PROBE_ORIGIN = 'https://redirect-check.invalid'

function hasUnsafeCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code <= 0x20 || code === 0x7f || code === 0x5c) return true
    // Unicode line and paragraph separators and the byte-order mark, which some parsers skip.
    if (code === 0x2028 || code === 0x2029 || code === 0xfeff || (code >= 0x80 && code <= 0x9f)) return true
  }
  return false
}

/**
 * The same-origin path (with its query and fragment) that `raw` names, or null when a browser
 * could be led anywhere else by it. With `origin`, an absolute URL of that origin is accepted and
 * answered as its path.
 */
export function safeRedirectPath(raw: unknown, origin?: string): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > REDIRECT_TARGET_MAX) return null
  if (hasUnsafeCharacter(raw)) return null
  let path = raw
  if (origin && raw.startsWith(`${origin}/`)) path = raw.slice(origin.length)
  if (!path.startsWith('/') || path.startsWith('//')) return null
  // Encoded slashes and backslashes right after the first slash are a second host in disguise
  // to some servers and proxies.
  if (/^\/(%2f|%5c)/i.test(path)) return null
  let resolved: URL
  try {
    resolved = new URL(path, PROBE_ORIGIN)
  } catch {
    return null
  }
  if (resolved.origin !== PROBE_ORIGIN || resolved.username || resolved.password) return null
  return path
}

/** An absolute link to a path of this site, for return addresses handed to other sites. */
export function siteLink(origin: string, path: string): string {
  const safe = safeRedirectPath(path)
  if (!safe) throw new Error(`not a path of this site: ${JSON.stringify(path)}`)
  return `${origin}${safe}`
}
