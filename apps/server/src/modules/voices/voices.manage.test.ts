import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { toneWav, voiceCalls } from '../../../test/helpers/voice-factory.js'

// Reading, editing and deleting voices, their samples and settings; premade protection;
// other workspaces; bad input.

let t: TestApp
let alice: TestUser
let bob: TestUser
const premadeId = PREMADE_VOICES[0]!.voice_id

beforeAll(async () => {
  t = await createTestApp()
  alice = await createUser(t.app, t.database, { verified: true })
  bob = await createUser(t.app, t.database, { verified: true })
})
afterAll(() => t?.close())

const calls = voiceCalls(() => t)
const newVoice = (user: TestUser = alice) => calls.newVoice(user)
const { get, del, edit } = calls

describe('GET /v1/voices/{id}', () => {
  it('returns a premade voice, or the workspace’s own with its settings', async () => {
    const premade = await get(alice, `/v1/voices/${premadeId}`)
    expect(premade.statusCode).toBe(200)
    expect(premade.json()).toMatchObject({
      voice_id: premadeId,
      category: 'premade',
      settings: { stability: 0.5 },
    })
    const id = await newVoice()
    expect((await get(alice, `/v1/voices/${id}?with_settings=false`)).json()).toMatchObject({
      voice_id: id,
      settings: null,
    })
  })

  it('an unknown id or another workspace’s voice is a 404 voice_not_found, not a 403', async () => {
    const bobs = await newVoice(bob)
    for (const id of ['doesNotExist00000000', bobs]) {
      for (const [method, url] of [
        ['GET', `/v1/voices/${id}`],
        ['DELETE', `/v1/voices/${id}`],
        ['GET', `/v1/voices/${id}/settings`],
        ['DELETE', `/v1/voices/${id}/samples/abc`],
        ['GET', `/v1/voices/${id}/samples/abc/audio`],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: alice.auth })
        expect(res.statusCode, `${method} ${url}`).toBe(404)
        expect(res.json().detail).toMatchObject({
          code: 'voice_not_found',
          status: 'voice_not_found',
          param: 'voice_id',
        })
        expect(res.json().detail.message).toContain(id)
      }
      const settings = await t.app.inject({
        method: 'POST',
        url: `/v1/voices/${id}/settings/edit`,
        headers: alice.auth,
        payload: { stability: 0.3 },
      })
      expect(settings.statusCode).toBe(404)
      expect((await edit(alice, id, { name: 'Mine now' })).statusCode).toBe(404)
    }
    expect((await get(bob, `/v1/voices/${bobs}`)).json().name).not.toBe('Mine now')
  })
})

describe('premade voices are read-only', () => {
  it('cannot be deleted, edited, or have their settings changed', async () => {
    const attempts = [
      await del(alice, `/v1/voices/${premadeId}`),
      await edit(alice, premadeId, { name: 'Hijacked' }),
      await t.app.inject({
        method: 'POST',
        url: `/v1/voices/${premadeId}/settings/edit`,
        headers: alice.auth,
        payload: { stability: 0.1 },
      }),
      await del(alice, `/v1/voices/${premadeId}/samples/anything`),
    ]
    for (const res of attempts) {
      expect(res.statusCode).toBe(403)
      expect(res.json().detail).toMatchObject({ code: 'premade_voice_protected', param: 'voice_id' })
    }
    const voice = (await get(bob, `/v1/voices/${premadeId}`)).json()
    expect(voice.name).toBe(PREMADE_VOICES[0]!.name)
    expect(voice.settings.stability).toBe(0.5)
  })
})

