import { ElevenLabs, ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Every generation metered (through the recorder, whatever the route) and the admin queries
// over them: the official SDK's analytics calls, bucket rules, breakdowns, and the walls between
// members and admins and between workspaces.

let t: TestApp
let alice: TestUser // owner of the workspace under test
let bob: TestUser // a member of alice's workspace
let outsider: TestUser // owner of another workspace
let aliceKey: { id: string; key: string }
let bobKey: { id: string; key: string }
let outsiderKey: { id: string; key: string }
let address: string
let groupId: string
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!
const HOUR = 3_600_000
const DAY = 24 * HOUR

const code = (r: LightMyRequestResponse) => r.json().detail?.code as string

function call(user: TestUser, method: string, url: string, payload?: object) {
  return t.app.inject({ method: method as 'GET', url, headers: user.auth, ...(payload ? { payload } : {}) })
}

async function createKey(user: TestUser, name: string) {
  const r = await call(user, 'POST', '/v1/user/api-keys', { name })
  expect(r.statusCode).toBe(201)
  return { id: r.json().key_id as string, key: r.json().api_key as string }
}

function sdk(key: string) {
  return new ElevenLabsClient({ apiKey: key, baseUrl: address })
}

async function speak(key: string, text: string, modelId = 'eleven_multilingual_v2') {
  const r = await t.app.inject({
    method: 'POST',
    url: `/v1/text-to-speech/${emma.voice_id}?output_format=mp3_22050_32`,
    headers: { 'xi-api-key': key },
    payload: { text, model_id: modelId },
  })
  expect(r.statusCode).toBe(200)
  return r
}

/** Rows of a table answer as objects keyed by column name. */
function records(table: { columns: string[]; rows: unknown[][] }): Record<string, unknown>[] {
  return table.rows.map((row) => Object.fromEntries(table.columns.map((c, i) => [c, row[i]])))
}

beforeAll(async () => {
  t = await createTestApp({ env: { REGION: 'eu-test-1' } })
  alice = await createUser(t.app, t.database)
  bob = await createUser(t.app, t.database)
  outsider = await createUser(t.app, t.database)
  const ws = await workspaceIdOf(t.database.db, alice.userId)
  // Bob joins alice's workspace as a member (the invite flow has its own tests).
  await t.database.db
    .insertInto('workspace_members')
    .values({ workspace_id: ws, user_id: bob.userId, role: 'member' })
    .execute()
  await t.database.db.updateTable('users').set({ workspace_id: ws }).where('id', '=', bob.userId).execute()
  const group = await call(alice, 'POST', '/v1/workspace/groups', { name: 'Narrators' })
  expect(group.statusCode).toBe(201)
  groupId = group.json().id
  expect(
    (await call(alice, 'POST', `/v1/workspace/groups/${groupId}/members`, { email: bob.email })).statusCode,
  ).toBe(200)
  aliceKey = await createKey(alice, 'Production key')
  bobKey = await createKey(bob, 'Bob key')
  outsiderKey = await createKey(outsider, 'Outsider key')
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => t?.close())

describe('metering', () => {
  it('records a text-to-speech request with product, model, key, characters, credits and time to first byte', async () => {
    const from = Date.now() - 1000
    await speak(aliceKey.key, 'Metered speech for the analytics.', 'eleven_flash_v2_5')
    const table = await sdk(aliceKey.key).workspace.analytics.requests.get({ startTime: from, limit: 10 })
    expect(table.columnTypes[table.columns.indexOf('time')]).toBe('DateTime')
    expect(table.columnUnits[table.columns.indexOf('credits')]).toBe('credits')
    const [row, ...rest] = records(table)
    expect(rest).toEqual([])
    expect(row).toMatchObject({
      product_type: 'text_to_speech',
      model: 'eleven_flash_v2_5',
      voice_id: emma.voice_id,
      voice_name: 'Emma',
      hashed_xi_api_key: aliceKey.id,
      api_key_name: 'Production key',
      user_id: alice.userId,
      user_label: alice.email,
      region: 'eu-test-1',
      request_queue_type: 'realtime',
      request_source: 'api',
      characters: 'Metered speech for the analytics.'.length,
      status: 'success',
      http_method: 'POST',
      path: '/v1/text-to-speech/:voice_id',
    })
    // Flash costs half a credit per character, rounded up.
    expect(row?.credits).toBe(Math.ceil('Metered speech for the analytics.'.length / 2))
    const ttfb = row?.ttfb_ms as number
    expect(ttfb).toBeGreaterThanOrEqual(0)
    expect(ttfb).toBeLessThanOrEqual(row?.duration_ms as number)
    expect(row?.concurrency).toBeGreaterThanOrEqual(1)
  })

  it('records a request refused for its quota, with nothing charged', async () => {
    const ws = await workspaceIdOf(t.database.db, alice.userId)
    const limit = await t.database.db
      .selectFrom('subscriptions')
      .select(['character_limit', 'character_count'])
      .where('workspace_id', '=', ws)
      .executeTakeFirstOrThrow()
    await t.database.db
      .updateTable('subscriptions')
      .set({ character_count: limit.character_limit })
      .where('workspace_id', '=', ws)
      .execute()
    const from = Date.now() - 1000
    const refused = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${emma.voice_id}`,
      headers: { 'xi-api-key': aliceKey.key },
      payload: { text: 'No credits left for this one.' },
    })
    expect(refused.statusCode).toBe(401)
    await t.database.db
      .updateTable('subscriptions')
      .set({ character_count: limit.character_count })
      .where('workspace_id', '=', ws)
      .execute()
    const rows = records(
      (
        await call(alice, 'POST', '/v1/workspace/analytics/requests', {
          start_time: from,
          filters: [{ column: 'status', operation: 'eq', values: ['refused'] }],
        })
      ).json(),
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      status: 'refused',
      error_code: 'quota_exceeded',
      credits: 0,
      ttfb_ms: null,
    })
  })
})

describe('usage by product over time', () => {
  it('buckets the usage with breakdowns by API key and group, through the SDK', async () => {
    const from = Date.now() - 1000
    await speak(bobKey.key, 'Bob speaks once.')
    await speak(bobKey.key, 'Bob speaks twice.')
    await speak(aliceKey.key, 'Alice speaks.')
    const client = sdk(aliceKey.key)
    const byKey = await client.workspace.usage.getUsageByProductOverTime({
      startTime: from - HOUR + 2000,
      endTime: from + 2000 + 60_000,
      intervalSeconds: 3600,
      groupBy: ['product_type', 'hashed_xi_api_key'],
    })
    expect(byKey.columns.slice(0, 3)).toEqual(['time', 'product_type', 'hashed_xi_api_key'])
    expect(byKey.columns).toContain('ttfb_p95_ms')
    expect(byKey.columns.at(-1)).toBe('api_key_name')
    const keyed = records(byKey)
    const bobRow = keyed.find((r) => r.hashed_xi_api_key === bobKey.id)
    expect(bobRow).toMatchObject({
      product_type: 'text_to_speech',
      api_key_name: 'Bob key',
      requests: 2,
      characters: 'Bob speaks once.'.length + 'Bob speaks twice.'.length,
      credits: 'Bob speaks once.'.length + 'Bob speaks twice.'.length,
    })
    expect(bobRow?.ttfb_avg_ms as number).toBeGreaterThanOrEqual(0)
    expect(bobRow?.ttfb_p95_ms as number).toBeGreaterThanOrEqual(bobRow?.ttfb_avg_ms as number)
    expect(bobRow?.concurrency_max as number).toBeGreaterThanOrEqual(1)
    expect(typeof bobRow?.time).toBe('string')

    const byGroup = records(
      (
        await call(alice, 'POST', '/v1/workspace/analytics/query/usage-by-product-over-time', {
          start_time: from - HOUR + 2000,
          end_time: from + 2000 + 60_000,
          interval_seconds: 3600,
          group_by: ['billing_group_id'],
        })
      ).json(),
    )
    const narrators = byGroup.find((r) => r.billing_group_id === groupId)
    expect(narrators).toMatchObject({ group_name: 'Narrators', requests: 2 })
    // Alice is in no group of her own making: her requests are counted without a group.
    expect(byGroup.find((r) => r.billing_group_id === null)?.requests).toBeGreaterThanOrEqual(1)

    const onlyBob = records(
      (
        await call(alice, 'POST', '/v1/workspace/analytics/query/usage-by-product-over-time', {
          start_time: from,
          end_time: from + 15 * 60_000,
          interval_seconds: 1,
          group_by: ['user_id'],
          filters: [{ column: 'user_id', operation: 'in', values: [bob.userId] }],
        })
      ).json(),
    )
    expect(onlyBob.map((r) => r.user_label)).toEqual(onlyBob.map(() => bob.email))
    expect(onlyBob.reduce((n, r) => n + (r.requests as number), 0)).toBe(2)
  })

  it('aligns daily buckets to the time zone asked for', async () => {
    const r = await call(alice, 'POST', '/v1/workspace/analytics/query/usage-by-product-over-time', {
      start_time: Date.now() - 3 * DAY,
      end_time: Date.now() + 60_000,
      interval_seconds: 86_400,
      time_zone: 'Asia/Tokyo',
    })
    expect(r.statusCode).toBe(200)
    const times = records(r.json()).map((row) => new Date(row.time as string))
    expect(times.length).toBeGreaterThan(0)
    // Midnight in Tokyo is 15:00 UTC.
    for (const time of times) expect(time.getUTCHours()).toBe(15)
  })

  it('refuses a bucket size too small (or too large) for the range, and ranges out of bounds', async () => {
    const now = Date.now()
    const tooSmall = await call(alice, 'POST', '/v1/workspace/analytics/query/usage-by-product-over-time', {
      start_time: now - DAY,
      end_time: now,
      interval_seconds: 1,
    })
    expect(tooSmall.statusCode).toBe(422)
    expect(code(tooSmall)).toBe('analytics_bucket_size_invalid')
    expect(tooSmall.json().detail.message).toContain('too small')
    expect(tooSmall.json().detail.message).toContain('1 min')
    const notASize = await call(alice, 'POST', '/v1/workspace/analytics/query/usage-by-product-over-time', {
      start_time: now - DAY,
      end_time: now,
      interval_seconds: 7,
    })
    expect(code(notASize)).toBe('analytics_bucket_size_invalid')
    const longer = await call(alice, 'POST', '/v1/workspace/analytics/query/usage-by-product-over-time', {
      start_time: now - HOUR,
      end_time: now,
      interval_seconds: 86_400,
    })
    expect(code(longer)).toBe('analytics_bucket_size_invalid')
    for (const [start, end] of [
      [now - 10 * 60_000, now],
      [now - 3 * 365 * DAY, now],
      [now, now - HOUR],
    ]) {
      const r = await call(alice, 'POST', '/v1/workspace/analytics/query/usage-by-product-over-time', {
        start_time: start,
        end_time: end,
      })
      expect(r.statusCode).toBe(422)
      expect(code(r)).toBe('analytics_range_invalid')
    }
    const twoYears = await call(alice, 'POST', '/v1/workspace/analytics/query/usage-by-product-over-time', {
      start_time: now - 730 * DAY,
      end_time: now,
      interval_seconds: 86_400,
    })
    expect(twoYears.statusCode).toBe(200)
    await expect(
      sdk(aliceKey.key).workspace.usage.getUsageByProductOverTime({
        startTime: now - DAY,
        endTime: now,
        intervalSeconds: 5,
      }),
    ).rejects.toBeInstanceOf(ElevenLabs.UnprocessableEntityError)
    const badFilter = await call(alice, 'POST', '/v1/workspace/analytics/requests', {
      end_time: now,
      filters: [{ column: 'model', operation: 'gt', values: [3] }],
    })
    expect(code(badFilter)).toBe('analytics_filter_invalid')
    const noRange = await call(alice, 'POST', '/v1/workspace/analytics/requests', {})
    expect(code(noRange)).toBe('analytics_range_invalid')
  })
})

describe('who sees what', () => {
  it('refuses members with 403 and shows them nothing', async () => {
    const usage = await call(bob, 'POST', '/v1/workspace/analytics/query/usage-by-product-over-time', {
      start_time: Date.now() - DAY,
      end_time: Date.now(),
    })
    expect(usage.statusCode).toBe(403)
    expect(code(usage)).toBe('workspace_admin_required')
    expect(usage.body).not.toContain('rows')
    const error = await sdk(bobKey.key)
      .workspace.analytics.requests.get({ endTime: Date.now() })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ElevenLabsError)
    expect((error as ElevenLabsError).statusCode).toBe(403)
    expect(JSON.stringify((error as ElevenLabsError).body)).not.toContain(bobKey.id)
  })

  it('shows another workspace none of these requests', async () => {
    const client = sdk(outsiderKey.key)
    const mine = await client.workspace.analytics.requests.get({ endTime: Date.now() + 1000, limit: 1000 })
    expect(mine.rows).toEqual([])
    const usage = await client.workspace.usage.getUsageByProductOverTime({
      startTime: Date.now() - DAY,
      endTime: Date.now() + 1000,
      intervalSeconds: 3600,
    })
    expect(usage.rows).toEqual([])
    // Naming alice's key in a filter finds nothing either.
    const probe = await client.workspace.analytics.requests.get({
      endTime: Date.now() + 1000,
      filters: [{ column: 'hashed_xi_api_key', operation: 'eq', values: [aliceKey.id] }],
    })
    expect(probe.rows).toEqual([])
  })
})
