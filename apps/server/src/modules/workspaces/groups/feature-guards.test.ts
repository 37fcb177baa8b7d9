import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, joinWorkspaceOf, type TestUser } from '../../../../test/helpers/factories.js'
import { setPlan } from '../../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'
import { createWorkspaceVoice, pcmWav } from '../../../../test/helpers/voice-factory.js'

// Feature guards through the Everyone group: with its permissions emptied, a member can neither
// clone a voice nor add one from the library, with an access token or with an API key; an
// admin still can, so the requests themselves are good.

let t: TestApp
let address: string
let alice: TestUser
let bob: TestUser
let sharer: TestUser
let sharerPublicId: string
let sharedVoice: string
let sample: Buffer
let bobClient: ElevenLabsClient

const call = (user: TestUser, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: user.auth, ...(payload ? { payload } : {}) })

const setTier = (user: TestUser, tier: string) =>
  setPlan(t.database, user.userId, { tier, status: 'active', characterCount: 0, characterLimit: 1_000_000 })

/** POST /v1/voices/add with an access token, as the web app sends it. */
async function cloneWithToken(user: TestUser, name: string) {
  const form = new FormData()
  form.set('name', name)
  form.set('files', new Blob([new Uint8Array(sample)], { type: 'audio/wav' }), 'sample.wav')
  const request = new Request('http://x/', { method: 'POST', body: form })
  return t.app.inject({
    method: 'POST',
    url: '/v1/voices/add',
    headers: { ...user.auth, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  })
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    if (!(error instanceof ElevenLabsError)) throw error
    return { status: error.statusCode, code: (error.body as { detail: { code: string } }).detail.code }
  }
  throw new Error('expected a refusal')
}

beforeAll(async () => {
  t = await createTestApp()
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  alice = await createUser(t.app, t.database)
  bob = await createUser(t.app, t.database)
  sharer = await createUser(t.app, t.database)
  await setTier(alice, 'creator')
  await setTier(sharer, 'creator')
  await joinWorkspaceOf(t.database.db, alice, bob)
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/sign-in',
    payload: { email: bob.email, password: bob.password },
  })
  bob.auth = { authorization: `Bearer ${signIn.json().access_token}` }
  // Bob's key is made while Everyone still grants everything.
  const key = await call(bob, 'POST', '/v1/user/api-keys', { name: 'sdk', permissions: ['voices'] })
  expect(key.statusCode, key.body).toBe(201)
  bobClient = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address })
  // A voice in the shared library, from another workspace.
  sharedVoice = (await createWorkspaceVoice(t.database.db, { userId: sharer.userId, name: 'Library voice' }))
    .id
  const shared = await call(sharer, 'POST', `/v1/voices/${sharedVoice}/sharing`, {
    status: 'enabled',
    live_moderation_enabled: false,
  })
  expect(shared.statusCode, shared.body).toBe(200)
  sharerPublicId = shared.json().public_owner_id
  // Real speech as the cloning sample.
  const voice = PREMADE_VOICES.find((v) => v.language === 'en')?.voice_id as string
  const speech = await call(alice, 'POST', `/v1/text-to-speech/${voice}?output_format=pcm_16000`, {
    text: 'The quick brown fox jumps over the lazy dog, and then it runs far away into the hills.',
  })
  expect(speech.statusCode).toBe(200)
  sample = pcmWav(speech.rawPayload, 16000)

  const groups = (await call(alice, 'GET', '/v1/workspace/groups')).json()
  const everyone = Object.values(groups).find((g) => (g as { is_everyone: boolean }).is_everyone) as {
    id: string
  }
  const emptied = await call(alice, 'PATCH', `/v1/workspace/groups/${everyone.id}`, { permissions: [] })
  expect(emptied.statusCode).toBe(200)
}, 120_000)
afterAll(() => t?.close())

describe('feature guards with the Everyone group emptied', () => {
  it('refuses instant cloning to a member, by token and by API key', async () => {
    const byToken = await cloneWithToken(bob, 'Bob clone')
    expect([byToken.statusCode, byToken.json().detail?.code]).toEqual([403, 'product_access_denied'])
    const file = new File([new Uint8Array(sample)], 'sample.wav', { type: 'audio/wav' })
    expect(await refusal(bobClient.voices.ivc.create({ name: 'Bob clone', files: [file] }))).toEqual({
      status: 403,
      code: 'product_access_denied',
    })
    // The admin keeps every feature: the same request goes through.
    const admin = await cloneWithToken(alice, 'Alice clone')
    expect(admin.statusCode, admin.body).toBe(200)
  })

  it('refuses adding a voice from the library to a member, by token and by API key', async () => {
    const url = `/v1/voices/add/${sharerPublicId}/${sharedVoice}`
    const byToken = await call(bob, 'POST', url, { new_name: 'Mine' })
    expect([byToken.statusCode, byToken.json().detail?.code]).toEqual([403, 'product_access_denied'])
    expect(await refusal(bobClient.voices.share(sharerPublicId, sharedVoice, { newName: 'Mine' }))).toEqual({
      status: 403,
      code: 'product_access_denied',
    })
    const admin = await call(alice, 'POST', url, { new_name: 'Ours' })
    expect(admin.statusCode, admin.body).toBe(200)
  })
})
