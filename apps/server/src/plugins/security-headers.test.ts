import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../test/helpers/test-app.js'

// The web app's responses carry a strict Content-Security-Policy and frame headers; every
// response, API JSON included, forbids type sniffing.

const SPLASH_STYLE = 'display: flex; min-height: 100vh'
let t: TestApp
let dist: string

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'timbre-web-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"><div style="${SPLASH_STYLE}"></div></div></body></html>`,
  )
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("hi")')
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } })
})
afterAll(async () => {
  await t?.close()
  rmSync(dist, { recursive: true, force: true })
})

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/)
      return [name, values]
    }),
  )
}

describe('web app headers', () => {
  it.each(['/', '/app/home', '/action?mode=verifyEmail&oobCode=x'])(
    '%s gets a strict CSP and frame headers',
    async (url) => {
      const res = await t.app.inject({ url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      const csp = directives(String(res.headers['content-security-policy']))
      expect(csp.get('frame-ancestors')).toEqual(["'none'"])
      expect(csp.get('script-src')).toEqual(["'self'"])
      expect(csp.get('default-src')).toEqual(["'self'"])
      expect(csp.get('object-src')).toEqual(["'none'"])
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'")
      expect(csp.get('style-src-elem')).toEqual(["'self'", "'unsafe-inline'"])
      const hash = `'sha256-${createHash('sha256').update(SPLASH_STYLE).digest('base64')}'`
      expect(csp.get('style-src-attr')).toEqual(["'unsafe-hashes'", hash])
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('same-origin')
    },
  )

  it("the app's files get them too", async () => {
    const res = await t.app.inject({ url: '/assets/app.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'")
  })
})

describe('API responses', () => {
  it.each([
    ['an error', '/v1/user', 401],
    ['an answer', '/v1/models', 200],
    ['a missing route', '/v1/nothing', 404],
  ])('%s is JSON with nosniff', async (_name, url, status) => {
    const res = await t.app.inject({ url, headers: url === '/v1/models' ? await bearer() : {} })
    expect(res.statusCode).toBe(status)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })
})

async function bearer(): Promise<Record<string, string>> {
  return (await createUser(t.app, t.database)).auth
}
