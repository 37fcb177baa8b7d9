import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { REDIRECT_TARGET_MAX, safeRedirectPath } from './redirects.js'

// Whatever the input, a target the rule lets through keeps a browser on this site.

const ORIGIN = 'https://timbre.example'

/** Characters that make redirects dangerous, mixed into otherwise ordinary paths. */
const tricky = fc.constantFrom(
  '/',
  '\\',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u0000',
  '\u007f',
  '%',
  ':',
  '@',
  '.',
  '?',
  '#',
)
const pathish = fc
  .array(fc.oneof(tricky, fc.string({ maxLength: 3 }), fc.webSegment()), { maxLength: 12 })
  .map((parts) => parts.join(''))

function landsOnSite(target: string): boolean {
  // How a browser resolves a Location header against the page's own origin.
  const url = new URL(target, ORIGIN)
  return url.origin === ORIGIN && !url.username && !url.password
}

describe('safeRedirectPath', () => {
  it('lets through only same-origin paths free of control characters and backslashes', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          pathish,
          fc.string(),
          fc.webUrl(),
          pathish.map((p) => `/${p}`),
        ),
        (raw) => {
          const safe = safeRedirectPath(raw)
          if (safe === null) return
          expect(safe.startsWith('/')).toBe(true)
          expect(safe.startsWith('//')).toBe(false)
          expect([...safe].some((c) => c.charCodeAt(0) <= 0x20 || c === '\u007f' || c === '\\')).toBe(false)
          expect(landsOnSite(safe)).toBe(true)
        },
      ),
      { numRuns: 3000 },
    )
  })

  it('refuses every target that holds a control character, a space or a backslash', () => {
    const bad = fc.constantFrom(...'\t\n\r\u0000\u000b\u000c\u001f\u007f \\'.split(''))
    fc.assert(
      fc.property(fc.webPath(), bad, fc.nat(), (path, char, at) => {
        const target = `/${path}`
        const i = 1 + (at % target.length)
        expect(safeRedirectPath(target.slice(0, i) + char + target.slice(i))).toBeNull()
      }),
    )
  })

  it('keeps ordinary paths as they are', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), (path, query) => {
        const target = `/app${path.startsWith('/') ? path : `/${path}`}?${query}`
        expect(safeRedirectPath(target)).toBe(target)
      }),
    )
  })

  it('refuses the known tricks', () => {
    for (const raw of [
      '/\t/evil.example/x',
      '/\n/evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      '/%2F/evil.example',
      '/%5c/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'evil.example',
      '',
      `/${'a'.repeat(REDIRECT_TARGET_MAX)}`,
    ])
      expect(safeRedirectPath(raw), JSON.stringify(raw)).toBeNull()
  })

  it('accepts an absolute URL of the given origin as its path, and no other origin', () => {
    expect(safeRedirectPath(`${ORIGIN}/app/history?x=1`, ORIGIN)).toBe('/app/history?x=1')
    expect(safeRedirectPath('https://evil.example/app', ORIGIN)).toBeNull()
    expect(safeRedirectPath(`${ORIGIN}.evil.example/app`, ORIGIN)).toBeNull()
    expect(safeRedirectPath(`${ORIGIN}//evil.example`, ORIGIN)).toBeNull()
  })
})
