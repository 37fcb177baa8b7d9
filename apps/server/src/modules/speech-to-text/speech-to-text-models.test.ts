import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PREMADE_VOICES, WHISPER_LANGUAGES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeTinySherpaFolder } from '../../../../../packages/speech/test/helpers/tiny-sherpa-model.js'
import { buildTinyWhisperModel } from '../../../../../packages/speech/test/helpers/tiny-whisper-model.js'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { multipartBody, pcmWav, toneWav } from '../../../test/helpers/voice-factory.js'

// The speech to text models a server offers: the default engine under the public API's ids and
// each Whisper model and sherpa-onnx model folder of the models directory under its own, each with
// the languages it understands; a request names a model and a language that model must
// understand, in either ISO 639 form, and is refused before any work otherwise. A sherpa-onnx
// model runs in a worker process of its own: a broken model file kills that process only, and the
// model is listed and refused as unusable with the reason.

const modelsDir = mkdtempSync(join(tmpdir(), 'timbre-stt-models-'))
writeFileSync(join(modelsDir, 'ggml-tiny.en.bin'), buildTinyWhisperModel())
writeFileSync(join(modelsDir, 'ggml-small.bin'), buildTinyWhisperModel({ vocabulary: 51865, layers: 12 }))
writeFileSync(join(modelsDir, 'ggml-broken.bin'), 'this was never a model, whatever its name says it is')
writeTinySherpaFolder(join(modelsDir, 'sherpa-onnx-tdnn-yesno-en'))
writeTinySherpaFolder(join(modelsDir, 'sherpa-onnx-tdnn-broken'), { brokenModel: true })

let t: TestApp
let user: TestUser
const WAV = toneWav(1)

async function transcribe(fields: Record<string, string>, wav = WAV) {
  const body = await multipartBody(fields, [{ name: 'a.wav', data: wav, type: 'audio/wav', field: 'file' }])
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
      'sherpa_tdnn_broken',
      'sherpa_tdnn_yesno_en',
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

  it('lists a broken sherpa-onnx model as unusable with the reason, refuses it with 422, and keeps answering', async () => {
    const list = async () => {
      const r = await t.app.inject({ method: 'GET', url: '/v1/speech-to-text/models', headers: user.auth })
      expect(r.statusCode).toBe(200)
      type Listed = {
        model_id: string
        available: boolean
        unavailable_reason: string | null
        languages: string[]
      }
      return Object.fromEntries((r.json().models as Listed[]).map((m) => [m.model_id, m]))
    }
    const models = await list()
    expect(models.sherpa_tdnn_yesno_en).toMatchObject({
      engine: 'sherpa-onnx',
      languages: ['en'],
      available: true,
      unavailable_reason: null,
    })
    expect(models.sherpa_tdnn_broken!.available).toBe(false)
    expect(models.sherpa_tdnn_broken!.unavailable_reason).toMatch(/cannot be used: .*Protobuf parsing failed/)

    const refused = await transcribe({ model_id: 'sherpa_tdnn_broken' })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().detail.code).toBe('speech_to_text_model_unusable')
    expect(refused.json().detail.message).toMatch(/Protobuf parsing failed/)
    expect((await list()).sherpa_tdnn_yesno_en!.available).toBe(true)

    // The tiny model hears each loud stretch of speech as one `Y`.
    const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!
    const speech = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${emma.voice_id}?output_format=pcm_16000`,
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: { text: 'Good morning. The models run apart from the server.' },
    })
    expect(speech.statusCode).toBe(200)
    const heard = await transcribe({ model_id: 'sherpa_tdnn_yesno_en' }, pcmWav(speech.rawPayload, 16_000))
    expect(heard.statusCode).toBe(200)
    const words = (heard.json().words as { type: string; text: string; start: number }[]).filter(
      (w) => w.type === 'word',
    )
    expect(words.length).toBeGreaterThan(0)
    expect(new Set(words.map((w) => w.text))).toEqual(new Set(['Y']))
  }, 60_000)

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
