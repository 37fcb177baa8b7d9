import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { mp3FrameInfo } from '../../../test/helpers/audio-checks.js'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { characterCount, setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

let t: TestApp
let wsBase: string
let user: TestUser
let apiKey: string
let workspaceId: string
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!

beforeAll(async () => {
  t = await createTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const address = t.app.server.address()
  wsBase = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  user = await createUser(t.app, t.database, { verified: true })
  workspaceId = await setPlan(t.database, user.userId, {})
  apiKey = (
    await t.app.inject({
      method: 'POST',
      url: '/v1/user/api-keys',
      headers: user.auth,
      payload: { name: 'ws' },
    })
  ).json().api_key
})
afterAll(() => t?.close())

interface Received {
  audio?: string
  isFinal?: boolean | null
  alignment?: { chars: string[]; charStartTimesMs: number[]; charDurationsMs: number[] } | null
  error?: string
  message?: string
}

function connect(path: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(`${wsBase}${path}`, { headers })
  const messages: Received[] = []
  const waiters: Array<() => void> = []
  let closeCode = 0
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()))
    for (const w of waiters.splice(0)) w()
  })
  const closed = new Promise<number>((resolve) =>
    socket.on('close', (code) => {
      closeCode = code
      for (const w of waiters.splice(0)) w()
      resolve(code)
    }),
  )
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve())
    socket.on('error', reject)
  })
  return {
    socket,
    messages,
    opened,
    closed,
    send: (m: object) => socket.send(JSON.stringify(m)),
    async waitFor(predicate: (m: Received[]) => boolean, ms = 20_000) {
      const deadline = Date.now() + ms
      while (!predicate(messages)) {
        if (closeCode || Date.now() > deadline)
          throw new Error(`timed out; got ${JSON.stringify(messages.map((m) => Object.keys(m)))}`)
        await new Promise<void>((r) => {
          waiters.push(r)
          setTimeout(r, 100)
        })
      }
    },
  }
}

