import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { characterCount, setProPlan } from '../../../test/helpers/plans.js'
import { type SelfSignedCertificate, selfSignedCertificate } from '../../../test/helpers/self-signed.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { multipartBody, pcmWav } from '../../../test/helpers/voice-factory.js'

// An order placed from a file: once paid, the file is transcribed in the background (no speech
// to text charge: the production's price covers it), the producer's claim answers how far the
// machine transcript has got until it is ready, then claims a working copy holding the words
// that were spoken. A file that went missing before the run fails with the reason, which the
// claim then gives. The first order gives its media by address (media_url): fetched over HTTPS
// from a server the test starts on this machine, which the operator's outbound rules allow here.

const ADMIN_EMAIL = `machine-admin-${Date.now()}@example.com`
let t: TestApp
let customer: TestUser
let admin: TestUser
let workspaceId: string
let speech: Buffer
let certificate: SelfSignedCertificate
let mediaServer: Server
let mediaBase: string

const as = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) })

async function orderFromFile(name: string, data: Buffer) {
  const { payload, headers } = await multipartBody(
    { source_language: 'en', number_of_speakers: '1', custom_name: name },
    [{ field: 'file', name: `${name}.wav`, data, type: 'audio/wav' }],
  )
  const placed = await t.app.inject({
    method: 'POST',
    url: `/v1/productions/workspace/${workspaceId}/tasks/register`,
    payload,
    headers: { ...customer.auth, ...headers },
  })
  expect(placed.statusCode, placed.body).toBe(201)
  return placed.json() as { description_id: string; order_id: string }
}

async function pay(orderId: string) {
  const paid = await as(customer, 'POST', `/v1/productions/workspace/${workspaceId}/orders/${orderId}/pay`, {
    method: 'credits',
  })
  expect(paid.statusCode, paid.body).toBe(200)
  return paid.json() as { credits_charged: number }
}

async function producer(): Promise<TestUser> {
  const user = await createUser(t.app, t.database)
  const applied = await as(user, 'POST', '/v1/productions/producer-applicants', {
    first_name: 'Lee',
    email: user.email,
    start_date: '2026-12-01',
    context: 'Transcribed court hearings for six years.',
    qualifications: [{ base: 'transcription', language: 'en' }],
  })
  expect(applied.statusCode, applied.body).toBe(201)
  const id = applied.json().applicant_id
  expect(
    (await as(admin, 'PUT', `/v1/productions/producer-applicants/${id}`, { decision: 'approve' })).statusCode,
  ).toBe(200)
  return user
}

/** Claims until the machine transcript is ready, keeping every refusal's message. */
async function claimWhenReady(user: TestUser, taskId: string, refusals: string[]) {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    const claimed = await as(user, 'POST', `/v1/productions/producers/me/tasks/${taskId}/claim`)
    if (claimed.statusCode === 200) return claimed.json() as { transcription_id: string }
    expect(claimed.statusCode, claimed.body).toBe(409)
    refusals.push(claimed.json().detail.message)
    if (/failed/.test(claimed.json().detail.message)) return null
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`never claimable: ${refusals.at(-1)}`)
}

async function orderFromUrl(name: string, url: string) {
  const { payload, headers } = await multipartBody(
    { source_language: 'en', number_of_speakers: '1', custom_name: name, media_url: url },
    [],
  )
  return t.app.inject({
    method: 'POST',
    url: `/v1/productions/workspace/${workspaceId}/tasks/register`,
    payload,
    headers: { ...customer.auth, ...headers },
  })
}

