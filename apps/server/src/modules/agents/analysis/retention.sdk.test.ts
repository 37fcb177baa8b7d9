import { readdirSync } from 'node:fs'
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import {
  AudioInterface,
  Conversation,
} from '@elevenlabs/elevenlabs-js/api/resources/conversationalAi/conversation/index.js'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../../test/helpers/factories.js'
import { runJob } from '../../../../test/helpers/run-job.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'

// Conversation retention: the sweep deletes the conversations of an agent that keeps them a day
// once they are older than that, with their recordings; an agent that keeps them without limit
// (-1) and a recent conversation keep theirs.

/** A caller that says nothing and counts the agent's audio it hears. */
class SilentCaller extends AudioInterface {
  heardBytes = 0
  start(): void {}
  stop(): void {}
  output(audio: Buffer): void {
    this.heardBytes += audio.length
  }
  interrupt(): void {}
}

let t: TestApp
let sdk: ElevenLabsClient

beforeAll(async () => {
  t = await createTestApp()
  const owner = await createUser(t.app, t.database)
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: owner.auth,
    payload: { name: 'sdk' },
  })
  sdk = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address, maxRetries: 0 })
}, 60_000)
afterAll(async () => {
  await t?.close()
})

/** A short voice call: the agent greets (its voice is recorded), then the caller hangs up. */
async function call(agentId: string): Promise<string> {
  const caller = new SilentCaller()
  const conversation = new Conversation({
    client: sdk as never,
    agentId,
    requiresAuth: true,
    audioInterface: caller,
  })
  await conversation.startSession()
  for (let i = 0; i < 1200 && caller.heardBytes === 0; i++) await new Promise((r) => setTimeout(r, 50))
  await new Promise((r) => setTimeout(r, 500))
  const id = conversation.getConversationId() ?? ''
  conversation.endSession()
  for (let i = 0; i < 400; i++) {
    const row = await t.database.db
      .selectFrom('convai_conversations')
      .select(['audio_key', 'ended_at'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (row?.ended_at && row.audio_key) break
    await new Promise((r) => setTimeout(r, 50))
  }
  return id
}

function recordingsOnDisk(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.wav'))
}

const backdate = (id: string, days: number) =>
  t.database.db
    .updateTable('convai_conversations')
    .set({ started_at: sql<Date>`now() - make_interval(days => ${days})` })
    .where('id', '=', id)
    .execute()

describe('conversation retention', () => {
  it('deletes conversations older than the agent’s retention days with their audio', async () => {
    const create = (name: string, retentionDays: number) =>
      sdk.conversationalAi.agents.create({
        name,
        conversationConfig: { agent: { firstMessage: 'Hello.' } },
        platformSettings: { privacy: { retentionDays } },
      })
    const day = await create('Keeps a day', 1)
    const forever = await create('Keeps all', -1)
    const old = await call(day.agentId)
    const recent = await call(day.agentId)
    const kept = await call(forever.agentId)
    await backdate(old, 2)
    await backdate(kept, 4000)
    const audio = await sdk.conversationalAi.conversations.audio.get(old)
    expect(audio).toBeTruthy()
    expect(recordingsOnDisk(t.dataDir).filter((f) => f.includes(old))).toHaveLength(1)

    await runJob(t.database, 'convai.sweep', {})

    await expect(sdk.conversationalAi.conversations.get(old)).rejects.toMatchObject({ statusCode: 404 })
    expect(recordingsOnDisk(t.dataDir).filter((f) => f.includes(old))).toHaveLength(0)
    expect((await sdk.conversationalAi.conversations.get(recent)).conversationId).toBe(recent)
    expect((await sdk.conversationalAi.conversations.get(kept)).conversationId).toBe(kept)
    expect(recordingsOnDisk(t.dataDir).filter((f) => f.includes(recent) || f.includes(kept))).toHaveLength(2)
    const listed = await sdk.conversationalAi.conversations.list({ agentId: day.agentId })
    expect(listed.conversations.map((c) => c.conversationId)).toEqual([recent])
  }, 180_000)
})
