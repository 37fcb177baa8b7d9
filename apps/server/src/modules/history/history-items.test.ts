import { PREMADE_VOICES, type VoiceDefinition } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import {
  createHistoryItem,
  createHistoryTestApp,
  type HistoryItemOptions,
  type HistoryTestApp,
  workspaceOf,
} from '../../../test/helpers/history-factory.js'

const premade = (index: number): VoiceDefinition => {
  const voice = PREMADE_VOICES[index]
  if (!voice) throw new Error('missing premade voice')
  return voice
}
const PREMADE_FIRST = premade(0)
const PREMADE_SECOND = premade(1)

let t: HistoryTestApp
let alice: TestUser
let bob: TestUser
let aliceWs: string

beforeAll(async () => {
  t = await createHistoryTestApp()
  alice = await createUser(t.app, t.database, { verified: true })
  bob = await createUser(t.app, t.database, { verified: true })
  aliceWs = await workspaceOf(t.database.db, alice.userId)
})
afterAll(() => t?.close())

const item = (options: Omit<HistoryItemOptions, 'workspaceId'> & { workspaceId?: string }) =>
  createHistoryItem({ db: t.database.db, storage: t.storage }, { workspaceId: aliceWs, ...options })

describe('GET and DELETE /v1/history/{id}, GET .../audio', () => {
  it('gets an item in the public shape and serves its audio, with byte ranges', async () => {
    const row = await item({
      text: 'Hello there.',
      settings: { stability: 0.4, similarity_boost: 0.8, style: 0, use_speaker_boost: true, speed: 1 },
    })
    const res = await t.app.inject({ url: `/v1/history/${row.id}`, headers: alice.auth })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      history_item_id: row.id,
      request_id: row.request_id,
      voice_id: row.voice_id,
      voice_name: row.voice_name,
      voice_category: 'premade',
      model_id: 'eleven_multilingual_v2',
      text: 'Hello there.',
      date_unix: Math.floor(row.created_at.getTime() / 1000),
      character_count_change_from: 0,
      character_count_change_to: 12,
      settings: { stability: 0.4, similarity_boost: 0.8 },
      feedback: null,
      share_link_id: null,
      source: 'TTS',
      dialogue: null,
    })

    const audio = await t.app.inject({ url: `/v1/history/${row.id}/audio`, headers: alice.auth })
    expect(audio.statusCode).toBe(200)
    expect(audio.headers['content-type']).toBe('audio/mpeg')
    expect(audio.headers['content-disposition']).toMatch(/^inline; filename="Timbre_\d{8}T\d{6}Z_.+\.mp3"/)
    expect(audio.rawPayload.equals((await t.storage.get(row.storage_key)) as Buffer)).toBe(true)
    // MPEG audio frame sync
    expect(audio.rawPayload[0]).toBe(0xff)

    const partial = await t.app.inject({
      url: `/v1/history/${row.id}/audio`,
      headers: { ...alice.auth, range: 'bytes=10-19' },
    })
    expect(partial.statusCode).toBe(206)
    expect(partial.headers['content-range']).toBe(`bytes 10-19/${audio.rawPayload.length}`)
    expect(partial.rawPayload.equals(audio.rawPayload.subarray(10, 20))).toBe(true)
    const beyond = await t.app.inject({
      url: `/v1/history/${row.id}/audio`,
      headers: { ...alice.auth, range: 'bytes=999999-' },
    })
    expect(beyond.statusCode).toBe(416)
  })

  it('shows dialogue items with each line’s voice', async () => {
    const [a, b] = [PREMADE_FIRST, PREMADE_SECOND]
    const row = await item({
      text: 'Hi. Hello.',
      dialogue: [
        { text: 'Hi.', voice_id: a.voice_id },
        { text: 'Hello.', voice_id: b.voice_id, voice_name: 'Custom name' },
      ],
    })
    const res = await t.app.inject({ url: `/v1/history/${row.id}`, headers: alice.auth })
    expect(res.json().dialogue).toEqual([
      { text: 'Hi.', voice_id: a.voice_id, voice_name: a.name },
      { text: 'Hello.', voice_id: b.voice_id, voice_name: 'Custom name' },
    ])
  })

  it('deletes the item and its stored audio', async () => {
    const row = await item({})
    expect(await t.storage.size(row.storage_key)).toBeGreaterThan(0)
    const res = await t.app.inject({ method: 'DELETE', url: `/v1/history/${row.id}`, headers: alice.auth })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
    expect(await t.storage.size(row.storage_key)).toBeNull()
    expect((await t.app.inject({ url: `/v1/history/${row.id}`, headers: alice.auth })).statusCode).toBe(404)
    const again = await t.app.inject({ method: 'DELETE', url: `/v1/history/${row.id}`, headers: alice.auth })
    expect(again.statusCode).toBe(404)
    expect(again.json().detail.code).toBe('history_item_not_found')
  })

  it('audio that vanished from storage is a 404 with its own code', async () => {
    const row = await item({})
    await t.storage.delete(row.storage_key)
    const res = await t.app.inject({ url: `/v1/history/${row.id}/audio`, headers: alice.auth })
    expect(res.statusCode).toBe(404)
    expect(res.json().detail.code).toBe('history_audio_missing')
  })
})

