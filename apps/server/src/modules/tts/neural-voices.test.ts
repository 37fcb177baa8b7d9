import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { KOKORO_MODEL_ID, PIPER_MODEL_ID } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildTinyKokoroModel,
  tinyKokoroConfig,
  voicePack,
  voicesArchive,
} from '../../../../../packages/speech/test/helpers/tiny-kokoro-model.js'
import {
  buildTinyPiperModel,
  tinyPiperConfig,
} from '../../../../../packages/speech/test/helpers/tiny-piper-model.js'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { characterCount, setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Neural voices from the models directory, through the API and the official SDK: a Piper model
// (a tiny one the test builds, with Piper's inputs and output) appears as a voice and a model;
// a corrupt file beside it is left out without harming the rest; a voice whose files were
// removed is refused before anything is charged.

let t: TestApp
let user: TestUser
let workspaceId: string
let client: ElevenLabsClient
let modelsDir: string

beforeAll(async () => {
  // The models directory defaults to DATA_DIR/models; the test app makes its own DATA_DIR, so
  // the files go to a directory named by MODELS_DIR.
  modelsDir = mkdtempSync(join(tmpdir(), 'timbre-models-'))
  writeFileSync(join(modelsDir, 'en_US-tiny-x_low.onnx'), buildTinyPiperModel())
  writeFileSync(join(modelsDir, 'en_US-tiny-x_low.onnx.json'), JSON.stringify(tinyPiperConfig()))
  writeFileSync(join(modelsDir, 'broken.onnx'), new Uint8Array(4096).fill(3))
  writeFileSync(join(modelsDir, 'broken.onnx.json'), JSON.stringify(tinyPiperConfig()))
  const kokoro = join(modelsDir, 'kokoro-v1.0')
  mkdirSync(kokoro)
  writeFileSync(join(kokoro, 'config.json'), JSON.stringify(tinyKokoroConfig()))
  writeFileSync(join(kokoro, 'kokoro-v1.0.onnx'), buildTinyKokoroModel())
  writeFileSync(
    join(kokoro, 'voices-v1.0.bin'),
    voicesArchive({ bf_emma: voicePack(0.3), am_adam: voicePack(0.2) }),
  )
  t = await createTestApp({ env: { MODELS_DIR: modelsDir } })
  user = await createUser(t.app, t.database, { verified: true })
  workspaceId = await setPlan(t.database, user.userId, {})
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', permissions: ['voices', 'models', 'text-to-speech'] },
  })
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address })
})
afterAll(async () => {
  await t?.close()
  rmSync(modelsDir, { recursive: true, force: true })
})

async function tinyVoiceId(): Promise<string> {
  const page = await client.voices.search({ search: 'Tiny' })
  const voice = page.voices.find((v) => v.name === 'Tiny')
  expect(voice).toBeDefined()
  return voice!.voiceId
}

