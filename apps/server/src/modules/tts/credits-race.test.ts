import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/helpers/factories.js'
import { characterCount, setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, listenOnLoopback, type TestApp } from '../../../test/helpers/test-app.js'

let t: TestApp
let base: string
const noah = PREMADE_VOICES.find((v) => v.name === 'Noah')!

beforeAll(async () => {
  t = await createTestApp()
  base = await listenOnLoopback(t)
})
afterAll(() => t?.close())

describe('credits under concurrency', () => {
  it('fifty parallel requests against a nearly spent quota charge exactly what was delivered', async () => {
    const user = await createUser(t.app, t.database, { verified: true })
    // Business: concurrency 15; status 'free' so the plan cannot extend past its limit.
    const ws = await setPlan(t.database, user.userId, {
      tier: 'scale_2024_08_10',
      status: 'free',
      characterCount: 0,
      characterLimit: 400,
    })
    const texts = Array.from(
      { length: 50 },
      (_, i) => `Parallel request number ${String(i).padStart(2, '0')}.`,
    )
    const responses = await Promise.all(
      texts.map((text) =>
        t.app.inject({
          method: 'POST',
          url: `/v1/text-to-speech/${noah.voice_id}?output_format=pcm_16000`,
          headers: user.auth,
          payload: { text, model_id: 'eleven_flash_v2' },
        }),
      ),
    )
    const ok = responses.filter((r) => r.statusCode === 200)
    const quota = responses.filter((r) => r.statusCode === 401)
    const busy = responses.filter((r) => r.statusCode === 429)
    expect(ok.length + quota.length + busy.length).toBe(50)
    expect(ok.length).toBeGreaterThan(0)
    for (const r of quota) expect(r.json().detail.code).toBe('quota_exceeded')
    for (const r of busy) {
      expect(r.json().detail.code).toBe('concurrent_limit_exceeded')
      expect(Number(r.headers['maximum-concurrent-requests'])).toBe(15)
      expect(Number(r.headers['current-concurrent-requests'])).toBe(15)
    }
    const delivered = ok.reduce((sum, r) => sum + Number(r.headers['character-cost']), 0)
    const count = await characterCount(t.database, ws)
    expect(count).toBe(delivered)
    expect(count).toBeLessThanOrEqual(400)
    // Every delivered response is real audio; the ledger agrees and holds no open reservation.
    for (const r of ok) expect(r.rawPayload.length).toBeGreaterThan(16_000)
    const ledger = await t.database.db
      .selectFrom('credit_ledger')
      .select(['state', 'characters'])
      .where('workspace_id', '=', ws)
      .execute()
    expect(ledger.filter((l) => l.state === 'reserved')).toHaveLength(0)
    expect(ledger.filter((l) => l.state === 'charged').reduce((s, l) => s + l.characters, 0)).toBe(delivered)
    const items = await t.database.db
      .selectFrom('history_items')
      .select('id')
      .where('workspace_id', '=', ws)
      .execute()
    expect(items).toHaveLength(ok.length)
  })

  it('a third concurrent stream on the free plan gets 429 with the concurrency headers', async () => {
    const user = await createUser(t.app, t.database, { verified: true })
    await setPlan(t.database, user.userId, {})
    const long = 'This sentence is long enough to keep a stream busy for a while. '.repeat(30)
    const open = async () => {
      const controller = new AbortController()
      const res = await fetch(`${base}/v1/text-to-speech/${noah.voice_id}/stream`, {
        method: 'POST',
        headers: { ...user.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ text: long }),
        signal: controller.signal,
      })
      const reader = res.body!.getReader()
      await reader.read() // the stream has started and holds its slot
      return { res, controller, reader }
    }
    const a = await open()
    const b = await open()
    const third = await fetch(`${base}/v1/text-to-speech/${noah.voice_id}`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'One more.' }),
    })
    expect(third.status).toBe(429)
    expect(third.headers.get('current-concurrent-requests')).toBe('2')
    expect(third.headers.get('maximum-concurrent-requests')).toBe('2')
    expect(((await third.json()) as { detail: { code: string } }).detail.code).toBe(
      'concurrent_limit_exceeded',
    )
    a.controller.abort()
    b.controller.abort()
  })

  it('a stream the client abandons is charged only for what it delivered', async () => {
    const user = await createUser(t.app, t.database, { verified: true })
    const ws = await setPlan(t.database, user.userId, {})
    const text = 'A sentence of moderate length that will be spoken in several segments. '.repeat(20).trim()
    const controller = new AbortController()
    const res = await fetch(`${base}/v1/text-to-speech/${noah.voice_id}/stream?output_format=pcm_16000`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
      signal: controller.signal,
    })
    const reader = res.body!.getReader()
    await reader.read()
    controller.abort()
    // Settlement runs when the server notices the closed socket.
    let state = 'reserved'
    let charged = 0
    for (let i = 0; i < 100 && state === 'reserved'; i++) {
      await new Promise((r) => setTimeout(r, 100))
      const row = await t.database.db
        .selectFrom('credit_ledger')
        .select(['state', 'characters'])
        .where('workspace_id', '=', ws)
        .executeTakeFirst()
      state = row?.state ?? 'reserved'
      charged = row?.characters ?? 0
    }
    expect(state).toBe('charged')
    expect(charged).toBeGreaterThan(0)
    expect(charged).toBeLessThan(text.length)
    expect(await characterCount(t.database, ws)).toBe(charged)
  })
})