describe('WebSocket /stream-input', () => {
  it('speaks each completed phrase before the rest arrives, then ends with isFinal and a history item', async () => {
    const before = await characterCount(t.database, workspaceId)
    const c = connect(
      `/v1/text-to-speech/${emma.voice_id}/stream-input?model_id=eleven_flash_v2_5&auto_mode=true`,
      {
        'xi-api-key': apiKey,
      },
    )
    await c.opened
    c.send({
      text: ' ',
      voice_settings: { stability: 0.5, similarity_boost: 0.8 },
      generation_config: { chunk_length_schedule: [120] },
    })
    c.send({ text: 'Hello there, ' })
    c.send({ text: 'this is the first sentence. And the ' })
    // A complete phrase is spoken at once in auto mode, while the next one is still incomplete.
    await c.waitFor((m) => m.some((x) => x.audio && x.alignment))
    const first = c.messages.find((x) => x.alignment)!
    expect(first.alignment!.chars.join('')).toMatch(/^Hello there,/)
    c.send({ text: 'second one follows. ' })
    c.send({ text: '' })
    await c.waitFor((m) => m.some((x) => x.isFinal === true))
    expect(await c.closed).toBe(1000)
    const audio = Buffer.concat(c.messages.filter((m) => m.audio).map((m) => Buffer.from(m.audio!, 'base64')))
    expect(mp3FrameInfo(audio)?.sampleRate).toBe(44100)
    const spoken = c.messages.flatMap((m) => m.alignment?.chars ?? []).join('')
    expect(spoken.replace(/\s+/g, ' ')).toContain('the first sentence.')
    expect(spoken).toContain('second one follows.')
    for (const m of c.messages.filter((x) => x.alignment)) {
      expect(m.alignment!.charStartTimesMs[0]).toBeLessThan(1000) // relative to the chunk
      expect(m.alignment!.charDurationsMs.every((d) => d >= 0)).toBe(true)
    }
    // Charged per character spoken (flash: half), and one history item for the session.
    const text = 'Hello there, this is the first sentence. And the second one follows.'
    const after = await characterCount(t.database, workspaceId)
    expect(after - before).toBeGreaterThanOrEqual(Math.ceil(text.length / 2) - 4)
    expect(after - before).toBeLessThanOrEqual(Math.ceil(text.length / 2) + 4)
    let items: Array<{ text: string }> = []
    for (let i = 0; i < 50 && items.length === 0; i++) {
      items = await t.database.db
        .selectFrom('history_items')
        .select('text')
        .where('workspace_id', '=', workspaceId)
        .execute()
      if (items.length === 0) await new Promise((r) => setTimeout(r, 100))
    }
    expect(items.map((i) => i.text)).toContain(
      'Hello there, this is the first sentence. And the second one follows.',
    )
  })

  it('accepts the API key in the first message and honours flush', async () => {
    const c = connect(`/v1/text-to-speech/${emma.voice_id}/stream-input?output_format=pcm_16000`)
    await c.opened
    c.send({ text: ' ', xi_api_key: apiKey })
    c.send({ text: 'Short', flush: true })
    await c.waitFor((m) => m.some((x) => x.audio && x.alignment))
    c.send({ text: '' })
    await c.waitFor((m) => m.some((x) => x.isFinal === true))
  })

  it.each([
    ['no credentials', emma.voice_id, { text: ' ' }, 'unauthorized'],
    ['an unknown voice', 'NoSuchVoice000000000', { text: ' ', xi_api_key: 'KEY' }, 'voice_not_found'],
    ['a bad API key', emma.voice_id, { text: ' ', xi_api_key: 'sk_wrong' }, 'invalid_api_key'],
    [
      'an out-of-range setting',
      emma.voice_id,
      { text: ' ', xi_api_key: 'KEY', voice_settings: { stability: 7 } },
      'validation_error',
    ],
  ])('%s -> an error message and close 1008', async (_name, voice, first, code) => {
    const c = connect(`/v1/text-to-speech/${voice}/stream-input`)
    await c.opened
    c.send(JSON.parse(JSON.stringify(first).replace('KEY', apiKey)))
    expect(await c.closed).toBe(1008)
    expect(c.messages.at(-1)).toMatchObject({ error: code })
  })

  it('a message that is not JSON is refused', async () => {
    const c = connect(`/v1/text-to-speech/${emma.voice_id}/stream-input`, { 'xi-api-key': apiKey })
    await c.opened
    c.socket.send('not json')
    expect(await c.closed).toBe(1008)
    expect(c.messages.at(-1)).toMatchObject({ error: 'invalid_json' })
  })

  it.each([
    ['a NUL', 'Hello there, a\\u0000b is here. And more. '],
    ['a lone surrogate', 'Hello there, \\ud800 is here. And more. '],
  ])('text with %s is refused before it is spoken or charged (close 1008)', async (_name, text) => {
    const before = await characterCount(t.database, workspaceId)
    const c = connect(`/v1/text-to-speech/${emma.voice_id}/stream-input?auto_mode=true`, {
      'xi-api-key': apiKey,
    })
    await c.opened
    c.send({ text: ' ' })
    // Sent as a client would: the JSON text escapes the character.
    c.socket.send(`{"text": "${text}", "flush": true}`)
    expect(await c.closed).toBe(1008)
    expect(c.messages.at(-1)).toMatchObject({ error: 'validation_error' })
    expect(c.messages.at(-1)?.message).toMatch(/^message\.text: /)
    expect(c.messages.filter((m) => m.audio)).toEqual([])
    expect(await characterCount(t.database, workspaceId)).toBe(before)
  })

  it('mid-session, the refused text is never spoken: what was spoken before is charged', async () => {
    const before = await characterCount(t.database, workspaceId)
    const c = connect(`/v1/text-to-speech/${emma.voice_id}/stream-input`, { 'xi-api-key': apiKey })
    await c.opened
    c.send({ text: ' ' })
    c.send({ text: 'Good morning.', flush: true })
    await c.waitFor((m) => m.some((x) => x.audio && x.alignment))
    c.socket.send('{"text": "Then a\\u0000b.", "flush": true}')
    expect(await c.closed).toBe(1008)
    expect(c.messages.at(-1)).toMatchObject({ error: 'validation_error' })
    const spoken = c.messages.flatMap((m) => m.alignment?.chars ?? []).join('')
    expect(spoken).toContain('Good morning.')
    expect(spoken).not.toContain('Then')
    let charged = 0
    for (let i = 0; i < 50 && charged === 0; i++) {
      charged = (await characterCount(t.database, workspaceId)) - before
      if (charged === 0) await new Promise((r) => setTimeout(r, 100))
    }
    expect(charged).toBe('Good morning.'.length)
  })
})
