import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// GET /v1/usage/character-stats through the official SDK's usage.get, computed from the
// credit ledger's charged rows.

let t: TestApp
let client: ElevenLabsClient
let user: TestUser
let workspaceId: string
const DAY = 86_400_000
// A fixed window in the past, so rows written by the generation below fall outside it.
const start = Date.UTC(2026, 0, 5) // Monday
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!

async function ledger(at: Date, characters: number, state = 'charged', userId: string | null = user.userId) {
  const id = `led_${Math.random().toString(36).slice(2)}`
  await t.database.db
    .insertInto('credit_ledger')
    .values({
      id,
      workspace_id: workspaceId,
      user_id: userId,
      api_key_id: null,
      request_id: id,
      kind: 'tts',
      characters,
      state: state as 'charged',
      history_item_id: null,
      request_hash: null,
      created_at: at,
      settled_at: at,
      owner_id: null,
      lease_expires_at: null,
      recording_id: null,
    })
    .execute()
}

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  workspaceId = await workspaceIdOf(t.database.db, user.userId)
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'usage' },
  })
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address })
  await ledger(new Date(start + 2 * 3_600_000), 100)
  await ledger(new Date(start + 5 * 3_600_000), 50)
  await ledger(new Date(start + DAY + 60_000), 30)
  await ledger(new Date(start + 8 * DAY), 7)
  await ledger(new Date(start + 3 * 3_600_000), 999, 'reserved')
  await ledger(new Date(start + 3 * 3_600_000), 888, 'released')
  await ledger(new Date(start + 4 * 3_600_000), 40, 'charged', null)
})
afterAll(() => t?.close())

describe('usage.get against Timbre', () => {
  it('sums charged credits per day, for the caller by default', async () => {
    const res = await client.usage.get({ startUnix: start, endUnix: start + 3 * DAY })
    expect(res.time).toEqual([start, start + DAY, start + 2 * DAY])
    expect(res.usage).toEqual({ All: [150, 30, 0] })
  })

  it('includes the whole workspace when asked, and other intervals', async () => {
    const workspace = await client.usage.get({
      startUnix: start,
      endUnix: start + 3 * DAY,
      includeWorkspaceMetrics: true,
    })
    expect(workspace.usage).toEqual({ All: [190, 30, 0] })
    const weekly = await client.usage.get({
      startUnix: start,
      endUnix: start + 14 * DAY,
      aggregationInterval: 'week',
    })
    expect(weekly).toEqual({ time: [start, start + 7 * DAY], usage: { All: [180, 7] } })
    const total = await client.usage.get({
      startUnix: start,
      endUnix: start + 14 * DAY,
      aggregationInterval: 'cumulative',
    })
    expect(total).toEqual({ time: [start], usage: { All: [187] } })
    const hourly = await client.usage.get({
      startUnix: start,
      endUnix: start + 6 * 3_600_000,
      aggregationInterval: 'hour',
    })
    expect(hourly.usage.All).toEqual([0, 0, 100, 0, 0, 50])
    const requests = await client.usage.get({
      startUnix: start,
      endUnix: start + 3 * DAY,
      metric: 'request_count',
    })
    expect(requests.usage.All).toEqual([2, 1, 0])
  })

  it('breaks down by user and product type', async () => {
    const byUser = await client.usage.get({
      startUnix: start,
      endUnix: start + 2 * DAY,
      includeWorkspaceMetrics: true,
      breakdownType: 'user',
    })
    expect(byUser.usage).toEqual({ [user.userId]: [150, 30], unknown: [40, 0] })
    const byProduct = await client.usage.get({
      startUnix: start,
      endUnix: start + DAY,
      breakdownType: 'product_type',
    })
    expect(byProduct.usage).toEqual({ tts: [150] })
  })

  it('counts a real generation, and refuses bad windows and breakdowns with a 4xx', async () => {
    const before = Date.now() - 1000
    const text = 'Counted by the ledger.'
    const stream = await client.textToSpeech.convert(emma.voice_id, { text })
    for await (const _ of stream as unknown as AsyncIterable<Uint8Array>) {
      // drain
    }
    const res = await client.usage.get({
      startUnix: before,
      endUnix: Date.now() + 1000,
      aggregationInterval: 'cumulative',
    })
    expect(res.usage.All).toEqual([text.length])

    for (const request of [
      { startUnix: start + DAY, endUnix: start },
      { startUnix: start, endUnix: start + DAY, breakdownType: 'region' as const },
      { startUnix: start, endUnix: start + DAY, breakdownType: 'user' as const },
      { startUnix: 0, endUnix: start, aggregationInterval: 'hour' as const },
    ]) {
      const error = await client.usage.get(request).catch((e: unknown) => e)
      expect(error, JSON.stringify(request)).toBeInstanceOf(ElevenLabsError)
      expect((error as ElevenLabsError).statusCode).toBe(422)
    }
  })
})
