import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WHISPER_LANGUAGES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTinyWhisperModel } from '../../../../../packages/speech/test/helpers/tiny-whisper-model.js'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { multipartBody, toneWav } from '../../../test/helpers/voice-factory.js'

// The speech to text models a server offers: the default engine under the public API's ids and
// each Whisper model of the models directory under its own, each with the languages it
// understands; a request names a model and a language that model must understand, in either ISO
// 639 form, and is refused before any work otherwise.

const modelsDir = mkdtempSync(join(tmpdir(), 'timbre-stt-models-'))
writeFileSync(join(modelsDir, 'ggml-tiny.en.bin'), buildTinyWhisperModel())
writeFileSync(join(modelsDir, 'ggml-small.bin'), buildTinyWhisperModel({ vocabulary: 51865, layers: 12 }))
writeFileSync(join(modelsDir, 'ggml-broken.bin'), 'this was never a model, whatever its name says it is')

let t: TestApp
let user: TestUser
const WAV = toneWav(1)

async function transcribe(fields: Record<string, string>) {
  const body = await multipartBody(fields, [{ name: 'a.wav', data: WAV, type: 'audio/wav', field: 'file' }])
  return t.app.inject({
    method: 'POST',
    url: '/v1/speech-to-text',
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  })
}

beforeAll(async () => {
  t = await createTestApp({ env: { MODELS_DIR: modelsDir } })
  user = await createUser(t.app, t.database, { verified: true })
}, 60_000)
afterAll(async () => {
  await t?.close()
  rmSync(modelsDir, { recursive: true, force: true })
})

describe('speech to text models', () => {
  it('lists the default engine and the Whisper models with their languages, leaving out a broken file', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/v1/speech-to-text/models', headers: user.auth })
    expect(r.statusCode).toBe(200)
    const models = r.json().models as {
      model_id: string
      languages: string[]
      identifies_language: boolean
    }[]
    expect(models.map((m) => m.model_id)).toEqual([
      'scribe_v1',
      'scribe_v1_experimental',
      'scribe_v2',
      'whisper_small',
      'whisper_tiny_en',
    ])
    const byId = Object.fromEntries(models.map((m) => [m.model_id, m]))
    expect(byId.scribe_v1).toMatchObject({
      engine: 'pocketsphinx',
      languages: ['en'],
      identifies_language: false,
    })
    expect(byId.whisper_tiny_en).toMatchObject({
      languages: ['en'],
      identifies_language: false,
      size_bytes: 64_380,
    })
    expect(byId.whisper_small).toMatchObject({ identifies_language: true })
    expect(byId.whisper_small!.languages).toEqual(WHISPER_LANGUAGES.slice(0, 99))
  })

  it('refuses a model it does not have, naming those it has', async () => {
    const r = await transcribe({ model_id: 'whisper_large' })
    expect(r.statusCode).toBe(422)
    expect(r.json().detail.message).toContain('whisper_small, whisper_tiny_en')
  })

  it('takes a language in either ISO 639 form and refuses one the model does not understand', async () => {
    for (const code of ['en', 'ENG', 'eng']) {
      const r = await transcribe({ model_id: 'scribe_v1', language_code: code })
      expect(r.statusCode, code).toBe(200)
      expect(r.json().language_code).toBe('eng')
    }
    for (const [model, code] of [
      ['scribe_v1', 'de'],
      ['scribe_v1', 'deu'],
      ['whisper_tiny_en', 'fr'],
      ['whisper_small', 'xx'],
      ['whisper_small', 'zzz'],
    ] as const) {
      const r = await transcribe({ model_id: model, language_code: code })
      expect(r.statusCode, `${model} ${code}`).toBe(422)
      expect(r.json().detail.code).toBe('speech_to_text_unsupported_language')
    }
  })
})
