import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mp3FrameInfo, pcm16Rms } from '../../../test/helpers/audio-checks.js'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { characterCount, setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

let t: TestApp
let user: TestUser
let workspaceId: string
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!
const lena = PREMADE_VOICES.find((v) => v.name === 'Lena')!

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  workspaceId = await setPlan(t.database, user.userId, {})
})
afterAll(() => t?.close())

const tts = (path: string, payload: Record<string, unknown>, headers = user.auth) =>
  t.app.inject({ method: 'POST', url: `/v1/text-to-speech/${path}`, headers, payload })

describe('POST /v1/text-to-speech/{voice_id}', () => {
  it('returns MP3 audio, charges one credit per character and logs a history item', async () => {
    const before = await characterCount(t.database, workspaceId)
    const text = 'Hello from Timbre. This is a test.'
    const res = await tts(emma.voice_id, { text })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('audio/mpeg')
    expect(res.headers['request-id']).toBeTruthy()
    const info = mp3FrameInfo(res.rawPayload)
    expect(info).toEqual({ sampleRate: 44100, bitrateKbps: 128 })
    // About 2 s of speech at 128 kbps is well over 20 kB.
    expect(res.rawPayload.length).toBeGreaterThan(20_000)
    expect(await characterCount(t.database, workspaceId)).toBe(before + text.length)
    const item = await t.database.db
      .selectFrom('history_items')
      .selectAll()
      .where('id', '=', String(res.headers['history-item-id']))
      .executeTakeFirstOrThrow()
    expect(item).toMatchObject({
      text,
      voice_id: emma.voice_id,
      voice_name: 'Emma',
      model_id: 'eleven_multilingual_v2',
      request_id: res.headers['request-id'],
      character_count_change_from: before,
      character_count_change_to: before + text.length,
    })
  })

  it('speaks PCM at the requested rate, non-silent', async () => {
    const res = await tts(`${lena.voice_id}?output_format=pcm_16000`, {
      text: 'Guten Morgen, wie geht es dir?',
    })
    expect(res.statusCode).toBe(200)
    const seconds = res.rawPayload.length / 2 / 16000
    expect(seconds).toBeGreaterThan(1)
    expect(seconds).toBeLessThan(6)
    expect(pcm16Rms(res.rawPayload)).toBeGreaterThan(0.01)
  })

  it('halves the cost on flash and turbo models', async () => {
    const before = await characterCount(t.database, workspaceId)
    const text = 'Fast model, half price.'
    const res = await tts(emma.voice_id, { text, model_id: 'eleven_flash_v2_5' })
    expect(res.statusCode).toBe(200)
    expect(await characterCount(t.database, workspaceId)).toBe(before + Math.ceil(text.length / 2))
  })

  it('enable_logging=false keeps no history item but still charges', async () => {
    const before = await characterCount(t.database, workspaceId)
    const res = await tts(`${emma.voice_id}?enable_logging=false`, { text: 'Zero retention.' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['history-item-id']).toBeUndefined()
    expect(await characterCount(t.database, workspaceId)).toBe(before + 'Zero retention.'.length)
  })

  it('the same seed gives the same bytes', async () => {
    const body = { text: 'Deterministic output.', seed: 42, model_id: 'eleven_turbo_v2_5' }
    const a = await tts(`${emma.voice_id}?enable_logging=false`, body)
    const b = await tts(`${emma.voice_id}?enable_logging=false`, body)
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0)
  })
})

describe('streaming and timestamps', () => {
  it('/stream sends valid MP3 and logs the item', async () => {
    const res = await tts(`${emma.voice_id}/stream`, {
      text: 'First sentence. Second sentence. Third one here.',
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['transfer-encoding']).toBe('chunked')
    expect(mp3FrameInfo(res.rawPayload)?.sampleRate).toBe(44100)
    expect(res.headers['history-item-id']).toBeTruthy()
  })

  it('/with-timestamps aligns every character of the text, monotonic', async () => {
    const text = 'Timing test, one two three.'
    const res = await tts(`${emma.voice_id}/with-timestamps`, { text })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(Buffer.from(body.audio_base64, 'base64').length).toBeGreaterThan(1000)
    expect(body.alignment.characters.join('')).toBe(text)
    const starts: number[] = body.alignment.character_start_times_seconds
    for (let i = 1; i < starts.length; i++) expect(starts[i]).toBeGreaterThanOrEqual(starts[i - 1]!)
    expect(body.normalized_alignment.characters.length).toBeGreaterThan(0)
  })

  it('/stream/with-timestamps sends one JSON object per line', async () => {
    const text = 'Line one is here. Line two follows. And a third.'
    const res = await tts(`${emma.voice_id}/stream/with-timestamps?output_format=pcm_22050`, { text })
    expect(res.statusCode).toBe(200)
    expect(res.body.endsWith('\n')).toBe(true)
    const lines = res.body
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.length).toBeGreaterThanOrEqual(2)
    const chars = lines.flatMap((l) => l.alignment?.characters ?? []).join('')
    expect(chars).toBe(text)
    for (const l of lines) expect(typeof l.audio_base64).toBe('string')
  })
})

