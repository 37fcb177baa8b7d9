import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'

/** Every response: browsers must not guess a type other than the declared one. */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('x-content-type-options')) reply.header('x-content-type-options', 'nosniff')
    return payload
  })
}

/**
 * The web app's Content-Security-Policy: scripts, fonts and connections only from this origin
 * (no inline script at all), audio and images also from blob:/data: URLs the app makes, never
 * framed. Styles: the built index.html has inline style attributes (the splash shown before the
 * first render), allowed by their hashes only; the dialogs' scroll lock adds a <style> element
 * whose text depends on the scrollbar width, so inline <style> elements are allowed (styles
 * cannot run code; scripts stay strict).
 */
export function webAppContentSecurityPolicy(indexHtml: string): string {
  const styleHashes = [...indexHtml.matchAll(/\sstyle="([^"]*)"/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  )
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "style-src-elem 'self' 'unsafe-inline'",
    styleHashes.length > 0 ? `style-src-attr 'unsafe-hashes' ${[...new Set(styleHashes)].join(' ')}` : null,
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
  return directives.filter((d) => d !== null).join('; ')
}

/** Headers for every response of the web app (its page and its files). */
export function webAppHeaders(indexHtml: string): Record<string, string> {
  return {
    'content-security-policy': webAppContentSecurityPolicy(indexHtml),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  }
}
