import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setPlan } from '../../../test/helpers/plans.js'
import { type ServerProcess, startServerProcess } from '../../../test/helpers/server-process.js'
import { createTestDatabase } from '../../../test/helpers/test-database.js'
import type { DatabaseHandle } from '../../db/database.js'

// Two real API processes on one PostgreSQL database: the plan's concurrency limit holds for the
// workspace as a whole, and a killed process's slots come back once its leases expire.
const LEASE_MS = 3000
const HEARTBEAT_MS = 500
const noah = PREMADE_VOICES.find((v) => v.name === 'Noah')!
// Long enough to keep a stream busy for a while on this machine.
// Held streams must outlast the test even when nobody reads them: minutes of 44.1 kHz PCM fill
// every socket buffer on the way, so the server waits with its slot taken.
const LONG = 'This sentence is long enough to keep a stream busy for a while. '.repeat(70)
const MEDIUM = 'A stream of a few sentences, spoken one after the other. '.repeat(3)

let database: DatabaseHandle
let dataDir: string
let a: ServerProcess
let b: ServerProcess

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return
  database = await createTestDatabase()
  dataDir = mkdtempSync(join(tmpdir(), 'timbre-two-'))
  const env = {
    DATABASE_URL: database.url!,
    DATA_DIR: dataDir,
    SECRET_KEY: 's'.repeat(32),
    CONCURRENCY_LEASE_MS: String(LEASE_MS),
    CONCURRENCY_HEARTBEAT_MS: String(HEARTBEAT_MS),
  }
  a = await startServerProcess({ env, role: 'api' })
  b = await startServerProcess({ env, role: 'api' })
}, 180_000)

