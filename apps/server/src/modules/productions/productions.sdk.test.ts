import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/helpers/factories.js'
import { characterCount, setProPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { toneWav } from '../../../test/helpers/voice-factory.js'

// The public API's Productions orders through the official SDK, only its baseUrl changed: an
// open order gets media and quoted items, is renamed, listed by state, and submitted (the
// workspace is charged once); its media comes back behind a signed link; deliverables stay
// empty until it is done; a sandbox order is free; bad calls get clear 4xx answers.

let t: TestApp
let client: ElevenLabsClient
let other: ElevenLabsClient
let workspaceId: string
let baseUrl: string

async function status(call: Promise<unknown>): Promise<number> {
  try {
    await call
    return 200
  } catch (error) {
    if (error instanceof ElevenLabsError) return error.statusCode ?? 0
    throw error
  }
}

beforeAll(async () => {
  t = await createTestApp()
  const keyOf = async () => {
    const user = await createUser(t.app, t.database)
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/user/api-keys',
      headers: user.auth,
      payload: { name: 'orders' },
    })
    return { user, key: response.json().api_key as string }
  }
  const mine = await keyOf()
  workspaceId = await setProPlan(t.database, mine.user.userId)
  const theirs = await keyOf()
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey: mine.key, baseUrl })
  other = new ElevenLabsClient({ apiKey: theirs.key, baseUrl })
}, 60_000)

afterAll(async () => {
  await t?.close()
})

describe('productions orders through the SDK', () => {
  it('creates, fills, quotes, renames, lists and submits an order, charged once', async () => {
    const created = await client.productions.orders.create({ sandbox: false })
    expect(created.orderId).toMatch(/^ord_/)
    const media = await client.productions.orders.media.register(created.orderId, {
      declaredLanguage: 'en',
      media: { data: toneWav(3), filename: 'tone.wav' },
    })
    expect(media.mediaId).toMatch(/^prodmedia_/)
    const fetched = await client.productions.orders.media.get(created.orderId, media.mediaId)
    expect(fetched).toMatchObject({ name: 'tone.wav', contentType: 'audio/wav', language: 'en' })
    // The link is made on the public address; the test server listens on loopback.
    const signed = new URL(fetched.signedUrl)
    expect(signed.pathname).toBe(`/v1/productions/files/media/${media.mediaId}`)
    const local = new URL(`${signed.pathname}${signed.search}`, baseUrl)
    const download = await fetch(local)
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer()).equals(toneWav(3))).toBe(true)
    const forged = new URL(local)
    forged.searchParams.set('signature', 'x'.repeat(43))
    expect((await fetch(forged)).status).toBe(404)

    const item = await client.productions.orders.items.upsert(created.orderId, {
      request: {
        item: { kind: 'transcription', mediaIds: [media.mediaId], sourceLanguage: 'en', verbatim: true },
      },
    })
    // Five minutes at $2.20 + 30% verbatim, less the launch discount: $14.30 less $1.43.
    expect(item.quote?.amountUsd).toBe(12.87)
    const subtitles = await client.productions.orders.items.upsert(created.orderId, {
      request: {
        item: {
          kind: 'subtitles',
          mediaIds: [media.mediaId],
          sourceLanguage: 'en',
          destinationLanguages: ['fr', 'de'],
        },
      },
    })
    expect(subtitles.quote?.amountUsd).toBe(89.1)
    expect((await client.productions.orders.items.remove(created.orderId, subtitles.itemId)).success).toBe(
      true,
    )
    await client.productions.orders.update(created.orderId, { request: { name: 'Tone check' } })

    const order = await client.productions.orders.get(created.orderId)
    expect(order).toMatchObject({ name: 'Tone check', state: 'open', totalAmountUsd: 12.87 })
    expect(order.items).toHaveLength(1)
    expect(order.items[0]!.item).toMatchObject({
      kind: 'transcription',
      mediaIds: [media.mediaId],
      verbatim: true,
    })
    expect((await client.productions.orders.list({ status: 'open' })).orders.map((o) => o.orderId)).toContain(
      created.orderId,
    )

    expect(await status(other.productions.orders.get(created.orderId))).toBe(404)
    expect(await status(other.productions.orders.submit(created.orderId))).toBe(404)
    const before = await characterCount(t.database, workspaceId)
    const submitted = await client.productions.orders.submit(created.orderId)
    expect(submitted).toMatchObject({ orderId: created.orderId, state: 'accepted' })
    expect(await characterCount(t.database, workspaceId)).toBe(before + 12_870)
    expect(await status(client.productions.orders.submit(created.orderId))).toBe(409)
    expect(await characterCount(t.database, workspaceId)).toBe(before + 12_870)
    expect(await status(client.productions.orders.items.remove(created.orderId, item.itemId))).toBe(409)
    const accepted = await client.productions.orders.list({ status: ['accepted', 'done'] })
    expect(accepted.orders.map((o) => o.orderId)).toEqual([created.orderId])
    expect((await client.productions.orders.deliverables.list(created.orderId)).deliverables).toEqual([])
  })

  it('refuses bad input with clear 4xx answers', async () => {
    const { orderId } = await client.productions.orders.create()
    expect(await status(client.productions.orders.submit(orderId))).toBe(422)
    expect(
      await status(
        client.productions.orders.media.register(orderId, {
          declaredLanguage: 'en',
          media: { data: Buffer.from('not audio at all'), filename: 'x.wav' },
        }),
      ),
    ).toBe(422)
    expect(
      await status(
        client.productions.orders.items.upsert(orderId, {
          request: { item: { kind: 'transcription', mediaIds: ['prodmedia_nope'], sourceLanguage: 'en' } },
        }),
      ),
    ).toBe(404)
    expect(await status(client.productions.orders.get('ord_missing'))).toBe(404)
  })

  it('accepts a sandbox order without charge and lists the languages of each kind', async () => {
    const { orderId, sandbox } = await client.productions.orders.create({ sandbox: true })
    expect(sandbox).toBe(true)
    const { mediaId } = await client.productions.orders.media.register(orderId, {
      declaredLanguage: 'en',
      media: { data: toneWav(1), filename: 'short.wav' },
    })
    await client.productions.orders.items.upsert(orderId, {
      request: { item: { kind: 'transcription', mediaIds: [mediaId], sourceLanguage: 'en' } },
    })
    const before = await characterCount(t.database, workspaceId)
    expect((await client.productions.orders.submit(orderId)).state).toBe('accepted')
    expect(await characterCount(t.database, workspaceId)).toBe(before)
    const single = await client.productions.orders.languages.list('transcription')
    expect(single.kind).toBe('single')
    const pairs = await client.productions.orders.languages.list('dub')
    expect(pairs.kind).toBe('pair')
    if (pairs.kind === 'pair') expect(pairs.languagePairs.length).toBeGreaterThan(10)
  })
})