describe('authorization', () => {
  it("another workspace's item is 404 in every endpoint, and nothing changes", async () => {
    const row = await item({ text: 'only for alice' })
    const calls = [
      { method: 'GET' as const, url: `/v1/history/${row.id}` },
      { method: 'GET' as const, url: `/v1/history/${row.id}/audio` },
      { method: 'GET' as const, url: `/v1/history/${row.id}/share-link` },
      { method: 'DELETE' as const, url: `/v1/history/${row.id}` },
      { method: 'POST' as const, url: `/v1/history/${row.id}/feedback`, payload: { thumbs_up: false } },
      { method: 'POST' as const, url: '/v1/history/download', payload: { history_item_ids: [row.id] } },
    ]
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: bob.auth })
      expect(res.statusCode, call.url).toBe(404)
      expect(res.json().detail.code, call.url).toBe('history_item_not_found')
    }
    const after = await t.database.db
      .selectFrom('history_items')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow()
    expect(after.feedback).toBeNull()
    expect(after.share_token).toBeNull()
    expect(await t.storage.size(row.storage_key)).toBeGreaterThan(0)
  })

  it('API keys need the history scope', async () => {
    const row = await item({})
    const key = async (permissions: string[] | null) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/user/api-keys',
        headers: alice.auth,
        payload: { name: `k${permissions?.join('-') ?? 'all'}`, permissions },
      })
      expect(res.statusCode, res.body).toBe(201)
      return { 'xi-api-key': res.json().api_key as string }
    }
    const scoped = await key(['history'])
    const unscoped = await key(['text-to-speech', 'voices'])
    const full = await key(null)
    const urls = [
      '/v1/history',
      `/v1/history/${row.id}`,
      `/v1/history/${row.id}/audio`,
      `/v1/history/${row.id}/share-link`,
    ]
    for (const url of urls) {
      expect((await t.app.inject({ url, headers: scoped })).statusCode, url).toBe(200)
      expect((await t.app.inject({ url, headers: full })).statusCode, url).toBe(200)
      const refused = await t.app.inject({ url, headers: unscoped })
      expect(refused.statusCode, url).toBe(403)
      expect(refused.json().detail.code).toBe('missing_permissions')
    }
    const download = await t.app.inject({
      method: 'POST',
      url: '/v1/history/download',
      headers: unscoped,
      payload: { history_item_ids: [row.id] },
    })
    expect(download.statusCode).toBe(403)
    const del = await t.app.inject({ method: 'DELETE', url: `/v1/history/${row.id}`, headers: scoped })
    expect(del.statusCode).toBe(200)
  })
})