describe('DELETE /v1/voices/{id}', () => {
  it('deletes the voice, its samples and their files', async () => {
    const id = await newVoice()
    expect((await edit(alice, id, { name: 'Doomed' }, [{ name: 'a.wav', data: toneWav() }])).statusCode).toBe(
      200,
    )
    const res = await del(alice, `/v1/voices/${id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
    expect((await get(alice, `/v1/voices/${id}`)).statusCode).toBe(404)
    expect((await del(alice, `/v1/voices/${id}`)).statusCode).toBe(404)
    const samples = await t.database.db
      .selectFrom('voice_samples')
      .selectAll()
      .where('voice_id', '=', id)
      .execute()
    expect(samples).toEqual([])
    const workspaceDir = join(t.dataDir, 'files', 'voices')
    const leftovers = readdirSync(workspaceDir, { recursive: true }).filter((f) => String(f).includes(id))
    expect(leftovers.filter((f) => String(f).endsWith('.wav'))).toEqual([])
  })
})

describe('voice settings', () => {
  it('GET /v1/voices/settings/default', async () => {
    const res = await get(alice, '/v1/voices/settings/default')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      stability: 0.5,
      similarity_boost: 0.75,
      style: 0,
      use_speaker_boost: true,
      speed: 1,
    })
  })

  it('saves a voice’s settings; fields left out keep their value; other workspaces see nothing', async () => {
    const id = await newVoice()
    const save = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/v1/voices/${id}/settings/edit`, headers: alice.auth, payload })
    const res = await save({
      stability: 0.3,
      similarity_boost: 0.9,
      style: 0.2,
      speed: 1.1,
      use_speaker_boost: false,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
    expect((await save({ stability: 0.4 })).statusCode).toBe(200)
    const expected = {
      stability: 0.4,
      similarity_boost: 0.9,
      style: 0.2,
      speed: 1.1,
      use_speaker_boost: false,
    }
    expect((await get(alice, `/v1/voices/${id}/settings`)).json()).toEqual(expected)
    expect((await get(alice, `/v1/voices/${id}`)).json().settings).toEqual(expected)
    expect((await get(bob, `/v1/voices/${id}/settings`)).statusCode).toBe(404)
    expect((await get(alice, `/v1/voices/${premadeId}/settings`)).json().stability).toBe(0.5)
  })

  it('refuses out-of-range or mistyped settings with 422 naming the field', async () => {
    const id = await newVoice()
    for (const [field, value] of [
      ['stability', 1.5],
      ['stability', -0.1],
      ['similarity_boost', 2],
      ['style', -1],
      ['speed', 0.5],
      ['speed', 1.3],
      ['use_speaker_boost', 'yes'],
      ['stability', 'high'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/voices/${id}/settings/edit`,
        headers: alice.auth,
        payload: { [field]: value },
      })
      expect(res.statusCode, `${field}=${value}`).toBe(422)
      expect(JSON.stringify(res.json().detail)).toContain(field)
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: `/v1/voices/${id}/settings/edit`,
      headers: { ...alice.auth, 'content-type': 'application/json' },
      payload: '{"stability": ',
    })
    expect(broken.statusCode).toBe(400)
    expect((await get(alice, `/v1/voices/${id}/settings`)).json().stability).toBe(0.5)
  })
})

describe('voice lookup and slots for text to speech and subscriptions', () => {
  it('finds premade and own voices only, and counts the workspace’s voices', async () => {
    const { createVoiceLookup } = await import('./voice-lookup.js')
    const { createVoicesRepository } = await import('./voices.repository.js')
    const voices = createVoicesRepository(t.database.db)
    const countVoiceSlots = (_db: unknown, workspaceId: string) => voices.countOwned(workspaceId)
    const { workspaceIdOf } = await import('../../../test/helpers/voice-factory.js')
    const lookup = createVoiceLookup(voices)
    const carol = await createUser(t.app, t.database, { verified: true })
    const carolWs = await workspaceIdOf(t.database.db, carol.userId)
    const dave = await createUser(t.app, t.database, { verified: true })
    const own = await newVoice(carol)
    await edit(carol, own, { name: 'Renamed' })
    const found = await lookup.findUsable(carolWs, own)
    expect(found).toMatchObject({ voiceId: own, name: 'Renamed', category: 'cloned', settings: null })
    expect(found?.definition).toMatchObject({ voice_id: own, name: 'Renamed', language: 'en' })
    expect(found?.definition).not.toHaveProperty('sample_options')
    expect((await lookup.findUsable(carolWs, premadeId))?.category).toBe('premade')
    expect(await lookup.findUsable(await workspaceIdOf(t.database.db, dave.userId), own)).toBeNull()
    expect(await lookup.findUsable(carolWs, 'unknownunknownunknow')).toBeNull()
    expect(await countVoiceSlots(t.database.db, carolWs)).toBe(1)
    await newVoice(carol)
    expect(await countVoiceSlots(t.database.db, carolWs)).toBe(2)
    expect(await countVoiceSlots(t.database.db, await workspaceIdOf(t.database.db, dave.userId))).toBe(0)
  })
})
