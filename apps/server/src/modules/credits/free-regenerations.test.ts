import { FREE_REGENERATIONS } from '@timbre/contract'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/helpers/factories.js'
import { characterCount, setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, listenOnLoopback, type TestApp } from '../../../test/helpers/test-app.js'

// The free repeats of a paid request are counted and taken in one step: twelve identical
// requests sent at once after a paid one get exactly the free ones the rule allows, and every
// other one is charged in full.

let t: TestApp
let base: string
const noah = PREMADE_VOICES.find((v) => v.name === 'Noah')!
// 363 characters: ten charged repeats are 3,630 credits.
const TEXT = `${'A short sentence is read aloud again and again. '.repeat(7)}The end of it all, really!!`

beforeAll(async () => {
  t = await createTestApp()
  base = await listenOnLoopback(t)
})
afterAll(() => t?.close())

describe(`free regenerations under concurrency (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('twelve identical requests at once after a paid one: two free, ten charged', async () => {
    expect(TEXT.length).toBe(363)
    const user = await createUser(t.app, t.database, { verified: true })
    // Business: 15 concurrent requests, so none of the twelve is refused for concurrency.
    const ws = await setPlan(t.database, user.userId, {
      tier: 'scale_2024_08_10',
      status: 'active',
      characterCount: 0,
      characterLimit: 1_000_000,
    })
    const send = () =>
      fetch(`${base}/v1/text-to-speech/${noah.voice_id}?output_format=pcm_16000`, {
        method: 'POST',
        headers: { ...user.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ text: TEXT, model_id: 'eleven_multilingual_v2' }),
      })
    const paid = await send()
    expect(paid.status).toBe(200)
    expect(paid.headers.get('character-cost')).toBe('363')
    await paid.arrayBuffer()
    expect(await characterCount(t.database, ws)).toBe(363)

    const answers = await Promise.all(Array.from({ length: 12 }, () => send()))
    for (const r of answers) {
      expect(r.status).toBe(200)
      await r.arrayBuffer()
    }
    const costs0 = answers.map((r) => Number(r.headers.get('character-cost')))
    console.log(`twelve at once: charged ${costs0.reduce((a, b) => a + b, 0)} of 3630 due`)
    const costs = answers.map((r) => Number(r.headers.get('character-cost'))).sort((a, b) => a - b)
    const free = Array.from({ length: FREE_REGENERATIONS }, () => 0)
    expect(costs).toEqual([...free, ...Array.from({ length: 12 - FREE_REGENERATIONS }, () => 363)])
    expect(await characterCount(t.database, ws)).toBe(363 + 3_630)
    const ledger = await t.database.db
      .selectFrom('credit_ledger')
      .select(['state', 'characters'])
      .where('workspace_id', '=', ws)
      .execute()
    expect(ledger).toHaveLength(13)
    expect(ledger.every((l) => l.state === 'charged')).toBe(true)
    expect(ledger.reduce((n, l) => n + l.characters, 0)).toBe(363 + 3_630)

    // The window is not used up twice: one more is charged in full.
    const after = await send()
    expect(after.headers.get('character-cost')).toBe('363')
    await after.arrayBuffer()
  }, 240_000)
})
