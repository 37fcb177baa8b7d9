import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// The agents dashboard through the official SDK (live count, dashboard charts) and the
// figures over time through HTTP, from conversation records the test writes.

let t: TestApp
let owner: TestUser
let outsider: TestUser
let sdk: ElevenLabsClient
let agentId: string
let workspaceId: string
const HOUR = 3600

async function clientOf(user: TestUser): Promise<ElevenLabsClient> {
  const address = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', permissions: ['convai'] },
  })
  return new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address, maxRetries: 0 })
}

async function conversation(
  startedAt: Date,
  seconds: number,
  status: string,
  outcome: string | null,
  extra = {},
) {
  await t.database.db
    .insertInto('convai_conversations')
    .values({
      id: `conv_${Math.random().toString(36).slice(2)}`,
      workspace_id: workspaceId,
      agent_id: agentId,
      user_id: owner.userId,
      status,
      mode: 'text',
      metadata: JSON.stringify({ call_duration_secs: seconds, cost: seconds * 2 }),
      analysis: outcome ? JSON.stringify({ call_successful: outcome, ...extra }) : null,
      started_at: startedAt,
      ended_at: status === 'in-progress' ? null : new Date(startedAt.getTime() + seconds * 1000),
      heartbeat_at: new Date(),
    })
    .execute()
}

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t.app, t.database)
  outsider = await createUser(t.app, t.database)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  sdk = await clientOf(owner)
  agentId = (await sdk.conversationalAi.agents.create({ name: 'Support', conversationConfig: {} })).agentId
  workspaceId = await workspaceIdOf(t.database.db, owner.userId)
})
afterAll(() => t?.close())

describe('the agents dashboard against Timbre', () => {
  it('buckets calls, minutes, success and cost over the range, with evaluation results', async () => {
    const end = Math.floor(Date.now() / 1000 / HOUR) * HOUR + HOUR
    const start = end - 24 * HOUR
    const at = (hoursAgo: number) => new Date((end - hoursAgo * HOUR + 60) * 1000)
    await conversation(at(3), 120, 'done', 'success', {
      evaluation_criteria_results: { polite: { result: 'success' } },
      data_collection_results: { plan: { value: 'pro' } },
    })
    await conversation(at(3), 60, 'done', 'failure', {
      evaluation_criteria_results: { polite: { result: 'failure' } },
    })
    await conversation(at(1), 30, 'failed', null)
    await conversation(at(30), 600, 'done', 'success') // before the range
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/convai/analytics/conversations?start_unix=${start}&end_unix=${end}&bucket_size_secs=3600&agent_id=${agentId}`,
      headers: owner.auth,
    })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.buckets).toHaveLength(24)
    expect(body.totals).toMatchObject({ calls: 3, minutes: 3.5, successful: 1, failed: 2, cost: 420 })
    const busy = body.buckets.find((b: { start_unix: number }) => b.start_unix === end - 3 * HOUR)
    expect(busy).toMatchObject({
      calls: 2,
      successful: 1,
      failed: 1,
      success_rate: 0.5,
      average_duration_secs: 90,
    })
    // Per bucket too, for the custom charts: the criterion's results where they happened.
    expect(busy.evaluation_criteria).toEqual({ polite: { success: 1, failure: 1 } })
    expect(busy.data_collection).toEqual({ plan: { pro: 1 } })
    const quiet = body.buckets.find((b: { start_unix: number }) => b.start_unix === end - 1 * HOUR)
    expect(quiet).toMatchObject({ calls: 1, evaluation_criteria: {}, data_collection: {} })
    expect(body.evaluation_criteria.polite).toEqual({ success: 1, failure: 1 })
    expect(body.data_collection.plan).toEqual({ pro: 1 })
  })

  it('refuses ranges outside 15 minutes to 2 years and bucket sizes that do not fit', async () => {
    const now = Math.floor(Date.now() / 1000)
    const ask = (query: string) =>
      t.app.inject({ method: 'GET', url: `/v1/convai/analytics/conversations?${query}`, headers: owner.auth })
    const short = await ask(`start_unix=${now - 600}&end_unix=${now}&bucket_size_secs=60`)
    expect(short.statusCode).toBe(422)
    expect(short.json().detail.code).toBe('analytics_range_invalid')
    const long = await ask(`start_unix=${now - 800 * 86_400}&end_unix=${now}&bucket_size_secs=86400`)
    expect(long.json().detail.code).toBe('analytics_range_invalid')
    const tiny = await ask(`start_unix=${now - 86_400}&end_unix=${now}&bucket_size_secs=1`)
    expect(tiny.statusCode).toBe(422)
    expect(tiny.json().detail.code).toBe('analytics_bucket_size_invalid')
    expect((await ask(`start_unix=${now - 86_400}&end_unix=${now}&bucket_size_secs=7`)).statusCode).toBe(422)
    expect((await ask(`start_unix=${now - 900}&end_unix=${now}&bucket_size_secs=1`)).statusCode).toBe(200)
    expect(
      (await ask(`start_unix=${now - 730 * 86_400}&end_unix=${now}&bucket_size_secs=86400`)).statusCode,
    ).toBe(200)
  })

  it('counts live conversations and keeps the dashboard’s charts', async () => {
    const before = await sdk.conversationalAi.analytics.liveCount.get({ agentId })
    await conversation(new Date(), 10, 'in-progress', null)
    expect((await sdk.conversationalAi.analytics.liveCount.get({ agentId })).count).toBe(before.count + 1)

    expect((await sdk.conversationalAi.dashboard.settings.get()).charts).toEqual([
      { type: 'call_success', name: 'Call success' },
    ])
    const charts = await sdk.conversationalAi.dashboard.settings.update({
      charts: [
        { type: 'call_success', name: 'Success' },
        { type: 'criteria', name: 'Politeness', criteriaId: 'polite' },
        { type: 'data_collection', name: 'Plans', dataCollectionId: 'plan' },
      ],
    })
    expect(charts.charts).toHaveLength(3)
    expect((await sdk.conversationalAi.dashboard.settings.get()).charts?.[1]).toMatchObject({
      criteriaId: 'polite',
    })
    const other = await clientOf(outsider)
    expect((await other.conversationalAi.dashboard.settings.get()).charts).toHaveLength(1)
    try {
      await other.conversationalAi.analytics.liveCount.get({ agentId })
      throw new Error('expected a refusal')
    } catch (error) {
      expect((error as ElevenLabsError).statusCode).toBe(404)
    }
  })
})
