import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { createWorkspaceVoice, pcmWav } from '../../../test/helpers/voice-factory.js'

// The shared voice library through the official SDK: an owner shares voices, another workspace
// finds them with the public API's filters, adds a copy, is refused a voice whose copying is
// off, finds the source voice first from a clip of it, and never sees a private voice.

let t: TestApp
let address: string
let owner: TestUser
let other: TestUser
let ownerClient: ElevenLabsClient
let otherClient: ElevenLabsClient
let ownerPublicId: string
const voices: Record<'high' | 'low' | 'secret', string> = { high: '', low: '', secret: '' }

const english = PREMADE_VOICES.filter((v) => v.language === 'en' && v.engine.engine === 'flite')
const high = english.find((v) => v.labels.gender === 'female')!
const low = english.find((v) => v.labels.gender === 'male' && v.voice_id !== high.voice_id)!

async function sdkFor(user: TestUser): Promise<ElevenLabsClient> {
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', permissions: ['voices', 'text-to-speech', 'user'] },
  })
  return new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address })
}

async function refusal(call: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  try {
    await call
  } catch (error) {
    if (!(error instanceof ElevenLabsError)) throw error
    const detail = (error.body as { detail: { code: string; message: string } }).detail
    return { status: error.statusCode ?? 0, code: detail.code, message: detail.message }
  }
  throw new Error('expected a refusal')
}

async function setTier(user: TestUser, tier: string): Promise<void> {
  await t.database.db
    .updateTable('subscriptions')
    .set({ tier, status: 'active', character_count: 0, character_limit: 1_000_000 })
    .where('workspace_id', '=', await workspaceIdOf(t.database.db, user.userId))
    .execute()
}

