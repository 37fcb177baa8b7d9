// A post-login redirect query parameter is honoured only if it is same origin and its path
// is on an allow-list. Everything else yields null (use the default).
import { routes } from '../../routes'

// Named routes a signed-in user may be sent to. The auth pages, the action handler, the
// mailbox and /redirect itself are named routes too, but sending a signed-in user there
// would loop or strand them, so they are left out on purpose.
const NAMED_TARGETS: ReadonlySet<string> = new Set([
  routes.home,
  routes.onboarding,
  routes.subscription,
  routes.usage,
  routes.history,
  routes.affiliates,
  routes.audioNative,
  routes.requestAlphaAccess,
  routes.speechSynthesis,
  routes.dubs,
  routes.apiKeys,
  routes.assistant,
  routes.convaiDashboard,
  routes.privacy,
])

// Ids and slugs: plain URL-safe characters only, so no encoded byte can sneak in a segment.
const SEGMENT = '[A-Za-z0-9_-]{1,200}'
const PATTERNS: readonly RegExp[] = [
  new RegExp(`^/v1/dubs/${SEGMENT}$`),
  new RegExp(`^/v1/projects/${SEGMENT}$`),
  new RegExp(`^/app/voice-lab/share/${SEGMENT}/${SEGMENT}$`),
  new RegExp(`^/sound-effects/${SEGMENT}$`),
  new RegExp(`^/app/studio/${SEGMENT}$`),
]

// The integration callback is the one target that keeps its query.
const KEEPS_QUERY: ReadonlySet<string> = new Set([routes.integrationCallback])

/** Control characters, spaces, DEL and backslashes: browsers strip or reinterpret them. */
function hasForbiddenChar(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code <= 0x20 || code === 0x7f || code === 0x5c) return true
  }
  return false
}

/** Decodes a few times so that `%252F%252F` style tricks are seen in their final form. */
function decodings(raw: string): string[] | null {
  const forms = [raw]
  let current = raw
  for (let i = 0; i < 3; i++) {
    let next: string
    try {
      next = decodeURIComponent(current)
    } catch {
      return null
    }
    if (next === current) break
    forms.push(next)
    current = next
  }
  return forms
}

function looksHostile(form: string): boolean {
  return (
    hasForbiddenChar(form) || form.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(form.replace(/^\/+/, ''))
  )
}

/**
 * Returns the in-app path (`/app/dubs`, `/app/integrations/callback?code=1`) that `raw` points
 * to when it is same origin and allow-listed, else null. `origin` is `window.location.origin`.
 */
export function allowedRedirectPath(raw: string | null | undefined, origin: string): string | null {
  if (!raw || raw.length > 2000 || hasForbiddenChar(raw)) return null
  const base = new URL(origin)
  const absolute = raw.startsWith(`${base.origin}/`)
  if (!absolute && !raw.startsWith('/')) return null
  // The path part decides where the browser goes; the query only matters for the callback.
  const pathPart = (absolute ? raw.slice(base.origin.length) : raw).split(/[?#]/, 1)[0] ?? ''
  const forms = decodings(pathPart)
  if (!forms || forms.some(looksHostile)) return null

  let url: URL
  try {
    url = new URL(raw, base)
  } catch {
    return null
  }
  if (url.origin !== base.origin || url.username || url.password) return null

  const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname
  if (path.includes('%')) return null
  if (KEEPS_QUERY.has(path)) return path + url.search
  if (NAMED_TARGETS.has(path) || PATTERNS.some((p) => p.test(path))) return path
  return null
}

/** Paths the API server answers itself: navigate with a full page load, not the router. */
export function isServerPath(path: string): boolean {
  return path.startsWith('/v1/')
}