describe('neural voices from the models directory', () => {
  it('lists the Piper model and its voice; the corrupt file is left out and the premade voices remain', async () => {
    const models = await client.models.list()
    const piper = models.find((m) => m.modelId === PIPER_MODEL_ID)
    expect(piper).toMatchObject({
      canDoTextToSpeech: true,
      languages: [{ languageId: 'en', name: 'English' }],
    })
    expect(piper!.description).toMatch(/Piper model files in the models directory/)
    expect(models[0]!.modelId).toBe('eleven_multilingual_v2')
    expect(models[0]!.description).toMatch(/Neural voices \(Piper, Kokoro\) from the models directory/)

    const voice = await client.voices.get(await tinyVoiceId())
    expect(voice).toMatchObject({ name: 'Tiny', category: 'premade', labels: { language: 'en' } })
    expect(voice.description).toContain('en_US-tiny-x_low.onnx')
    expect(voice.verifiedLanguages?.map((l) => l.modelId)).toContain(PIPER_MODEL_ID)
    const all = await client.voices.search({ pageSize: 100 })
    const emma = all.voices.find((v) => v.name === 'Emma')
    // A premade voice cannot speak on the Piper model, so it is not listed as verified there.
    expect(emma?.verifiedLanguages?.map((l) => l.modelId)).not.toContain(PIPER_MODEL_ID)
    expect(all.voices.some((v) => v.description?.includes('broken.onnx'))).toBe(false)
  })

  it('speaks through the SDK on the Piper model, charging one credit per character', async () => {
    const voiceId = await tinyVoiceId()
    const before = await characterCount(t.database, workspaceId)
    const text = 'A neural voice from a local model file.'
    const stream = await client.textToSpeech.convert(voiceId, {
      text,
      modelId: PIPER_MODEL_ID,
      outputFormat: 'pcm_16000',
    })
    let bytes = 0
    for await (const chunk of stream) bytes += chunk.length
    expect(bytes / 2 / 16000).toBeGreaterThan(0.5)
    expect(await characterCount(t.database, workspaceId)).toBe(before + text.length)
  })

  it('refuses other voices on the Piper model, and the Piper voice in another language', async () => {
    const emma = await client.voices.search({ search: 'Emma' })
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${emma.voices[0]!.voiceId}`,
      headers: user.auth,
      payload: { text: 'Hello.', model_id: PIPER_MODEL_ID },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatchObject({ code: 'invalid_voice', param: 'voice_id' })
    const other = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${await tinyVoiceId()}`,
      headers: user.auth,
      payload: { text: 'Bonjour.', language_code: 'fr' },
    })
    expect(other.json().detail.message).toMatch(/cannot speak 'fr'/)
  })

  it('a voice whose model files were removed: a clear 400, nothing charged', async () => {
    const voiceId = await tinyVoiceId()
    const model = join(modelsDir, 'en_US-tiny-x_low.onnx')
    const before = await characterCount(t.database, workspaceId)
    const ledger = () =>
      t.database.db.selectFrom('credit_ledger').select('id').where('workspace_id', '=', workspaceId).execute()
    const entries = (await ledger()).length
    renameSync(model, `${model}.away`)
    try {
      for (const path of ['', '/stream', '/with-timestamps']) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/v1/text-to-speech/${voiceId}${path}`,
          headers: user.auth,
          payload: { text: 'Nobody will hear this.' },
        })
        expect(res.statusCode, path).toBe(400)
        expect(res.json().detail, path).toMatchObject({ code: 'invalid_voice', param: 'voice_id' })
        expect(res.json().detail.message).toMatch(/en_US-tiny-x_low.onnx .*no longer in the models directory/)
      }
      expect(await characterCount(t.database, workspaceId)).toBe(before)
      // Refused before any reservation: not even a released entry in the ledger.
      expect((await ledger()).length).toBe(entries)
    } finally {
      renameSync(`${model}.away`, model)
    }
  })

  it('lists Kokoro voices under their model, speaks charging per character, and refuses a removed voice file with nothing charged', async () => {
    const models = await client.models.list()
    expect(models.find((m) => m.modelId === KOKORO_MODEL_ID)).toMatchObject({
      canDoTextToSpeech: true,
      languages: [{ languageId: 'en', name: 'English' }],
    })
    const page = await client.voices.search({ search: 'Kokoro' })
    const emma = page.voices.find((v) => v.name === 'Kokoro Emma')
    expect(emma).toMatchObject({ labels: { language: 'en', gender: 'female', accent: 'GB' } })
    expect(page.voices.find((v) => v.name === 'Kokoro Adam')?.labels).toMatchObject({
      gender: 'male',
      accent: 'US',
    })

    const before = await characterCount(t.database, workspaceId)
    const text = 'A Kokoro voice from a local model folder.'
    const stream = await client.textToSpeech.convert(emma!.voiceId, {
      text,
      modelId: KOKORO_MODEL_ID,
      outputFormat: 'pcm_24000',
    })
    let bytes = 0
    for await (const chunk of stream) bytes += chunk.length
    expect(bytes / 2 / 24000).toBeGreaterThan(0.5)
    expect(await characterCount(t.database, workspaceId)).toBe(before + text.length)

    const voices = join(modelsDir, 'kokoro-v1.0', 'voices-v1.0.bin')
    const charged = await characterCount(t.database, workspaceId)
    renameSync(voices, `${voices}.away`)
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/text-to-speech/${emma!.voiceId}/stream`,
        headers: user.auth,
        payload: { text: 'Nobody will hear this.', model_id: KOKORO_MODEL_ID },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().detail).toMatchObject({ code: 'invalid_voice', param: 'voice_id' })
      expect(res.json().detail.message).toMatch(/voices-v1.0.bin is no longer in the models directory/)
      expect(await characterCount(t.database, workspaceId)).toBe(charged)
    } finally {
      renameSync(`${voices}.away`, voices)
    }
  })
})