afterAll(async () => {
  await a?.stop()
  await b?.stop()
  await database?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** A verified user on the Starter plan (3 concurrent requests) with an API key. */
async function starterApiKey(server: ServerProcess): Promise<{ key: string; workspaceId: string }> {
  const email = `two-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`
  const password = 'correct horse 42'
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  const signUp = await post('/v1/auth/sign-up', { email, password })
  expect(signUp.status).toBe(201)
  const { user_id: userId } = (await signUp.json()) as { user_id: string }
  await database.db
    .updateTable('users')
    .set({ email_verified_at: new Date() })
    .where('id', '=', userId)
    .execute()
  const signIn = await post('/v1/auth/sign-in', { email, password })
  const { access_token: token } = (await signIn.json()) as { access_token: string }
  const created = await post('/v1/user/api-keys', { name: 'load' }, { authorization: `Bearer ${token}` })
  expect(created.status).toBe(201)
  const { api_key: key } = (await created.json()) as { api_key: string }
  const workspaceId = await setPlan(database, userId, {
    tier: 'starter',
    status: 'active',
    characterCount: 0,
    characterLimit: 10_000_000,
  })
  return { key, workspaceId }
}

function stream(
  server: ServerProcess,
  key: string,
  text: string,
  signal?: AbortSignal,
  format = 'pcm_16000',
) {
  return fetch(`${server.url}/v1/text-to-speech/${noah.voice_id}/stream?output_format=${format}`, {
    method: 'POST',
    headers: { 'xi-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ text, model_id: 'eleven_flash_v2' }),
    ...(signal ? { signal } : {}),
  })
}

interface Outcome {
  status: number
  server: 'a' | 'b'
  /** When the status line arrived and when the last byte did (ms since the test began). */
  start: number
  end: number
  bytes: number
  current: string | null
  maximum: string | null
  code: string | null
}

/** The largest number of 200 responses whose bodies were open at the same moment. */
function maxOverlap(ok: Outcome[]): number {
  const events = ok.flatMap((o) => [
    { t: o.start, d: 1 },
    { t: o.end, d: -1 },
  ])
  // At equal times an end comes before a start: the slot was free again.
  events.sort((x, y) => x.t - y.t || x.d - y.d)
  let now = 0
  let max = 0
  for (const e of events) {
    now += e.d
    max = Math.max(max, now)
  }
  return max
}

describe.skipIf(!process.env.DATABASE_URL)('concurrency limit across two API processes', () => {
  it('never answers more than the plan allows at once, whichever process takes the request', async () => {
    const { key } = await starterApiKey(a)
    const began = Date.now()
    const fire = async (i: number, delayMs: number, text: string): Promise<Outcome> => {
      await sleep(delayMs)
      const server = i % 2 === 0 ? 'a' : 'b'
      const res = await stream(server === 'a' ? a : b, key, `${i}. ${text}`)
      const start = Date.now() - began
      if (res.status !== 200) {
        const body = (await res.json()) as { detail: { code: string } }
        return {
          status: res.status,
          server,
          start,
          end: Date.now() - began,
          bytes: 0,
          current: res.headers.get('current-concurrent-requests'),
          maximum: res.headers.get('maximum-concurrent-requests'),
          code: body.detail.code,
        }
      }
      const bytes = (await res.arrayBuffer()).byteLength
      return {
        status: 200,
        server,
        start,
        end: Date.now() - began,
        bytes,
        current: null,
        maximum: null,
        code: null,
      }
    }
    // A burst of long requests, four on each process: at most three can run, so each process
    // refuses some. Then staggered shorter ones, alternating: slots freed by finished requests
    // are taken again, so more than three succeed in total, never more than three at once.
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => fire(i, 0, MEDIUM.repeat(3))))
    const staggered = await Promise.all(Array.from({ length: 16 }, (_, i) => fire(i, i * 300, MEDIUM)))
    const outcomes = [...burst, ...staggered]
    const sent = outcomes.length
    const ok = outcomes.filter((o) => o.status === 200)
    const refused = outcomes.filter((o) => o.status === 429)
    const overlap = maxOverlap(ok)
    console.log(
      `two processes: sent ${sent}, 200: ${ok.length} (a ${ok.filter((o) => o.server === 'a').length}, ` +
        `b ${ok.filter((o) => o.server === 'b').length}), 429: ${refused.length}, ` +
        `max concurrent 200s: ${overlap}, limit 3; 200 durations ms: ${ok.map((o) => o.end - o.start).join(' ')}`,
    )
    expect(ok.length + refused.length).toBe(sent)
    expect(overlap).toBeLessThanOrEqual(3)
    // The limit was actually reached, and both processes served and refused requests.
    expect(overlap).toBe(3)
    expect(refused.length).toBeGreaterThan(0)
    // Slots freed by finished requests were taken again.
    expect(ok.length).toBeGreaterThan(3)
    expect(new Set(ok.map((o) => o.server)).size).toBe(2)
    expect(new Set(refused.map((o) => o.server)).size).toBe(2)
    for (const r of refused) {
      expect(r.code).toBe('concurrent_limit_exceeded')
      expect(r.maximum).toBe('3')
      expect(r.current).toBe('3')
    }
    for (const o of ok) expect(o.bytes).toBeGreaterThan(16_000)
  }, 180_000)

  it('a process killed with SIGKILL holds its slots only until its leases expire', async () => {
    const { key, workspaceId } = await starterApiKey(b)
    const controllers: AbortController[] = []
    const hold = async (server: ServerProcess) => {
      const controller = new AbortController()
      controllers.push(controller)
      const res = await stream(server, key, LONG, controller.signal, 'pcm_44100')
      expect(res.status).toBe(200)
      // The stream has begun and holds its slot; unread, it stays open.
      await res.body!.getReader().read()
    }
    await hold(a)
    await hold(a)
    await hold(b)
    const short = () => stream(b, key, `Are you free? ${Date.now()}`)
    expect((await short()).status).toBe(429)

    await a.kill9()
    const killed = Date.now()
    let first = await short()
    const refusedAfterKill: string[] = []
    while (first.status === 429 && Date.now() - killed < LEASE_MS + 10_000) {
      refusedAfterKill.push(first.headers.get('current-concurrent-requests') ?? '')
      await first.arrayBuffer()
      await sleep(100)
      first = await short()
    }
    const freedAfter = Date.now() - killed
    console.log(
      `kill -9: slot freed ${freedAfter} ms after the kill (lease ${LEASE_MS} ms, heartbeat ${HEARTBEAT_MS} ms)`,
    )
    expect(first.status).toBe(200)
    await first.arrayBuffer()
    // Not before the dead process's leases could have expired, and not long after. A busy process
    // can run a heartbeat late, so its last renewal may lie up to two beats before the kill.
    expect(freedAfter).toBeGreaterThanOrEqual(LEASE_MS - 2 * HEARTBEAT_MS - 500)
    expect(freedAfter).toBeLessThan(LEASE_MS + 3000)
    expect(refusedAfterKill.length).toBeGreaterThan(0)
    expect(refusedAfterKill.every((c) => c === '3')).toBe(true)
    // The dead process's rows are gone; only the stream still open on B holds a lease. (The short
    // request's own lease is given back just after its last byte, so allow it a moment.)
    const leases = () =>
      database.db
        .selectFrom('concurrency_leases')
        .select('holder')
        .where('workspace_id', '=', workspaceId)
        .execute()
    let rows = await leases()
    for (let i = 0; i < 40 && rows.length > 1; i++) {
      await sleep(50)
      rows = await leases()
    }
    expect(rows).toHaveLength(1)
    for (const c of controllers) c.abort()
  }, 120_000)
})
