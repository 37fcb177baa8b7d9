import { createSpeechService, type SpeechService } from '@timbre/speech'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import {
  createHistoryItem,
  createHistoryTestApp,
  type HistoryItemOptions,
  type HistoryTestApp,
  workspaceOf,
} from '../../../test/helpers/history-factory.js'

let t: HistoryTestApp
let speech: SpeechService
let alice: TestUser
let bob: TestUser
let aliceWs: string
let bobWs: string

beforeAll(async () => {
  t = await createHistoryTestApp()
  speech = createSpeechService({ workers: 1 })
  alice = await createUser(t.app, t.database, { verified: true })
  bob = await createUser(t.app, t.database, { verified: true })
  aliceWs = await workspaceOf(t.database.db, alice.userId)
  bobWs = await workspaceOf(t.database.db, bob.userId)
})
afterAll(async () => {
  await speech?.close()
  await t?.close()
})

const item = (options: Partial<HistoryItemOptions> = {}) =>
  createHistoryItem({ db: t.database.db, storage: t.storage }, { workspaceId: aliceWs, ...options })

const download = (user: TestUser, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/history/download',
    headers: user.auth,
    payload: payload as object,
  })

interface Wav {
  sampleRate: number
  channels: number
  bitsPerSample: number
  dataBytes: number
  samples: Int16Array
}

function readWav(bytes: Uint8Array): Wav {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const ascii = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4))
  expect(ascii(0)).toBe('RIFF')
  expect(ascii(8)).toBe('WAVE')
  expect(ascii(36)).toBe('data')
  expect(view.getUint32(4, true)).toBe(bytes.length - 8)
  const dataBytes = view.getUint32(40, true)
  expect(dataBytes).toBe(bytes.length - 44)
  const samples = new Int16Array(dataBytes / 2)
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(44 + i * 2, true)
  return {
    channels: view.getUint16(22, true),
    sampleRate: view.getUint32(24, true),
    bitsPerSample: view.getUint16(34, true),
    dataBytes,
    samples,
  }
}

const rms = (samples: Int16Array) =>
  Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length) / 32768

function dispositionName(header: string | string[] | undefined): string {
  const match = /filename\*=UTF-8''([^;]+)/.exec(String(header))
  return decodeURIComponent(match?.[1] ?? '')
}