async function share(voiceId: string, body: Record<string, unknown>, user = owner) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/voices/${voiceId}/sharing`,
    headers: user.auth,
    payload: body,
  })
}

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return Buffer.concat(parts)
}

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t.app, t.database, { verified: true })
  other = await createUser(t.app, t.database, { verified: true })
  await setTier(owner, 'creator')
  await setTier(other, 'creator')
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  ownerClient = await sdkFor(owner)
  otherClient = await sdkFor(other)
  const row = await t.database.db
    .selectFrom('users')
    .select('public_user_id')
    .where('id', '=', owner.userId)
    .executeTakeFirstOrThrow()
  ownerPublicId = row.public_user_id
  voices.high = (
    await createWorkspaceVoice(t.database.db, {
      userId: owner.userId,
      name: 'Bright narrator',
      basedOn: high.voice_id,
    })
  ).id
  voices.low = (
    await createWorkspaceVoice(t.database.db, {
      userId: owner.userId,
      name: 'Deep storyteller',
      basedOn: low.voice_id,
    })
  ).id
  voices.secret = (
    await createWorkspaceVoice(t.database.db, { userId: owner.userId, name: 'Private voice' })
  ).id
}, 60_000)
afterAll(() => t?.close())

describe('the shared voice library through the SDK', () => {
  it('an owner shares voices; another workspace finds them with filters', async () => {
    const first = await share(voices.high, {
      status: 'enabled',
      description: 'A bright, clear voice for audiobooks',
      labels: {
        gender: 'female',
        age: 'young',
        accent: 'american',
        use_case: 'narration',
        descriptive: 'bright',
      },
      live_moderation_enabled: false,
    })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ public_owner_id: ownerPublicId, sharing: { status: 'enabled' } })
    expect(first.json().sharing.features).toBeUndefined()
    const second = await share(voices.low, {
      status: 'enabled',
      labels: { gender: 'male', age: 'old', accent: 'british', use_case: 'characters', descriptive: 'deep' },
      live_moderation_enabled: true,
      notice_period: 30,
    })
    expect(second.statusCode, second.body).toBe(200)

    const female = await otherClient.voices.getShared({
      gender: 'female',
      accent: 'american',
      language: 'en',
    })
    expect(female.voices.map((v) => v.voiceId)).toEqual([voices.high])
    expect(female.voices[0]).toMatchObject({
      publicOwnerId: ownerPublicId,
      name: 'Bright narrator',
      description: 'A bright, clear voice for audiobooks',
      useCase: 'narration',
      descriptive: 'bright',
      category: 'cloned',
      liveModerationEnabled: false,
      isAddedByUser: false,
      clonedByCount: 0,
    })
    const all = await otherClient.voices.getShared({ pageSize: 1, page: 0 })
    expect(all.totalCount).toBe(2)
    expect(all.hasMore).toBe(true)
    const next = await otherClient.voices.getShared({ pageSize: 1, page: 1 })
    expect(next.hasMore).toBe(false)
    expect(new Set([all.voices[0]!.voiceId, next.voices[0]!.voiceId])).toEqual(
      new Set([voices.high, voices.low]),
    )
    expect(
      (await otherClient.voices.getShared({ search: 'storyteller' })).voices.map((v) => v.voiceId),
    ).toEqual([voices.low])
    expect(
      (await otherClient.voices.getShared({ useCases: ['characters'] })).voices.map((v) => v.voiceId),
    ).toEqual([voices.low])
    expect((await otherClient.voices.getShared({ descriptives: ['bright'] })).voices).toHaveLength(1)
    expect(
      (await otherClient.voices.getShared({ minNoticePeriodDays: 10 })).voices.map((v) => v.voiceId),
    ).toEqual([voices.low])
    expect(
      (await otherClient.voices.getShared({ includeLiveModerated: false })).voices.map((v) => v.voiceId),
    ).toEqual([voices.high])
    expect((await otherClient.voices.getShared({ ownerId: ownerPublicId })).totalCount).toBe(2)
    expect((await otherClient.voices.getShared({ ownerId: 'nobody' })).totalCount).toBe(0)
    expect((await otherClient.voices.getShared({ featured: true })).totalCount).toBe(0)
    expect((await otherClient.voices.getShared({ readerAppEnabled: true })).totalCount).toBe(0)
    expect((await otherClient.voices.getShared({ category: 'professional' })).totalCount).toBe(0)
    expect((await otherClient.voices.getShared({ locale: 'en-US' })).totalCount).toBeGreaterThanOrEqual(1)
    // A private voice is never listed.
    expect((await otherClient.voices.getShared({ search: 'Private' })).totalCount).toBe(0)
  })

  it('similar voices ranks the source voice first for a clip of it', async () => {
    const pcm = await bytes(
      await ownerClient.textToSpeech.convert(voices.low, {
        text: 'Once upon a time, in a small village by the sea, there lived an old fisherman and his wife.',
        modelId: 'eleven_multilingual_v2',
        outputFormat: 'pcm_16000',
      }),
    )
    const clip = new File([new Uint8Array(pcmWav(pcm, 16_000))], 'clip.wav', { type: 'audio/wav' })
    const found = await otherClient.voices.findSimilarVoices({
      audioFile: clip,
      similarityThreshold: 2,
      topK: 5,
    })
    expect(found.voices.map((v) => v.voiceId)[0]).toBe(voices.low)
    expect(found.voices).toHaveLength(2)
    const top = await otherClient.voices.findSimilarVoices({ audioFile: clip, topK: 1 })
    expect(top.voices.map((v) => v.voiceId)).toEqual([voices.low])
    const text = new File([new TextEncoder().encode('not audio at all')], 'clip.wav', { type: 'audio/wav' })
    expect((await refusal(otherClient.voices.findSimilarVoices({ audioFile: text }))).status).toBe(422)
    const bad = await refusal(otherClient.voices.findSimilarVoices({ audioFile: clip, topK: 500 }))
    expect(bad.status).toBe(422)
  }, 60_000)

  it('adds a copy under a new name; counts it; refuses copied_disabled with a clear message', async () => {
    const added = await otherClient.voices.share(ownerPublicId, voices.high, { newName: 'My narrator' })
    const copy = await otherClient.voices.get(added.voiceId)
    expect(copy).toMatchObject({ name: 'My narrator', category: 'cloned', isOwner: true })
    expect(copy.sharing).toMatchObject({
      status: 'copied',
      originalVoiceId: voices.high,
      publicOwnerId: ownerPublicId,
    })
    expect(copy.labels).toMatchObject({ gender: 'female', accent: 'american' })
    const audio = await bytes(
      await otherClient.textToSpeech.convert(added.voiceId, { text: 'Hello from a copy.' }),
    )
    expect(audio.length).toBeGreaterThan(1000)
    const listed = await otherClient.voices.getShared({ gender: 'female' })
    expect(listed.voices[0]).toMatchObject({ isAddedByUser: true, clonedByCount: 1 })
    const edits = await t.database.db
      .selectFrom('voice_add_edits')
      .select('kind')
      .where('voice_id', '=', added.voiceId)
      .execute()
    expect(edits).toEqual([{ kind: 'add' }])

    expect((await share(voices.low, { status: 'copied_disabled' })).statusCode).toBe(200)
    const refused = await refusal(otherClient.voices.share(ownerPublicId, voices.low, { newName: 'Nope' }))
    expect(refused).toMatchObject({ status: 403, code: 'voice_copy_disabled' })
    expect(refused.message).toContain('turned copying off')
    expect((await otherClient.voices.getShared({})).voices.map((v) => v.voiceId)).toEqual([voices.high])
    // A wrong owner id, an unknown voice, a private voice: not found.
    expect(
      (await refusal(otherClient.voices.share('someone-else', voices.high, { newName: 'x' }))).status,
    ).toBe(404)
    expect(
      (await refusal(otherClient.voices.share(ownerPublicId, voices.secret, { newName: 'x' }))).status,
    ).toBe(404)
  })

  it('another workspace never reaches a private or shared original directly (404)', async () => {
    for (const id of [voices.secret, voices.high]) {
      expect((await refusal(otherClient.voices.get(id))).status).toBe(404)
    }
    expect((await share(voices.secret, { status: 'enabled' }, other)).statusCode).toBe(404)
    const copyId = (await otherClient.voices.getAll()).voices.find((v) => v.name === 'My narrator')!.voiceId
    const reshare = await share(copyId, { status: 'enabled' }, other)
    expect(reshare.statusCode).toBe(422)
    expect(reshare.json().detail.code).toBe('voice_copy_not_shareable')
  })

  it('accents come from the catalogue, Standard first in each language', async () => {
    const { accents } = await otherClient.voices.accents.get({ language: 'en' })
    expect(accents[0]).toEqual({ accent: 'standard', language: 'en', code: 'en-standard', name: 'Standard' })
    expect(accents.map((a) => a.accent)).toEqual(expect.arrayContaining(['american', 'scottish']))
    expect(accents.every((a) => a.language === 'en')).toBe(true)
    const every = await otherClient.voices.accents.get()
    expect(new Set(every.accents.map((a) => a.language)).size).toBeGreaterThan(1)
  })

  it('collections: create, list, update, add and remove voices, delete; per workspace', async () => {
    const created = await otherClient.voices.collections.create({ title: 'Narrators', icon: 'book' })
    expect(created).toMatchObject({ title: 'Narrators', icon: 'book', permissionOnResource: 'admin' })
    const id = created.collectionId
    await otherClient.voices.collections.create({ title: 'Ads', icon: 'megaphone' })
    expect((await otherClient.voices.collections.list()).collections.map((c) => c.title)).toEqual([
      'Ads',
      'Narrators',
    ])
    const updated = await otherClient.voices.collections.update(id, { title: 'Audiobook narrators' })
    expect(updated).toMatchObject({ title: 'Audiobook narrators', icon: 'book' })
    expect(await otherClient.voices.collections.addVoice(id, high.voice_id)).toEqual({
      collectionId: id,
      voiceId: high.voice_id,
    })
    await otherClient.voices.collections.addVoice(id, high.voice_id)
    const got = await t.app.inject({
      method: 'GET',
      url: `/v1/voices/collections/${id}`,
      headers: other.auth,
    })
    expect(got.json().voice_ids).toEqual([high.voice_id])
    // Another workspace's voice cannot be put in; another workspace cannot see the collection.
    expect((await refusal(otherClient.voices.collections.addVoice(id, voices.secret))).status).toBe(404)
    expect((await refusal(ownerClient.voices.collections.get(id))).status).toBe(404)
    expect((await refusal(ownerClient.voices.collections.delete(id))).status).toBe(404)
    await otherClient.voices.collections.removeVoice(id, high.voice_id)
    expect((await otherClient.voices.collections.get(id)).title).toBe('Audiobook narrators')
    expect(await otherClient.voices.collections.delete(id)).toEqual({ collectionId: id })
    expect((await refusal(otherClient.voices.collections.get(id))).status).toBe(404)
  })
})
