import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type ServerProcess, startServerProcess } from '../../test/helpers/server-process.js'

// The embedded data directory, with real server processes: private files whatever the umask,
// one process at a time, and a lock that a killed process does not leave behind.

const roots: string[] = []
const running: ServerProcess[] = []

function newDataDir(): string {
  const root = mkdtempSync(join(tmpdir(), 'timbre-datadir-'))
  roots.push(root)
  return join(root, 'data')
}

async function start(dataDir: string, extra: { umask?: number; waitReady?: boolean } = {}) {
  // The embedded database is what holds a data directory, whichever backend the suite runs on.
  const server = await startServerProcess({ env: { DATA_DIR: dataDir, DATABASE_URL: undefined }, ...extra })
  running.push(server)
  return server
}

/** Every path under `dir` whose mode lets the group or others in. */
function exposed(dir: string): string[] {
  const found: string[] = []
  const walk = (path: string) => {
    const stat = lstatSync(path)
    if (stat.isSymbolicLink()) return
    if ((stat.mode & 0o077) !== 0) found.push(`${(stat.mode & 0o777).toString(8)} ${path}`)
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name))
  }
  walk(dir)
  return found
}

afterAll(async () => {
  for (const server of running) await server.kill9()
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

describe('the data directory', () => {
  it('is created 0700 with files 0600 even under umask 000, and stays so while the server writes', async () => {
    const dataDir = newDataDir()
    const server = await start(dataDir, { umask: 0 })
    // Writes after start: a sign-up inserts rows (and PGlite may create new files).
    const signUp = await fetch(`${server.url}/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'perm@example.com', password: 'correct horse 42' }),
    })
    expect(signUp.status).toBe(201)
    await server.stop()
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700)
    expect(readdirSync(join(dataDir, 'pglite')).length).toBeGreaterThan(10)
    expect(exposed(dataDir)).toEqual([])
  }, 120_000)

  it('refuses to start when other users can enter it', async () => {
    const dataDir = newDataDir()
    mkdirSync(dataDir, { recursive: true })
    chmodSync(dataDir, 0o755)
    const server = await start(dataDir, { waitReady: false })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain(
      `The data directory ${dataDir} is accessible to other users (mode 0755)`,
    )
  }, 60_000)

  it('is held by one process: a second one exits at once naming the holder', async () => {
    const dataDir = newDataDir()
    const first = await start(dataDir)
    // The holder keeps running, so the second exiting at all shows it did not wait for the lock.
    const second = await start(dataDir, { waitReady: false })
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain(`Another Timbre process (pid ${first.child.pid}`)
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200)
    await first.stop()
  }, 120_000)

  it('after kill -9 of the holder, a restart on the same directory starts at once', async () => {
    const dataDir = newDataDir()
    const first = await start(dataDir)
    await first.kill9()
    const restarted = await start(dataDir)
    expect((await fetch(`${restarted.url}/readyz`)).status).toBe(200)
    await restarted.stop()
  }, 120_000)
})
