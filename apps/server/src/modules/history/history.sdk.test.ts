import type { AddressInfo } from 'node:net'
import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/helpers/factories.js'
import {
  createHistoryItem,
  createHistoryTestApp,
  type HistoryTestApp,
  workspaceOf,
} from '../../../test/helpers/history-factory.js'

// The official SDK against the server, with only the base URL changed.

let t: HistoryTestApp
let client: ElevenLabsClient
const ids: string[] = []

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer())
}

beforeAll(async () => {
  t = await createHistoryTestApp()
  const user = await createUser(t.app, t.database, { verified: true })
  const workspaceId = await workspaceOf(t.database.db, user.userId)
  for (let i = 0; i < 5; i++) {
    const row = await createHistoryItem(
      { db: t.database.db, storage: t.storage },
      { workspaceId, text: `SDK sentence ${i}`, source: i === 4 ? 'STS' : 'TTS' },
    )
    ids.unshift(row.id)
  }
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', permissions: ['history'] },
  })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = t.app.server.address() as AddressInfo
  client = new ElevenLabsClient({
    apiKey: key.json().api_key,
    baseUrl: `http://127.0.0.1:${port}`,
    maxRetries: 0,
  })
})
afterAll(() => t?.close())

describe('@elevenlabs/elevenlabs-js history client', () => {
  it('lists with paging, filters and sort direction', async () => {
    const first = await client.history.list({ pageSize: 2 })
    expect(first.history.map((h) => h.historyItemId)).toEqual(ids.slice(0, 2))
    expect(first.hasMore).toBe(true)
    expect(first.lastHistoryItemId).toBe(ids[1])
    expect(typeof first.scannedUntil).toBe('number')
    const next = await client.history.list({ pageSize: 10, startAfterHistoryItemId: first.lastHistoryItemId })
    expect(next.history.map((h) => h.historyItemId)).toEqual(ids.slice(2))
    expect(next.hasMore).toBe(false)
    const asc = await client.history.list({ sortDirection: 'asc' })
    expect(asc.history.map((h) => h.historyItemId)).toEqual([...ids].reverse())
    const sts = await client.history.list({ source: 'STS', search: 'sentence' })
    expect(sts.history.map((h) => h.historyItemId)).toEqual([ids[0]])
    const item = first.history[0]
    expect(item).toMatchObject({
      voiceCategory: 'premade',
      contentType: 'audio/mpeg',
      outputFormat: 'mp3_44100_128',
    })
    expect(item?.dateUnix).toBeGreaterThan(1_700_000_000)
  })

  it('gets an item, its audio and downloads one or several', async () => {
    const id = ids[2] as string
    const item = await client.history.get(id)
    expect(item).toMatchObject({ historyItemId: id, text: 'SDK sentence 2', source: 'TTS' })
    const audio = await bytesOf(await client.history.getAudio(id))
    expect(audio[0]).toBe(0xff)
    const wav = await bytesOf(await client.history.download({ historyItemIds: [id], outputFormat: 'wav' }))
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF')
    const zip = await bytesOf(await client.history.download({ historyItemIds: ids.slice(0, 3) }))
    expect(Object.keys(unzipSync(new Uint8Array(zip)))).toHaveLength(3)
  })

  it('deletes, and a missing item is an ElevenLabsError with status 404', async () => {
    const id = ids[3] as string
    expect(await client.history.delete(id)).toEqual({ status: 'ok' })
    const error = await client.history.get(id).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ElevenLabsError)
    expect((error as ElevenLabsError).statusCode).toBe(404)
  })
})