beforeAll(async () => {
  certificate = selfSignedCertificate()
  mediaServer = createServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
    if (request.url !== '/media/river-walk.wav') return response.writeHead(404).end()
    response.writeHead(200, { 'content-type': 'audio/wav' }).end(speech)
  })
  await new Promise<void>((resolve) => mediaServer.listen(0, '127.0.0.1', resolve))
  mediaBase = `https://127.0.0.1:${(mediaServer.address() as AddressInfo).port}`
  t = await createTestApp({
    env: {
      PRODUCTIONS_ADMIN_EMAILS: ADMIN_EMAIL,
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOK_CA_FILE: certificate.certPath,
    },
  })
  customer = await createUser(t.app, t.database)
  admin = await createUser(t.app, t.database, { email: ADMIN_EMAIL })
  workspaceId = await setProPlan(t.database, customer.userId)
  const voice = PREMADE_VOICES.find((v) => v.name === 'Emma')!
  const spoken = await t.app.inject({
    method: 'POST',
    url: `/v1/text-to-speech/${voice.voice_id}?output_format=pcm_16000`,
    headers: customer.auth,
    payload: { text: 'The weather was lovely this morning, so we walked along the river.', seed: 3 },
  })
  expect(spoken.statusCode).toBe(200)
  speech = pcmWav(spoken.rawPayload, 16_000)
}, 120_000)

afterAll(async () => {
  await t?.close()
  await new Promise((resolve) => mediaServer?.close(resolve))
  certificate?.remove()
})

describe('machine transcripts of file orders', () => {
  it('are made once paid, uncharged, and the producer claims a copy of what was said', async () => {
    const missing = await orderFromUrl('Gone', `${mediaBase}/media/gone.wav`)
    expect([missing.statusCode, missing.json().detail.code]).toEqual([422, 'production_media_url_failed'])
    const placed = await orderFromUrl('River walk', `${mediaBase}/media/river-walk.wav`)
    expect(placed.statusCode, placed.body).toBe(201)
    const task = placed.json() as { description_id: string; order_id: string }
    const early = await as(
      await producer(),
      'POST',
      `/v1/productions/producers/me/tasks/${task.description_id}/claim`,
    )
    // Not paid yet: nobody may claim it (the board holds paid tasks only).
    expect(early.statusCode).toBe(409)

    const before = await characterCount(t.database, workspaceId)
    const { credits_charged } = await pay(task.order_id)
    const lee = await producer()
    const refusals: string[] = []
    const claimed = await claimWhenReady(lee, task.description_id, refusals)
    for (const message of refusals)
      expect(message).toMatch(/^The machine transcript of this task is not ready yet \(\d+% done\)\.$/)
    // Only the production was charged: the machine transcript cost nothing.
    expect((await characterCount(t.database, workspaceId)) - before).toBe(credits_charged)

    const doc = (
      await as(lee, 'GET', `/v1/speech-to-text/transcripts/${claimed!.transcription_id}/editor`)
    ).json()
    expect(doc.audio.available).toBe(true)
    const text = doc.words
      .filter((w: { type: string }) => w.type === 'word')
      .map((w: { text: string }) => w.text.toLowerCase())
      .join(' ')
    expect(text).toMatch(/weather/)
    expect(text).toMatch(/river/)
    const events = (
      await as(customer, 'GET', `/v1/productions/workspace/${workspaceId}/tasks/${task.description_id}`)
    ).json().history as { event: string }[]
    expect(events.map((e) => e.event)).toContain('machine transcript ready')
  }, 150_000)

  it('fails with its reason when the ordered file is gone, and the claim says why', async () => {
    const task = await orderFromFile('Lost file', speech)
    const media = await t.database.db
      .selectFrom('production_media')
      .select('storage_key')
      .where('order_id', '=', task.order_id)
      .executeTakeFirstOrThrow()
    const { createStorage } = await import('../../lib/storage.js')
    await (await createStorage(t.config.storage)).delete(media.storage_key!)
    await pay(task.order_id)
    const refusals: string[] = []
    expect(await claimWhenReady(await producer(), task.description_id, refusals)).toBeNull()
    expect(refusals.at(-1)).toBe(
      'The machine transcript of this task failed: The ordered file is no longer stored.',
    )
  }, 120_000)
})