describe('bad input charges nothing', () => {
  it.each([
    ['unknown voice', 'NoSuchVoice000000000', { text: 'hi' }, 404, 'voice_not_found'],
    ['unknown model', null, { text: 'hi', model_id: 'eleven_nope' }, 400, 'model_not_found'],
    [
      'speech-to-speech model',
      null,
      { text: 'hi', model_id: 'eleven_english_sts_v2' },
      400,
      'model_cannot_do_text_to_speech',
    ],
    ['empty text', null, { text: '' }, 400, 'text_empty'],
    ['whitespace text', null, { text: '   \n ' }, 400, 'text_empty'],
    [
      'English-only model, German voice',
      'LENA',
      { text: 'Hallo', model_id: 'eleven_flash_v2' },
      400,
      'unsupported_language',
    ],
    ['stability out of range', null, { text: 'hi', voice_settings: { stability: 2 } }, 422, null],
    ['speed out of range', null, { text: 'hi', voice_settings: { speed: 3 } }, 422, null],
    ['text of the wrong type', null, { text: 42 }, 422, null],
    [
      'over the free per-request maximum',
      null,
      { text: 'a'.repeat(2501) },
      400,
      'max_character_limit_exceeded',
    ],
  ])('%s', async (_name, voice, payload, status, code) => {
    const before = await characterCount(t.database, workspaceId)
    const id = voice === 'LENA' ? lena.voice_id : (voice ?? emma.voice_id)
    const res = await tts(id, payload)
    expect(res.statusCode).toBe(status)
    if (code) expect(res.json().detail.code).toBe(code)
    expect(await characterCount(t.database, workspaceId)).toBe(before)
  })

  it('an unknown output format is a 422', async () => {
    const res = await tts(`${emma.voice_id}?output_format=flac_99`, { text: 'hi' })
    expect(res.statusCode).toBe(422)
    expect(res.json().detail.code).toBe('invalid_output_format')
  })

  it('a text within the quota passes, one over it answers quota_exceeded and charges nothing', async () => {
    const other = await createUser(t.app, t.database, { verified: true })
    const ws = await setPlan(t.database, other.userId, { characterCount: 9_990, characterLimit: 10_000 })
    const over = await tts(emma.voice_id, { text: 'This text is longer than ten.' }, other.auth)
    expect(over.statusCode).toBe(401)
    expect(over.json().detail.code).toBe('quota_exceeded')
    expect(await characterCount(t.database, ws)).toBe(9_990)
    const fits = await tts(emma.voice_id, { text: 'Ten chars!' }, other.auth)
    expect(fits.statusCode).toBe(200)
    expect(await characterCount(t.database, ws)).toBe(10_000)
  })

  it('a failure after synthesis (storage broken) releases the reservation', async () => {
    const other = await createUser(t.app, t.database, { verified: true })
    const ws = await setPlan(t.database, other.userId, {})
    const { mkdirSync, writeFileSync, rmSync } = await import('node:fs')
    const { join } = await import('node:path')
    const storageRoot = join(t.dataDir, 'files', 'history')
    mkdirSync(join(t.dataDir, 'files'), { recursive: true })
    rmSync(storageRoot, { recursive: true, force: true })
    writeFileSync(storageRoot, 'not a directory')
    try {
      const res = await tts(emma.voice_id, { text: 'Nobody will hear this.' }, other.auth)
      expect(res.statusCode).toBe(500)
      expect(await characterCount(t.database, ws)).toBe(0)
      const ledger = await t.database.db
        .selectFrom('credit_ledger')
        .select('state')
        .where('workspace_id', '=', ws)
        .execute()
      expect(ledger.map((l) => l.state)).toEqual(['released'])
    } finally {
      rmSync(storageRoot, { force: true })
    }
  })
})

describe('API keys and scopes', () => {
  it('a key without text-to-speech is refused; a credit-limited key stops at its limit', async () => {
    const create = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/v1/user/api-keys', headers: user.auth, payload })
    const noScope = (await create({ name: 'voices only', permissions: ['voices'] })).json().api_key
    const refused = await tts(emma.voice_id, { text: 'hi' }, { 'xi-api-key': noScope } as never)
    expect(refused.statusCode).toBe(403)

    const limited = (
      await create({ name: 'limited', permissions: ['text-to-speech'], character_limit: 50 })
    ).json().api_key
    const headers = { 'xi-api-key': limited } as never
    // Different texts: a repeat of the same text would be a free regeneration.
    expect((await tts(emma.voice_id, { text: 'Twenty characters o1' }, headers)).statusCode).toBe(200)
    expect((await tts(emma.voice_id, { text: 'Twenty characters o2' }, headers)).statusCode).toBe(200)
    const third = await tts(emma.voice_id, { text: 'Twenty characters o3' }, headers)
    expect(third.statusCode).toBe(401)
    expect(third.json().detail.code).toBe('quota_exceeded')
  })
})

describe('free regenerations', () => {
  it('two repeats of a paid request are free, the third is charged again', async () => {
    const other = await createUser(t.app, t.database, { verified: true })
    const ws = await setPlan(t.database, other.userId, {})
    const text = 'Regenerate me, please.'
    const counts: number[] = []
    for (let i = 0; i < 4; i++) {
      const res = await tts(`${emma.voice_id}?enable_logging=false`, { text }, other.auth)
      expect(res.statusCode).toBe(200)
      counts.push(await characterCount(t.database, ws))
    }
    const n = text.length
    expect(counts).toEqual([n, n, n, 2 * n])
  })
})
