import { PREMADE_VOICES } from '@timbre/speech'
import { afterEach, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/helpers/factories.js'
import { setProPlan } from '../../../test/helpers/plans.js'
import { createTestApp, listenOnLoopback, type TestApp } from '../../../test/helpers/test-app.js'

// The first generation of a fresh server (speech threads not started yet) with a client that
// leaves mid-stream, or before the answer has begun: the charge and the history agree. A charge
// has its history item with the charge's counts; nothing charged leaves no item; no reservation
// stays open.

const noah = PREMADE_VOICES.find((v) => v.name === 'Noah')!
const TEXT = 'A sentence of moderate length that will be spoken in several segments. '.repeat(20).trim()

let t: TestApp | null = null
afterEach(async () => {
  await t?.close()
  t = null
})

async function freshServer() {
  t = await createTestApp()
  const base = await listenOnLoopback(t)
  const user = await createUser(t.app, t.database, { verified: true })
  const ws = await setProPlan(t.database, user.userId)
  return { app: t, base, user, ws }
}

/** Waits until the workspace holds no open reservation; then its ledger, count and history. */
async function agreement(app: TestApp, ws: string) {
  for (let i = 0; i < 600; i++) {
    const ledger = await app.database.db
      .selectFrom('credit_ledger')
      .select(['state', 'characters', 'history_item_id'])
      .where('workspace_id', '=', ws)
      .execute()
    if (ledger.length > 0 && ledger.every((l) => l.state !== 'reserved')) {
      const count = await app.database.db
        .selectFrom('subscriptions')
        .select('character_count')
        .where('workspace_id', '=', ws)
        .executeTakeFirstOrThrow()
      const items = await app.database.db
        .selectFrom('history_items')
        .select(['id', 'character_count_change_from', 'character_count_change_to'])
        .where('workspace_id', '=', ws)
        .execute()
      const charged = ledger.filter((l) => l.state === 'charged').reduce((n, l) => n + l.characters, 0)
      return { ledger, count: count.character_count, items, charged }
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('a reservation is still open')
}

function expectAgreement(state: Awaited<ReturnType<typeof agreement>>) {
  expect(state.count).toBe(state.charged)
  if (state.charged === 0) {
    expect(state.items).toEqual([])
    return
  }
  expect(state.items).toHaveLength(1)
  const item = state.items[0]!
  expect(item.character_count_change_to - item.character_count_change_from).toBe(state.charged)
  expect(state.ledger.every((l) => l.history_item_id === item.id)).toBe(true)
}

describe(`the client leaves the first generation of a fresh server (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('mid-stream: what was delivered is charged and kept in history', async () => {
    const { app, base, user, ws } = await freshServer()
    const controller = new AbortController()
    const response = await fetch(
      `${base}/v1/text-to-speech/${noah.voice_id}/stream?output_format=pcm_16000`,
      {
        method: 'POST',
        headers: { ...user.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ text: TEXT }),
        signal: controller.signal,
      },
    )
    expect(response.status).toBe(200)
    const reader = response.body!.getReader()
    const first = await reader.read()
    expect(first.value?.length).toBeGreaterThan(0)
    controller.abort()
    const state = await agreement(app, ws)
    expect(state.charged).toBeGreaterThan(0)
    expect(state.charged).toBeLessThan(TEXT.length)
    expectAgreement(state)
  }, 240_000)

  it('before the answer began: nothing stays reserved, and charge and history agree', async () => {
    const { app, base, user, ws } = await freshServer()
    const controller = new AbortController()
    const request = fetch(`${base}/v1/text-to-speech/${noah.voice_id}/stream?output_format=pcm_16000`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ text: TEXT }),
      signal: controller.signal,
    }).catch(() => null)
    // Gone as soon as the credits are reserved, while the speech threads are still starting.
    for (let i = 0; i < 400; i++) {
      const open = await app.database.db
        .selectFrom('credit_ledger')
        .select('id')
        .where('workspace_id', '=', ws)
        .execute()
      if (open.length > 0) break
      await new Promise((r) => setTimeout(r, 5))
    }
    controller.abort()
    await request
    expectAgreement(await agreement(app, ws))
  }, 240_000)
})