describe('POST /v1/history/download', () => {
  it('one item: its stored audio with the generated download name', async () => {
    const row = await item({
      settings: { stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true, speed: 1 },
      createdAt: new Date('2026-03-04T05:06:07.890Z'),
    })
    const res = await download(alice, { history_item_ids: [row.id] })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('audio/mpeg')
    expect(res.rawPayload.equals((await t.storage.get(row.storage_key)) as Buffer)).toBe(true)
    const voice = row.voice_name.replace(/\s+/g, '_')
    expect(dispositionName(res.headers['content-disposition'])).toBe(
      `Timbre_20260304T050607Z_${voice}_pre_s50_sb75_se0_b_m2.mp3`,
    )
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Timbre_20260304T050607Z_/)
    // `default` and `mp3` mean the same as no format.
    for (const output_format of ['default', 'mp3', null]) {
      const same = await download(alice, { history_item_ids: [row.id], output_format })
      expect(same.rawPayload.equals(res.rawPayload)).toBe(true)
    }
  })

  it('output_format wav converts synthesised MP3 speech to a WAV file at the source rate', async () => {
    const row = await item({ text: 'The quick brown fox jumps over the lazy dog.', speech })
    const res = await download(alice, { history_item_ids: [row.id], output_format: 'wav' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('audio/wav')
    expect(dispositionName(res.headers['content-disposition'])).toMatch(/\.wav$/)
    const wav = readWav(res.rawPayload)
    expect(wav).toMatchObject({ sampleRate: 44100, channels: 1, bitsPerSample: 16 })
    // Same length as the speech (within MP3 padding) and clearly audible.
    expect(Math.abs(wav.samples.length / 44100 - row.duration_seconds)).toBeLessThan(0.2)
    expect(rms(wav.samples)).toBeGreaterThan(0.01)
    // The item's alignments come from the engine.
    const got = await t.app.inject({ url: `/v1/history/${row.id}`, headers: alice.auth })
    const alignments = got.json().alignments
    expect(alignments.alignment.characters.join('')).toBe('The quick brown fox jumps over the lazy dog.')
    expect(alignments.alignment.character_end_times_seconds.at(-1)).toBeGreaterThan(1)
    // A list page leaves them out: they come with the one item read.
    const page = await t.app.inject({ url: '/v1/history', headers: alice.auth })
    const listed = page.json().history.find((h: { history_item_id: string }) => h.history_item_id === row.id)
    expect(listed).toMatchObject({ history_item_id: row.id, alignments: null, text: row.text })
  })

  it('wav from PCM, µ-law and WAV items', async () => {
    for (const [outputFormat, rate] of [
      ['pcm_16000', 16000],
      ['ulaw_8000', 8000],
      ['wav_22050', 22050],
    ] as const) {
      const row = await item({ outputFormat })
      const res = await download(alice, { history_item_ids: [row.id], output_format: 'wav' })
      expect(res.statusCode, outputFormat).toBe(200)
      const wav = readWav(res.rawPayload)
      expect(wav.sampleRate, outputFormat).toBe(rate)
      expect(wav.samples.length, outputFormat).toBe(Math.round(rate * 0.3))
      expect(rms(wav.samples), outputFormat).toBeGreaterThan(0.1)
    }
  })

  it('several items: a zip whose entries are the audio under unique generated names', async () => {
    const at = new Date('2026-05-01T10:00:00Z')
    const rows = [
      await item({ createdAt: at }),
      await item({ createdAt: at }),
      await item({ outputFormat: 'pcm_22050', voiceCategory: 'cloned', modelId: 'eleven_flash_v2_5' }),
    ]
    const ids = rows.map((r) => r.id)
    const res = await download(alice, { history_item_ids: [...ids, ids[0]] })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    expect(dispositionName(res.headers['content-disposition'])).toMatch(/^Timbre_\d{8}T\d{6}Z_history\.zip$/)
    const entries = unzipSync(new Uint8Array(res.rawPayload))
    const names = Object.keys(entries)
    expect(names).toHaveLength(3)
    const voice = rows[0]?.voice_name.replace(/\s+/g, '_')
    expect(names[0]).toBe(`Timbre_20260501T100000Z_${voice}_pre_s50_sb75_se0_b_m2.mp3`)
    expect(names[1]).toBe(`Timbre_20260501T100000Z_${voice}_pre_s50_sb75_se0_b_m2_2.mp3`)
    expect(names[2]).toMatch(/_ivc_s50_sb75_se0_b_f2_5\.pcm$/)
    for (const [index, row] of rows.entries()) {
      const stored = (await t.storage.get(row.storage_key)) as Buffer
      expect(Buffer.from(entries[names[index] ?? ''] ?? []).equals(stored)).toBe(true)
    }

    const asWav = await download(alice, { history_item_ids: ids, output_format: 'wav' })
    const wavEntries = unzipSync(new Uint8Array(asWav.rawPayload))
    for (const [name, bytes] of Object.entries(wavEntries)) {
      expect(name).toMatch(/\.wav$/)
      expect(readWav(bytes).samples.length).toBeGreaterThan(1000)
    }
  })

  it('an unknown or foreign id fails the whole request with 404 and sends nothing', async () => {
    const mine = await item()
    const theirs = await createHistoryItem({ db: t.database.db, storage: t.storage }, { workspaceId: bobWs })
    for (const ids of [[mine.id, 'nope'], [mine.id, theirs.id], [theirs.id]]) {
      const res = await download(alice, { history_item_ids: ids })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.json().detail).toMatchObject({ code: 'history_item_not_found', param: 'history_item_ids' })
      expect(res.json().detail.message).not.toContain(mine.id)
    }
  })

  it('a stored file that is gone fails before any byte is sent', async () => {
    const [a, b] = [await item(), await item()]
    await t.storage.delete(b.storage_key)
    const res = await download(alice, { history_item_ids: [a.id, b.id] })
    expect(res.statusCode).toBe(404)
    expect(res.json().detail.code).toBe('history_audio_missing')
  })

  it('bad bodies are 422 with the field named', async () => {
    const row = await item()
    const cases: Array<[unknown, string]> = [
      [{ history_item_ids: [] }, 'history_item_ids'],
      [{}, 'history_item_ids'],
      [{ history_item_ids: 'abc' }, 'history_item_ids'],
      [{ history_item_ids: [row.id], output_format: 'flac' }, 'output_format'],
      [{ history_item_ids: [row.id], output_format: 'mp3_44100_128' }, 'output_format'],
      [{ history_item_ids: Array.from({ length: 1001 }, (_, i) => `id${i}`) }, 'history_item_ids'],
    ]
    for (const [payload, field] of cases) {
      const res = await download(alice, payload)
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422)
      expect(res.json().detail[0].loc).toEqual(['body', field])
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/v1/history/download',
      headers: { ...alice.auth, 'content-type': 'application/json' },
      payload: '{"history_item_ids": [',
    })
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json().detail.code).toBe('invalid_json')
  })
})
