import { TTS_MAX_CHARACTERS_FREE, TTS_MAX_CHARACTERS_SUBSCRIBED } from '@timbre/contract'
import { MODEL_PROFILES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import type { ModelView } from './models.schemas.js'

let t: TestApp
let user: TestUser

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
})
afterAll(() => t?.close())

const list = async () => {
  const res = await t.app.inject({ url: '/v1/models', headers: user.auth })
  expect(res.statusCode).toBe(200)
  return res.json() as ModelView[]
}

describe('GET /v1/models', () => {
  it('lists every model of the catalogue, the default first, with the public API’s fields', async () => {
    const models = await list()
    expect(models.map((m) => m.model_id)).toEqual(Object.keys(MODEL_PROFILES))
    expect(models[0]!.model_id).toBe('eleven_multilingual_v2')
    for (const m of models) {
      expect(Object.keys(m).sort()).toEqual(
        [
          'model_id',
          'name',
          'description',
          'can_be_finetuned',
          'can_do_text_to_speech',
          'can_do_voice_conversion',
          'can_use_style',
          'can_use_speaker_boost',
          'serves_pro_voices',
          'token_cost_factor',
          'requires_alpha_access',
          'max_characters_request_free_user',
          'max_characters_request_subscribed_user',
          'maximum_text_length_per_request',
          'languages',
          'model_rates',
          'concurrency_group',
        ].sort(),
      )
    }
  })

  it('states the limits and costs of the spec', async () => {
    const byId = new Map((await list()).map((m) => [m.model_id, m]))
    const v2 = byId.get('eleven_multilingual_v2')!
    expect(v2).toMatchObject({
      name: 'Multilingual v2',
      can_do_text_to_speech: true,
      can_do_voice_conversion: false,
      max_characters_request_free_user: TTS_MAX_CHARACTERS_FREE,
      max_characters_request_subscribed_user: TTS_MAX_CHARACTERS_SUBSCRIBED,
      maximum_text_length_per_request: MODEL_PROFILES.eleven_multilingual_v2!.maxCharacters,
      model_rates: { character_cost_multiplier: 1 },
      token_cost_factor: 1,
      concurrency_group: 'standard',
      requires_alpha_access: false,
    })
    expect(v2.max_characters_request_free_user).toBe(2500)
    expect(v2.max_characters_request_subscribed_user).toBe(5000)
    for (const id of ['eleven_turbo_v2_5', 'eleven_flash_v2_5', 'eleven_turbo_v2', 'eleven_flash_v2']) {
      expect(byId.get(id)).toMatchObject({
        model_rates: { character_cost_multiplier: 0.5 },
        concurrency_group: 'turbo',
      })
    }
    expect(byId.get('eleven_v3')!.model_rates.character_cost_multiplier).toBe(1)
    expect(byId.get('eleven_english_sts_v2')).toMatchObject({
      can_do_text_to_speech: false,
      can_do_voice_conversion: true,
    })
  })

  it('names each language and says honestly which engine serves the model', async () => {
    const byId = new Map((await list()).map((m) => [m.model_id, m]))
    const v2 = byId.get('eleven_multilingual_v2')!
    expect(v2.languages).toContainEqual({ language_id: 'en', name: 'English' })
    expect(v2.languages).toContainEqual({ language_id: 'ja', name: 'Japanese' })
    expect(v2.languages).toContainEqual({ language_id: 'uk', name: 'Ukrainian' })
    for (const l of v2.languages) expect(l.name).not.toBe(l.language_id)
    expect(byId.get('eleven_turbo_v2')!.languages).toEqual([{ language_id: 'en', name: 'English' }])
    expect(byId.get('eleven_v3')!.languages.length).toBeGreaterThan(70)
    for (const m of byId.values()) {
      if (m.can_do_text_to_speech) expect(m.description).toMatch(/Flite.*eSpeak NG/)
      expect(m.description).not.toMatch(/neural network model serves/i)
    }
  })

  it('tells how the engines sound and how many languages each engine speaks', async () => {
    const v3 = (await list()).find((m) => m.model_id === 'eleven_v3')!
    expect(v3.description).toMatch(/^No neural model: .* synthetic\./)
    expect(v3.description).toContain(
      `the other ${v3.languages.length - 1} languages: eSpeak NG formant synthesis`,
    )
    expect(v3.description).toMatch(/robotic/)
    const flash = (await list()).find((m) => m.model_id === 'eleven_flash_v2')!
    expect(flash.description).toMatch(/English only: Flite .* Low-latency path/)
  })

  it('needs the models scope with an API key', async () => {
    const key = async (permissions: string[]) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/user/api-keys',
          headers: user.auth,
          payload: { name: permissions.join(','), permissions },
        })
      ).json().api_key as string
    const models = await key(['models'])
    const voices = await key(['voices'])
    expect((await t.app.inject({ url: '/v1/models', headers: { 'xi-api-key': models } })).statusCode).toBe(
      200,
    )
    const refused = await t.app.inject({ url: '/v1/models', headers: { 'xi-api-key': voices } })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().detail.code).toBe('missing_permissions')
    expect((await t.app.inject({ url: '/v1/models' })).statusCode).toBe(401)
  })
})
