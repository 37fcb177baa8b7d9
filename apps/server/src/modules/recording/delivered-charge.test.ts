import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { characterCount, setProPlan } from '../../../test/helpers/plans.js'
import { createTestApp, listenOnLoopback, type TestApp } from '../../../test/helpers/test-app.js'
import { pcmWav } from '../../../test/helpers/voice-factory.js'

// What reached the client is charged, whatever fails after it: a stream whose audio could not
// be stored, or whose history item could not be written, still charges exactly what it
// delivered, once; and a charge that could keep its audio comes with its history item.

const RATE = 16_000
const noah = PREMADE_VOICES.find((v) => v.name === 'Noah')!
const grace = PREMADE_VOICES.find((v) => v.name === 'Grace')!
const SENTENCE = 'Every sentence of this story is spoken in the same even and unhurried rhythm. '

let t: TestApp
let base: string

beforeAll(async () => {
  t = await createTestApp()
  base = await listenOnLoopback(t)
})
afterAll(() => t?.close())

async function payingUser(): Promise<{ user: TestUser; ws: string }> {
  const user = await createUser(t.app, t.database, { verified: true })
  const ws = await setProPlan(t.database, user.userId)
  return { user, ws }
}

/** The ledger once every reservation of the workspace is settled or released. */
async function settledLedger(ws: string) {
  for (let i = 0; i < 200; i++) {
    const rows = await t.database.db
      .selectFrom('credit_ledger')
      .select(['kind', 'state', 'characters', 'history_item_id'])
      .where('workspace_id', '=', ws)
      .execute()
    if (rows.length > 0 && rows.every((r) => r.state !== 'reserved')) return rows
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('reservations still open')
}

async function historyOf(ws: string) {
  return t.database.db
    .selectFrom('history_items')
    .select(['id', 'text', 'size_bytes', 'character_count_change_from', 'character_count_change_to'])
    .where('workspace_id', '=', ws)
    .execute()
}

/** Makes every audio write of the file store fail (the history folder is a file). */
function breakStorage(): () => void {
  const root = join(t.dataDir, 'files', 'history')
  mkdirSync(join(t.dataDir, 'files'), { recursive: true })
  rmSync(root, { recursive: true, force: true })
  writeFileSync(root, 'not a directory')
  return () => rmSync(root, { force: true })
}

/** Reads a whole response body chunk by chunk; `onFirst` runs once the first chunk is in. */
async function readAll(response: Response, onFirst: () => Promise<void> | void): Promise<Buffer> {
  const reader = response.body!.getReader()
  const parts: Buffer[] = []
  for (;;) {
    const next = await reader.read().catch(() => ({ done: true as const, value: undefined }))
    if (next.done || !next.value) break
    if (parts.length === 0) await onFirst()
    parts.push(Buffer.from(next.value))
  }
  return Buffer.concat(parts)
}

describe(`charges after delivery (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('speech to speech: storage fails mid-stream; the delivered seconds are charged once', async () => {
    const { user, ws } = await payingUser()
    const speech = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${noah.voice_id}?output_format=pcm_${RATE}&enable_logging=false`,
      headers: user.auth,
      payload: { text: SENTENCE.repeat(2), seed: 3 },
    })
    expect(speech.statusCode).toBe(200)
    const before = await characterCount(t.database, ws)
    const upload = () => {
      const form = new FormData()
      form.append('audio', new Blob([new Uint8Array(pcmWav(speech.rawPayload, RATE))]), 'in.wav')
      return form
    }
    // The same conversion as a whole file, to compare the streamed bytes with.
    const whole = await fetch(`${base}/v1/speech-to-speech/${grace.voice_id}?output_format=pcm_${RATE}`, {
      method: 'POST',
      headers: { authorization: user.auth.authorization! },
      body: upload(),
    })
    expect(whole.status).toBe(200)
    const expected = Buffer.from(await whole.arrayBuffer())
    const wholeCost = Number(whole.headers.get('character-cost'))
    expect(await characterCount(t.database, ws)).toBe(before + wholeCost)

    const response = await fetch(
      `${base}/v1/speech-to-speech/${grace.voice_id}/stream?output_format=pcm_${RATE}`,
      { method: 'POST', headers: { authorization: user.auth.authorization! }, body: upload() },
    )
    expect(response.status).toBe(200)
    const cost = Number(response.headers.get('character-cost'))
    expect(cost).toBe(wholeCost)
    let restore: () => void = () => undefined
    try {
      const received = await readAll(response, () => {
        restore = breakStorage()
      })
      // Every byte reached the client, and they are the bytes of the conversion.
      expect(received.equals(expected)).toBe(true)
      const ledger = await settledLedger(ws)
      const conversions = ledger.filter((l) => l.kind === 'speech-to-speech')
      expect(conversions).toHaveLength(2)
      expect(conversions.filter((l) => l.history_item_id === null)).toEqual([
        { kind: 'speech-to-speech', state: 'charged', characters: cost, history_item_id: null },
      ])
      expect(await characterCount(t.database, ws)).toBe(before + wholeCost + cost)
      // The audio could not be stored: no item points to a missing file.
      expect((await historyOf(ws)).map((h) => h.id)).toEqual([whole.headers.get('history-item-id')])
    } finally {
      restore()
    }
  }, 240_000)

  it('text to speech: the history insert fails after the last chunk; every delivered character is charged once', async () => {
    const { user, ws } = await payingUser()
    const text = SENTENCE.repeat(4).trim()
    const response = await fetch(
      `${base}/v1/text-to-speech/${noah.voice_id}/stream/with-timestamps?output_format=pcm_${RATE}`,
      {
        method: 'POST',
        headers: { ...user.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ text, model_id: 'eleven_multilingual_v2' }),
      },
    )
    expect(response.status).toBe(200)
    const itemId = response.headers.get('history-item-id')!
    expect(Number(response.headers.get('character-cost'))).toBe(text.length)
    // An item with the same id is already there: the settlement's insert breaks its constraint.
    const body = await readAll(response, async () => {
      await t.database.db
        .insertInto('history_items')
        .values({
          id: itemId,
          workspace_id: ws,
          user_id: user.userId,
          api_key_id: null,
          request_id: 'squatter',
          voice_id: noah.voice_id,
          voice_name: 'Noah',
          voice_category: 'premade',
          model_id: 'eleven_multilingual_v2',
          text: 'in the way',
          dialogue: null,
          settings: 'null',
          source: 'TTS',
          output_format: `pcm_${RATE}`,
          content_type: 'audio/pcm',
          storage_key: 'history/none.pcm',
          size_bytes: 0,
          duration_seconds: 0,
          character_count_change_from: 0,
          character_count_change_to: 0,
          alignment: null,
        })
        .execute()
    })
    const lines = body
      .toString()
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { audio_base64: string; alignment: { characters: string[] } | null })
    const heard = lines.reduce((n, l) => n + (l.alignment?.characters.length ?? 0), 0)
    expect(heard).toBe(text.length)
    const ledger = await settledLedger(ws)
    expect(ledger).toEqual([
      { kind: 'tts', state: 'charged', characters: text.length, history_item_id: null },
    ])
    expect(await characterCount(t.database, ws)).toBe(text.length)
    expect((await historyOf(ws)).map((h) => h.text)).toEqual(['in the way'])
  }, 120_000)

  it('stream-input: an error closes the socket after audio went out; the charge comes with its history item', async () => {
    const { user, ws } = await payingUser()
    const socket = new WebSocket(
      `${base.replace('http', 'ws')}/v1/text-to-speech/${noah.voice_id}/stream-input?output_format=pcm_${RATE}&auto_mode=true`,
      { headers: { authorization: user.auth.authorization! } },
    )
    const audio: Buffer[] = []
    const errors: string[] = []
    socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { audio?: string; error?: string }
      if (m.audio) audio.push(Buffer.from(m.audio, 'base64'))
      if (m.error) errors.push(m.error)
    })
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
    await new Promise<void>((resolve) => socket.once('open', () => resolve()))
    socket.send(JSON.stringify({ text: ' ' }))
    socket.send(JSON.stringify({ text: SENTENCE, flush: true }))
    for (let i = 0; i < 300 && audio.length < 2; i++) await new Promise((r) => setTimeout(r, 50))
    expect(audio.length).toBeGreaterThanOrEqual(2)
    // Wait for the piece to be spoken whole, then break the protocol.
    let quiet = audio.length
    for (let i = 0; i < 100; i++) {
      await new Promise((r) => setTimeout(r, 100))
      if (audio.length === quiet) break
      quiet = audio.length
    }
    socket.send(JSON.stringify({ text: 12 }))
    await closed
    expect(errors).toEqual(['validation_error'])

    const ledger = await settledLedger(ws)
    const charged = ledger.filter((l) => l.state === 'charged').reduce((n, l) => n + l.characters, 0)
    expect(charged).toBeGreaterThan(0)
    expect(await characterCount(t.database, ws)).toBe(charged)
    const items = await historyOf(ws)
    expect(items).toHaveLength(1)
    const item = items[0]!
    expect(item.text).toBe(SENTENCE.trim())
    expect(item.character_count_change_to - item.character_count_change_from).toBe(charged)
    expect(ledger.filter((l) => l.state === 'charged').every((l) => l.history_item_id === item.id)).toBe(true)
    // The item's audio is what the client heard.
    const stored = await t.app.inject({
      method: 'GET',
      url: `/v1/history/${item.id}/audio`,
      headers: user.auth,
    })
    expect(stored.statusCode).toBe(200)
    expect(stored.rawPayload.equals(Buffer.concat(audio))).toBe(true)
  }, 120_000)
})
