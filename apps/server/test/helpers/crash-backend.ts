import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { type DatabaseHandle, embeddedDataDir, openDatabase } from '../../src/db/database.js'
import { newId } from '../../src/lib/ids.js'
import { type ServerProcess, startServerProcess } from './server-process.js'

// The data of a server started as a child process (and killed with SIGKILL): a file-backed
// PGlite data dir, or with DATABASE_URL set a fresh database on that PostgreSQL server (the
// spawned server inherits the environment, so the two cannot share a run).

export interface CrashBackend {
  name: 'PGlite' | 'PostgreSQL'
  /** Environment for the server process. */
  env: Record<string, string>
  /** Opens the database from the test (only while no server process has it, for PGlite). */
  open(): Promise<DatabaseHandle>
  cleanup(): Promise<void>
}

function pgliteBackend(): CrashBackend {
  const dataDir = mkdtempSync(join(tmpdir(), 'timbre-crash-'))
  return {
    name: 'PGlite',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir: embeddedDataDir(dataDir) }),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

async function postgresBackend(serverUrl: string): Promise<CrashBackend> {
  const dataDir = mkdtempSync(join(tmpdir(), 'timbre-crash-'))
  const name = `timbre_crash_${newId(12).toLowerCase()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    name: 'PostgreSQL',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString() }),
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true })
      const c = new pg.Client({ connectionString: serverUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

/** PGlite, or a fresh PostgreSQL database when DATABASE_URL is set. */
export function makeCrashBackend(): Promise<CrashBackend> {
  const serverUrl = process.env.DATABASE_URL
  return serverUrl ? postgresBackend(serverUrl) : Promise.resolve(pgliteBackend())
}

/** Signs a user up and in through the API; returns its id and access token. */
export async function signUpThroughApi(
  base: string,
  label: string,
): Promise<{ userId: string; token: string }> {
  const email = `${label}-${newId(8).toLowerCase()}@example.com`
  const password = 'correct horse 42'
  const up = await fetch(`${base}/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (up.status !== 201) throw new Error(`sign-up: ${up.status} ${await up.text()}`)
  const userId = ((await up.json()) as { user_id: string }).user_id
  const signIn = await fetch(`${base}/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  const token = ((await signIn.json()) as { access_token: string }).access_token
  return { userId, token }
}

/**
 * A server process on the backend with one signed-up user whose email is verified (the user is
 * made through the API, the server stopped to mark the email in the database, then started again).
 */
export async function startWithVerifiedUser(
  backend: CrashBackend,
  env: Record<string, string | undefined>,
  label: string,
): Promise<{ running: ServerProcess; user: { userId: string; token: string } }> {
  const first = await startServerProcess({ env })
  const user = await signUpThroughApi(first.url, label)
  await first.stop()
  const setup = await backend.open()
  await setup.db.updateTable('users').set({ email_verified_at: new Date() }).execute()
  await setup.close()
  return { running: await startServerProcess({ env }), user }
}
