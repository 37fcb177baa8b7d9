import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import {
  createHistoryItem,
  createHistoryTestApp,
  type HistoryTestApp,
} from '../../../test/helpers/history-factory.js'
import { characterCount } from '../../../test/helpers/plans.js'

// An account whose email is not verified may sign in and look around, but not spend credits or
// publish anything: audio generation, share links and API keys wait for the verification.

const VERIFY_FIRST =
  'Please verify your email address first: open the link we sent you, or select “Resend email” in the banner at the top of the page.'
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!
const lena = PREMADE_VOICES.find((v) => v.name === 'Lena')!

let t: HistoryTestApp
let unverified: TestUser
let workspaceId: string
let wsBase: string

beforeAll(async () => {
  t = await createHistoryTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const address = t.app.server.address()
  wsBase = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  unverified = await createUser(t.app, t.database, { verified: false })
  workspaceId = await workspaceIdOf(t.database.db, unverified.userId)
})
afterAll(() => t?.close())

const expectVerifyFirst = (res: { statusCode: number; json(): { detail: Record<string, unknown> } }) => {
  expect(res.statusCode).toBe(403)
  expect(res.json().detail).toMatchObject({ code: 'email_not_verified', message: VERIFY_FIRST })
}

describe('an unverified email', () => {
  it('may sign in and look around', async () => {
    const res = await t.app.inject({ url: '/v1/user', headers: unverified.auth })
    expect(res.statusCode).toBe(200)
    expect(res.json().is_email_verified).toBe(false)
    expect((await t.app.inject({ url: '/v1/voices', headers: unverified.auth })).statusCode).toBe(200)
    expect((await t.app.inject({ url: '/v1/history', headers: unverified.auth })).statusCode).toBe(200)
  })

  it.each([
    `/v1/text-to-speech/${emma.voice_id}`,
    `/v1/text-to-speech/${emma.voice_id}/stream`,
    `/v1/text-to-speech/${emma.voice_id}/with-timestamps`,
    `/v1/text-to-speech/${emma.voice_id}/stream/with-timestamps`,
  ])('cannot generate audio with POST %s, and is charged nothing', async (url) => {
    const before = await characterCount(t.database, workspaceId)
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: unverified.auth,
      payload: { text: 'Hello there.' },
    })
    expectVerifyFirst(res)
    expect(await characterCount(t.database, workspaceId)).toBe(before)
  })

  it.each(['/v1/text-to-dialogue', '/v1/text-to-dialogue/stream'])(
    'cannot render a dialogue (%s)',
    async (url) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: unverified.auth,
        payload: {
          inputs: [
            { text: 'Hi.', voice_id: emma.voice_id },
            { text: 'Hallo.', voice_id: lena.voice_id },
          ],
        },
      })
      expectVerifyFirst(res)
    },
  )

  it('cannot create a share link', async () => {
    const item = await createHistoryItem(
      { db: t.database.db, storage: t.storage },
      { workspaceId, userId: unverified.userId },
    )
    const res = await t.app.inject({ url: `/v1/history/${item.id}/share-link`, headers: unverified.auth })
    expectVerifyFirst(res)
  })

  it('cannot create an API key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/user/api-keys',
      headers: unverified.auth,
      payload: { name: 'mine' },
    })
    expectVerifyFirst(res)
  })

  it('cannot stream audio over the WebSocket (credentials in the first message)', async () => {
    const socket = new WebSocket(`${wsBase}/v1/text-to-speech/${emma.voice_id}/stream-input`)
    const messages: Array<{ audio?: string; error?: string; message?: string }> = []
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())))
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => resolve())
      socket.on('error', reject)
    })
    socket.send(JSON.stringify({ text: ' ', authorization: unverified.auth.authorization }))
    socket.send(JSON.stringify({ text: 'Free audio please. ', flush: true }))
    expect(await closed).toBe(1008)
    expect(messages.some((m) => m.audio)).toBe(false)
    expect(JSON.stringify(messages)).toContain('verify your email')
  })

  it('cannot open the WebSocket with the bearer token in the headers', async () => {
    const socket = new WebSocket(`${wsBase}/v1/text-to-speech/${emma.voice_id}/stream-input`, {
      headers: unverified.auth,
    })
    socket.on('error', () => {})
    const status = await new Promise<number | undefined>((resolve) => {
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode))
      socket.on('open', () => resolve(undefined))
    })
    socket.terminate()
    expect(status).toBe(403)
  })

  it('can generate once verified', async () => {
    await t.database.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', unverified.userId)
      .execute()
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${emma.voice_id}?output_format=pcm_16000`,
      headers: unverified.auth,
      payload: { text: 'Verified now.' },
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('an API key over its credit limit', () => {
  it("answers the public API's quota error, saying the key's limit is reached", async () => {
    const owner = await createUser(t.app, t.database)
    const key = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/user/api-keys',
        headers: owner.auth,
        payload: { name: 'small', character_limit: 10 },
      })
    ).json().api_key
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${emma.voice_id}`,
      headers: { 'xi-api-key': key },
      payload: { text: 'This text is longer than ten characters.' },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().detail).toMatchObject({ code: 'quota_exceeded', status: 'quota_exceeded' })
    expect(res.json().detail.message).toContain('This API key has reached its credit limit')
  })
})
