// The web app as a browser meets it: the JavaScript a first visit downloads (gzip) and the time
// until the speech page can be used, in Debian's Chromium against the real server.
//
// Baselines from the same run: React and ReactDOM's own production files, minified (the least
// any React page ships), and the same browser opening a static page with a text box from a plain HTTP
// server (what the browser and the loopback cost before any of our code runs).
//
// Alone: `npx tsx --conditions=source bench/web/web-app.bench.ts` (builds the web app if needed).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { transformSync } from 'esbuild'
import type { Browser, Page } from 'playwright-core'
import { buildApp } from '../../apps/server/src/app.js'
import { loadConfig } from '../../apps/server/src/config.js'
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database.js'
import { launchChromium } from '../../e2e/helpers/browser.js'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const webDist = join(root, 'apps/web/dist')
const RUNS = 7
const BUDGET_KB = 200

const kb = (bytes: number) => (bytes / 1000).toFixed(1)
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

function ensureWebBuilt(): void {
  if (existsSync(join(webDist, 'index.html'))) return
  console.log('building the web app (apps/web/dist is missing)…')
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' })
}

/** Gzip size of every script the page downloaded while it loaded. */
async function scriptsOf(page: Page, url: string, ready: (page: Page) => Promise<void>) {
  const scripts = new Map<string, number>()
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return
    const body = await response.body().catch(() => null)
    if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length)
  })
  await page.goto(url)
  await ready(page)
  await page.waitForLoadState('networkidle')
  return [...scripts.values()].reduce((a, b) => a + b, 0)
}

/** React, ReactDOM and its scheduler, minified and gzipped: the floor of any React page. */
function reactBaselineGzip(): number {
  const files = [
    'react/cjs/react.production.js',
    'react-dom/cjs/react-dom-client.production.js',
    'scheduler/cjs/scheduler.production.js',
  ]
  return files.reduce((n, f) => {
    const { code } = transformSync(readFileSync(join(root, 'node_modules', f), 'utf8'), { minify: true })
    return n + gzipSync(code, { level: 9 }).length
  }, 0)
}

/** A signed-in browser context: the session cookie the sign-in call sets. */
async function signedInPage(browser: Browser, baseUrl: string, email: string, password: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const signIn = await context.request.post(`${baseUrl}/v1/auth/sign-in`, {
    data: { email, password },
    headers: { origin: baseUrl },
  })
  if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`)
  return context
}

async function staticBaseline(browser: Browser): Promise<number[]> {
  const html =
    '<!doctype html><title>baseline</title><textarea aria-label="Text to speak"></textarea><button>Generate speech</button>'
  const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const page = await browser.newPage()
    const start = performance.now()
    await page.goto(url)
    await page.getByRole('button', { name: 'Generate speech' }).waitFor()
    times.push(performance.now() - start)
    await page.close()
  }
  server.close()
  return times
}

export async function bench(): Promise<void> {
  ensureWebBuilt()
  const database = await openDatabase({ dataDir: 'memory://' })
  await migrateToLatest(database.db)
  const dataDir = mkdtempSync(join(tmpdir(), 'timbre-bench-web-'))
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SECRET_KEY: 'w'.repeat(32),
    SPEECH_WORKERS: '1',
    WEB_DIST_DIR: webDist,
  })
  const app = await buildApp(config, { database, logger: false, mailTransport: null })
  const baseUrl = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1')
  const email = `bench-web-${Date.now()}@example.com`
  const password = 'bench password 1'
  await app.inject({ method: 'POST', url: '/v1/auth/sign-up', payload: { email, password } })
  await database.db
    .updateTable('users')
    .set({ email_verified_at: new Date() })
    .where('email', '=', email)
    .execute()
  const browser = await launchChromium()
  try {
    const visitor = await browser.newPage()
    const signInJs = await scriptsOf(visitor, `${baseUrl}/sign-in`, (p) =>
      p.getByRole('button', { name: 'Sign in' }).waitFor(),
    )
    await visitor.close()

    const speechUrl = `${baseUrl}/app/speech-synthesis`
    const ready = async (page: Page) => {
      await page.getByRole('textbox', { name: 'Text to speak' }).fill('Hello there.')
      await page.getByRole('button', { name: 'Generate speech' }).and(page.locator(':enabled')).waitFor()
    }
    const context = await signedInPage(browser, baseUrl, email, password)
    const first = await context.newPage()
    const speechJs = await scriptsOf(first, speechUrl, ready)
    await first.close()

    // Warm runs: the browser cache holds the files, as on any visit after the first.
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const page = await context.newPage()
      const start = performance.now()
      await page.goto(speechUrl)
      await ready(page)
      times.push(performance.now() - start)
      await page.close()
    }
    await context.close()
    const baselineTimes = await staticBaseline(browser)
    const react = reactBaselineGzip()

    console.table([
      {
        figure: 'initial JavaScript, sign-in page (gzip)',
        timbre: `${kb(signInJs)} kB`,
        baseline: `${kb(react)} kB (react + react-dom, minified)`,
        goal: `≤ ${BUDGET_KB} kB`,
      },
      {
        figure: 'JavaScript of the speech page, signed in (gzip)',
        timbre: `${kb(speechJs)} kB`,
        baseline: `${kb(react)} kB (react + react-dom, minified)`,
        goal: '',
      },
      {
        figure: `speech page interactive, median of ${RUNS}`,
        timbre: `${median(times).toFixed(0)} ms`,
        baseline: `${median(baselineTimes).toFixed(0)} ms (static page, same browser)`,
        goal: '',
      },
    ])
  } finally {
    await browser.close()
    app.server.closeAllConnections()
    await app.close()
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await bench()
