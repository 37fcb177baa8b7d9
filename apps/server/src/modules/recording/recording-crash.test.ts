import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { makeCrashBackend, signUpThroughApi } from '../../../test/helpers/crash-backend.js'
import { type ServerProcess, startServerProcess } from '../../../test/helpers/server-process.js'
import type { DatabaseHandle } from '../../db/database.js'

// Credits survive a process killed with SIGKILL in the middle of generations: after a restart
// the sweeper settles every reservation the dead process held for what it had delivered (never
// more than the client received plus the chunk in flight) or releases it when nothing went out.

const LEASE_SECONDS = 2
const noah = PREMADE_VOICES.find((v) => v.name === 'Noah')!
const SENTENCE = 'Every sentence of this long story is spoken in the same even rhythm. '
const LONG_TEXT = SENTENCE.repeat(36).trim() // about 2,500 characters

/** The state of one workspace's credits, read from the database after the sweep. */
async function creditsOf(db: DatabaseHandle, userId: string) {
  const user = await db.db
    .selectFrom('users')
    .select('workspace_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const ledger = await db.db
    .selectFrom('credit_ledger')
    .select(['state', 'characters', 'delivered_characters'])
    .where('workspace_id', '=', user.workspace_id)
    .execute()
  const sub = await db.db
    .selectFrom('subscriptions')
    .select('character_count')
    .where('workspace_id', '=', user.workspace_id)
    .executeTakeFirstOrThrow()
  const items = await db.db
    .selectFrom('history_items')
    .select('id')
    .where('workspace_id', '=', user.workspace_id)
    .execute()
  const charged = ledger.filter((l) => l.state === 'charged').reduce((n, l) => n + l.characters, 0)
  return { ledger, count: sub.character_count, charged, historyItems: items.length }
}

/** Reads JSON lines of /stream/with-timestamps: characters received, largest chunk. */
function lineCounter() {
  let pending = ''
  const state = { characters: 0, largestChunk: 0, chunks: 0 }
  return {
    state,
    feed(bytes: Uint8Array) {
      pending += Buffer.from(bytes).toString()
      let nl = pending.indexOf('\n')
      while (nl >= 0) {
        const line = pending.slice(0, nl)
        pending = pending.slice(nl + 1)
        nl = pending.indexOf('\n')
        const n =
          (JSON.parse(line) as { alignment: { characters: string[] } | null }).alignment?.characters.length ??
          0
        state.characters += n
        state.largestChunk = Math.max(state.largestChunk, n)
        state.chunks++
      }
    },
  }
}

let running: ServerProcess | null = null
afterAll(async () => {
  await running?.kill9()
})

describe(`kill -9 during generations (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('settles what was delivered, releases what was not, and charges nothing twice', async () => {
    const backend = await makeCrashBackend()
    const env = { ...backend.env, CREDIT_LEASE_SECONDS: String(LEASE_SECONDS), SECRET_KEY: 'k'.repeat(32) }
    try {
      // Accounts through the API; paid plans and verified emails straight in the database between runs.
      running = await startServerProcess({ env })
      const streamer = await signUpThroughApi(running.url, 'stream')
      const early = await signUpThroughApi(running.url, 'early')
      const socket = await signUpThroughApi(running.url, 'socket')
      await running.stop()
      const setup = await backend.open()
      await setup.db
        .updateTable('subscriptions')
        .set({ tier: 'pro', status: 'active', character_count: 0, character_limit: 500_000 })
        .execute()
      // Generating audio needs a verified email; the mailbox step is not what this test is about.
      await setup.db.updateTable('users').set({ email_verified_at: new Date() }).execute()
      await setup.close()

      running = await startServerProcess({ env })
      const base = running.url
      const auth = (token: string) => ({
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      })

      // 1. An HTTP stream: a few chunks read, then the server dies.
      const http = await fetch(
        `${base}/v1/text-to-speech/${noah.voice_id}/stream/with-timestamps?output_format=pcm_16000`,
        {
          method: 'POST',
          headers: auth(streamer.token),
          body: JSON.stringify({ text: LONG_TEXT, model_id: 'eleven_multilingual_v2' }),
        },
      )
      expect(http.status).toBe(200)
      const reserved = Number(http.headers.get('character-cost'))
      const reader = http.body!.getReader()
      const lines = lineCounter()
      while (lines.state.chunks < 3) {
        const { value, done } = await reader.read()
        if (done) break
        lines.feed(value)
      }

      // 2. A WebSocket session: a few audio messages, then the server dies.
      const ws = new WebSocket(
        `${base.replace('http', 'ws')}/v1/text-to-speech/${noah.voice_id}/stream-input?output_format=pcm_16000&auto_mode=true`,
        { headers: { authorization: `Bearer ${socket.token}` } },
      )
      const wsState = { characters: 0, largestChunk: 0, audio: 0 }
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as { audio?: string; alignment?: { chars: string[] } | null }
        if (!m.audio) return
        wsState.audio++
        const n = m.alignment?.chars.length ?? 0
        wsState.characters += n
        wsState.largestChunk = Math.max(wsState.largestChunk, n)
      })
      ws.on('error', () => undefined)
      await new Promise<void>((resolve) => ws.once('open', () => resolve()))
      ws.send(JSON.stringify({ text: ' ' }))
      for (let i = 0; i < 12; i++) ws.send(JSON.stringify({ text: SENTENCE }))
      for (let i = 0; i < 200 && wsState.audio < 3; i++) await new Promise((r) => setTimeout(r, 50))
      expect(wsState.audio).toBeGreaterThanOrEqual(3)

      // 3. A request killed as it starts: usually before its first chunk leaves; if a chunk made
      // it out first, the same bound as for any stream applies.
      const earlyLines = lineCounter()
      const earlyDone = fetch(
        `${base}/v1/text-to-speech/${noah.voice_id}/stream/with-timestamps?output_format=pcm_16000`,
        {
          method: 'POST',
          headers: auth(early.token),
          body: JSON.stringify({ text: LONG_TEXT, model_id: 'eleven_multilingual_v2' }),
        },
      )
        .then(async (response) => {
          const earlyReader = response.body!.getReader()
          for (;;) {
            const next = await earlyReader.read()
            if (next.done) break
            earlyLines.feed(next.value)
          }
        })
        .catch(() => undefined)
      // Killed as soon as its credits are reserved (the count the API shows moves first).
      for (let i = 0; i < 400; i++) {
        const sub = await fetch(`${base}/v1/user/subscription`, { headers: auth(early.token) })
        if (((await sub.json()) as { character_count: number }).character_count > 0) break
      }

      await running.kill9()
      await earlyDone
      // What was already on its way still reaches the client; all of it counts as received.
      for (;;) {
        const next = await reader.read().catch(() => ({ done: true, value: undefined }))
        if (next.done || !next.value) break
        lines.feed(next.value)
      }
      ws.terminate()

      // Restart on the same data; the sweeper settles once the dead process's leases run out.
      running = await startServerProcess({ env })
      await new Promise((r) => setTimeout(r, (LEASE_SECONDS * 2 + 1) * 1000))
      await running.stop()
      running = null

      const db = await backend.open()
      try {
        const a = await creditsOf(db, streamer.userId)
        const b = await creditsOf(db, early.userId)
        const c = await creditsOf(db, socket.userId)
        console.log(
          `${backend.name}: http stream reserved ${reserved}, client received ${lines.state.characters} characters` +
            ` (largest chunk ${lines.state.largestChunk}), charged ${a.charged};` +
            ` early request received ${earlyLines.state.characters}, ledger ${JSON.stringify(b.ledger.map((l) => l.state))}, count ${b.count};` +
            ` websocket received ${wsState.characters} (largest chunk ${wsState.largestChunk}),` +
            ` charged ${c.charged} over ${c.ledger.length} pieces (${c.ledger.filter((l) => l.state === 'released').length} released)`,
        )
        for (const w of [a, b, c]) {
          expect(w.ledger.filter((l) => l.state === 'reserved')).toHaveLength(0)
          expect(w.count).toBe(w.charged)
          expect(w.historyItems).toBe(0)
        }
        expect(reserved).toBe(LONG_TEXT.length)
        expect(a.charged).toBeGreaterThan(0)
        expect(a.charged).toBeLessThanOrEqual(lines.state.characters + lines.state.largestChunk)
        expect(b.ledger.length).toBe(1)
        expect(b.charged).toBeLessThanOrEqual(earlyLines.state.characters + earlyLines.state.largestChunk)
        if (earlyLines.state.chunks === 0) {
          expect(b.ledger.every((l) => l.state === 'released')).toBe(true)
          expect(b.count).toBe(0)
        }
        expect(c.charged).toBeGreaterThan(0)
        expect(c.charged).toBeLessThanOrEqual(
          wsState.characters + Math.max(wsState.largestChunk, SENTENCE.length),
        )
      } finally {
        await db.close()
      }
    } finally {
      await running?.kill9()
      running = null
      await backend.cleanup()
    }
  }, 240_000)
})
