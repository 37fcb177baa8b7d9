import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolvePort(port))
    })
    server.on('error', reject)
  })
}

export interface RunningServer {
  url: string
  /** The operator API's token, set for every journey (promo codes, grant offers). */
  operatorToken: string
  /** Which database the server runs on. */
  database: 'pglite' | 'postgresql'
  stop(): Promise<void>
}

/**
 * A fresh database on the PostgreSQL server DATABASE_URL names, dropped when the journey ends
 * (the server migrates it at start); null without DATABASE_URL (the server uses PGlite).
 */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) return null
  const name = `timbre_e2e_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

/**
 * Starts the built product exactly as `npm start` does, on a fresh data directory, and on a
 * fresh PostgreSQL database when DATABASE_URL is set.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'timbre-e2e-'))
  const url = `http://127.0.0.1:${port}`
  const operatorToken = randomBytes(24).toString('hex')
  const postgres = await freshPostgres()
  const child: ChildProcess = spawn(
    process.execPath,
    [join(root, 'apps/server/dist/main.js'), '--role=all'],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        OPERATOR_TOKEN: operatorToken,
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  // Generous: on a shared, busy machine a cold start (migrations, engines) can take a minute.
  const deadline = Date.now() + 150_000
  for (;;) {
    if (child.exitCode !== null) {
      await postgres?.drop()
      throw new Error(`server exited with ${child.exitCode}`)
    }
    try {
      const res = await fetch(`${url}/readyz`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      await postgres?.drop()
      throw new Error('server did not become ready in 150 s')
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    operatorToken,
    database: postgres ? 'postgresql' : 'pglite',
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await new Promise((r) => child.once('exit', r))
      }
      rmSync(dataDir, { recursive: true, force: true })
      await postgres?.drop()
    },
  }
}
