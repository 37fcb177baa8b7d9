import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { createWorkspaceVoice, toneWav } from '../../../test/helpers/voice-factory.js'

// The official SDK against a listening server, with only the base URL changed: its voice
// search and get calls and the models call must work.

let t: TestApp
let client: ElevenLabsClient
let ownVoice: string

beforeAll(async () => {
  t = await createTestApp()
  const user = await createUser(t.app, t.database, { verified: true })
  ownVoice = (await createWorkspaceVoice(t.database.db, { userId: user.userId, name: 'SDK voice' })).id
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', permissions: ['voices', 'models'] },
  })
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address })
})
afterAll(() => t?.close())

describe('@elevenlabs/elevenlabs-js against Timbre', () => {
  it('models.list', async () => {
    const models = await client.models.list()
    expect(models[0]).toMatchObject({
      modelId: 'eleven_multilingual_v2',
      canDoTextToSpeech: true,
      maxCharactersRequestFreeUser: 2500,
      maxCharactersRequestSubscribedUser: 5000,
      modelRates: { characterCostMultiplier: 1 },
    })
    expect(models[0]!.languages).toContainEqual({ languageId: 'de', name: 'German' })
  })

  it('voices.getAll and voices.get', async () => {
    const all = await client.voices.getAll({ showLegacy: true })
    expect(all.voices).toHaveLength(PREMADE_VOICES.length + 1)
    const voice = await client.voices.get(ownVoice)
    expect(voice).toMatchObject({ voiceId: ownVoice, name: 'SDK voice', category: 'cloned', isOwner: true })
    expect(voice.voiceVerification).toMatchObject({ requiresVerification: false, isVerified: false })
    expect(voice.verifiedLanguages?.[0]).toMatchObject({ language: 'en', modelId: 'eleven_multilingual_v2' })
    expect(voice.settings).toMatchObject({ stability: 0.5, similarityBoost: 0.75, useSpeakerBoost: true })
  })

  it('voices.search pages with nextPageToken', async () => {
    const seen: string[] = []
    let token: string | undefined
    let pages = 0
    do {
      const page = await client.voices.search({ pageSize: 10, nextPageToken: token, includeTotalCount: true })
      expect(page.totalCount).toBe(PREMADE_VOICES.length + 1)
      seen.push(...page.voices.map((v) => v.voiceId))
      token = page.hasMore ? page.nextPageToken : undefined
      pages++
    } while (token)
    expect(pages).toBe(Math.ceil((PREMADE_VOICES.length + 1) / 10))
    expect(new Set(seen).size).toBe(PREMADE_VOICES.length + 1)
    const found = await client.voices.search({ search: 'SDK voice', voiceType: 'personal' })
    expect(found.voices.map((v) => v.voiceId)).toEqual([ownVoice])
  })

  it('settings, edit with a sample, sample audio, delete', async () => {
    expect(await client.voices.settings.getDefault()).toMatchObject({ stability: 0.5, speed: 1 })
    await client.voices.settings.update(ownVoice, { stability: 0.35, speed: 1.1 })
    expect(await client.voices.settings.get(ownVoice)).toMatchObject({ stability: 0.35, speed: 1.1 })

    const wav = toneWav(0.4)
    const edited = await client.voices.update(ownVoice, {
      name: 'SDK voice, edited',
      description: 'Edited through the SDK',
      labels: { accent: 'british' },
      removeBackgroundNoise: false,
      files: [new File([new Uint8Array(wav)], 'take.wav', { type: 'audio/wav' })],
    })
    expect(edited.status).toBe('ok')
    const voice = await client.voices.get(ownVoice)
    expect(voice).toMatchObject({ name: 'SDK voice, edited', labels: { accent: 'british' } })
    const sample = voice.samples![0]!
    expect(sample).toMatchObject({ fileName: 'take.wav', mimeType: 'audio/wav', sizeBytes: wav.length })

    const stream = await client.voices.samples.audio.get(ownVoice, sample.sampleId!)
    const bytes = Buffer.from(await new Response(stream).arrayBuffer())
    expect(bytes.equals(wav)).toBe(true)

    expect((await client.voices.delete(ownVoice)).status).toBe('ok')
    await expect(client.voices.get(ownVoice)).rejects.toSatisfy(
      (error: unknown) => error instanceof ElevenLabsError && error.statusCode === 404,
    )
  })

  it('refuses to edit a premade voice with a 403 the SDK surfaces', async () => {
    await expect(client.voices.delete(PREMADE_VOICES[0]!.voice_id)).rejects.toSatisfy(
      (error: unknown) =>
        error instanceof ElevenLabsError &&
        error.statusCode === 403 &&
        JSON.stringify(error.body).includes('premade_voice_protected'),
    )
  })
})
