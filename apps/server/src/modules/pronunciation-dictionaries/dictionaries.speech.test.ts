import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { pcm16Rms } from '../../../test/helpers/audio-checks.js'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { characterCount, setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Dictionaries in every synthesis path, with the real engines: an alias changes what is spoken
// (the normalised alignment shows its output), a phoneme rule changes the audio, dictionaries
// apply in order, pinned versions keep their rules, and the workspace defaults apply when a
// request names none.

let t: TestApp
let user: TestUser
let other: TestUser
let workspaceId: string
let wsBase: string
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!

async function dictionary(
  name: string,
  rules: object[],
  who = user,
): Promise<{ id: string; version_id: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/pronunciation-dictionaries/add-from-rules',
    headers: who.auth,
    payload: { name, rules },
  })
  if (res.statusCode !== 200) throw new Error(res.body)
  return res.json()
}

const locate = (...ds: Array<{ id: string; version_id?: string }>) =>
  ds.map((d) => ({
    pronunciation_dictionary_id: d.id,
    ...(d.version_id ? { version_id: d.version_id } : {}),
  }))

const tts = (path: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/text-to-speech/${emma.voice_id}${path}`,
    headers: user.auth,
    payload,
  })

async function spokenText(payload: Record<string, unknown>): Promise<string> {
  const res = await tts('/with-timestamps?output_format=pcm_16000', payload)
  if (res.statusCode !== 200) throw new Error(res.body)
  return res.json().normalized_alignment.characters.join('')
}

let nyc: { id: string; version_id: string }

beforeAll(async () => {
  t = await createTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const address = t.app.server.address()
  wsBase = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  user = await createUser(t.app, t.database, { verified: true })
  other = await createUser(t.app, t.database, { verified: true })
  workspaceId = await setPlan(t.database, user.userId, {})
  nyc = await dictionary('Cities', [{ type: 'alias', string_to_replace: 'NYC', alias: 'New York City' }])
})
afterAll(() => t?.close())

describe('text to speech', () => {
  it('an alias changes what is spoken: /with-timestamps shows it in the normalised alignment', async () => {
    const text = 'I flew to NYC today.'
    const plain = await tts('/with-timestamps', { text })
    expect(plain.json().normalized_alignment.characters.join('')).not.toContain('New York City')
    const res = await tts('/with-timestamps', { text, pronunciation_dictionary_locators: locate(nyc) })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.normalized_alignment.characters.join('')).toContain('New York City')
    expect(body.normalized_alignment.characters.join('')).not.toContain('NYC')
    // The alignment of the caller's own text still shows what was sent.
    expect(body.alignment.characters.join('')).toBe(text)
  })

  it('the other three variants apply the dictionary too (the audio is longer)', async () => {
    const text = 'NYC.'
    for (const path of ['', '/stream']) {
      const without = await tts(`${path}?output_format=pcm_16000`, { text, model_id: 'eleven_flash_v2' })
      const withRule = await tts(`${path}?output_format=pcm_16000`, {
        text,
        model_id: 'eleven_flash_v2',
        pronunciation_dictionary_locators: locate(nyc),
      })
      expect(withRule.statusCode).toBe(200)
      // "New York City" takes clearly longer to say than "N Y C".
      expect(withRule.rawPayload.length).toBeGreaterThan(without.rawPayload.length * 1.15)
    }
    const lines = await tts('/stream/with-timestamps?output_format=pcm_16000', {
      text: 'I flew to NYC.',
      pronunciation_dictionary_locators: locate(nyc),
    })
    const normalized = lines.body
      .trim()
      .split('\n')
      .flatMap((l) => JSON.parse(l).normalized_alignment?.characters ?? [])
      .join('')
    expect(normalized).toContain('New York City')
  })

  it('a phoneme rule changes the audio measurably (IPA and CMU Arpabet)', async () => {
    const ipa = await dictionary('IPA', [
      {
        type: 'phoneme',
        string_to_replace: 'cat',
        phoneme: '/ˌsupɚˌkælɪˌfrædʒəˌlɪstɪkˌɛkspiˌæliˈdoʊʃəs/',
        alphabet: 'ipa',
      },
    ])
    const cmu = await dictionary('CMU', [
      {
        type: 'phoneme',
        string_to_replace: 'cat',
        phoneme: '/HH IH2 P AH0 P AA1 T AH0 M AH0 S/',
        alphabet: 'cmu-arpabet',
      },
    ])
    const seconds = async (locators?: object[]) => {
      const res = await tts('?output_format=pcm_16000', {
        text: 'The cat sat.',
        model_id: 'eleven_flash_v2',
        ...(locators ? { pronunciation_dictionary_locators: locators } : {}),
      })
      expect(res.statusCode).toBe(200)
      expect(pcm16Rms(res.rawPayload)).toBeGreaterThan(0.01)
      return res.rawPayload.length / 2 / 16000
    }
    const plain = await seconds()
    const long = await seconds(locate(ipa))
    const hippo = await seconds(locate(cmu))
    // Fourteen syllables instead of one, and five instead of one.
    expect(long - plain).toBeGreaterThan(1)
    expect(hippo - plain).toBeGreaterThan(0.3)
    expect(long).toBeGreaterThan(hippo)
  })

  it('dictionaries apply in order: on the same input the earlier one wins', async () => {
    const alpha = await dictionary('A', [{ type: 'alias', string_to_replace: 'TMB', alias: 'alpha' }])
    const bravo = await dictionary('B', [{ type: 'alias', string_to_replace: 'TMB', alias: 'bravo' }])
    expect(
      await spokenText({ text: 'Say TMB.', pronunciation_dictionary_locators: locate(alpha, bravo) }),
    ).toContain('alpha')
    expect(
      await spokenText({ text: 'Say TMB.', pronunciation_dictionary_locators: locate(bravo, alpha) }),
    ).toContain('bravo')
  })

  it('a locator with a version_id keeps that version; without one, the latest applies', async () => {
    const d = await dictionary('Pinned', [{ type: 'alias', string_to_replace: 'TMB', alias: 'first' }])
    await t.app.inject({
      method: 'POST',
      url: `/v1/pronunciation-dictionaries/${d.id}/set-rules`,
      headers: user.auth,
      payload: { rules: [{ type: 'alias', string_to_replace: 'TMB', alias: 'second' }] },
    })
    expect(
      await spokenText({ text: 'TMB.', pronunciation_dictionary_locators: locate({ id: d.id }) }),
    ).toContain('second')
    expect(
      await spokenText({
        text: 'TMB.',
        pronunciation_dictionary_locators: locate({ id: d.id, version_id: d.version_id }),
      }),
    ).toContain('first')
  })

  it('refuses, charging nothing: phonemes with a multilingual model, 4 dictionaries, unknown or foreign ones', async () => {
    const phonemes = await dictionary('Ph', [
      { type: 'phoneme', string_to_replace: 'cat', phoneme: '/kæt/', alphabet: 'ipa' },
    ])
    const theirs = await dictionary('Theirs', [{ type: 'alias', string_to_replace: 'a', alias: 'b' }], other)
    const before = await characterCount(t.database, workspaceId)
    const multilingual = await tts('', {
      text: 'The cat.',
      model_id: 'eleven_multilingual_v2',
      pronunciation_dictionary_locators: locate(phonemes),
    })
    expect(multilingual.statusCode).toBe(400)
    expect(multilingual.json().detail.status).toBe('phonemes_require_english_model')
    expect(multilingual.json().detail.message).toMatch(/^Phonemes require an English-only model/)
    const four = await tts('', { text: 'Hi.', pronunciation_dictionary_locators: locate(nyc, nyc, nyc, nyc) })
    expect(four.statusCode).toBe(422)
    expect(four.body).toContain('At most 3 pronunciation dictionaries')
    const unknown = await tts('', { text: 'Hi.', pronunciation_dictionary_locators: locate({ id: 'nope' }) })
    expect(unknown.statusCode).toBe(404)
    const foreign = await tts('', { text: 'Hi.', pronunciation_dictionary_locators: locate(theirs) })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().detail.status).toBe('pronunciation_dictionary_not_found')
    const badVersion = await tts('', {
      text: 'Hi.',
      pronunciation_dictionary_locators: locate({ id: nyc.id, version_id: 'nope' }),
    })
    expect(badVersion.statusCode).toBe(404)
    expect(await characterCount(t.database, workspaceId)).toBe(before)
    // Aliases alone are fine with any model.
    expect((await tts('', { text: 'NYC', pronunciation_dictionary_locators: locate(nyc) })).statusCode).toBe(
      200,
    )
  })
})

describe('dialogue and the WebSocket', () => {
  it('text to dialogue applies the dictionaries to every input', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/text-to-dialogue/with-timestamps?output_format=pcm_16000',
      headers: user.auth,
      payload: {
        inputs: [
          { text: 'Going to NYC?', voice_id: emma.voice_id },
          { text: 'Yes, NYC.', voice_id: emma.voice_id },
        ],
        pronunciation_dictionary_locators: locate(nyc),
      },
    })
    expect(res.statusCode).toBe(200)
    const spoken = res.json().normalized_alignment.characters.join('')
    expect(spoken.match(/New York City/g)).toHaveLength(2)
  })

  it('stream-input applies the dictionaries of the first message', async () => {
    const key = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/user/api-keys',
        headers: user.auth,
        payload: { name: 'ws' },
      })
    ).json().api_key
    const socket = new WebSocket(
      `${wsBase}/v1/text-to-speech/${emma.voice_id}/stream-input?model_id=eleven_flash_v2&output_format=pcm_16000`,
      { headers: { 'xi-api-key': key } },
    )
    const messages: Array<{
      normalizedAlignment?: { chars: string[] } | null
      isFinal?: boolean
      error?: string
    }> = []
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())))
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => resolve())
      socket.on('error', reject)
    })
    socket.send(JSON.stringify({ text: ' ', pronunciation_dictionary_locators: locate(nyc) }))
    socket.send(JSON.stringify({ text: 'We landed in NYC at noon. ' }))
    socket.send(JSON.stringify({ text: '' }))
    await new Promise<void>((resolve) => socket.on('close', () => resolve()))
    expect(messages.some((m) => m.isFinal)).toBe(true)
    const spoken = messages.flatMap((m) => m.normalizedAlignment?.chars ?? []).join('')
    expect(spoken).toContain('New York City')
  })

  it('the workspace defaults apply when a request names no dictionary', async () => {
    const d = await dictionary('Workspace', [
      { type: 'alias', string_to_replace: 'TMB', alias: 'Timbre voices' },
    ])
    const put = await t.app.inject({
      method: 'PUT',
      url: '/v1/workspace/pronunciation-dictionary-locators',
      headers: user.auth,
      payload: { pronunciation_dictionary_locators: locate(d) },
    })
    expect(put.statusCode).toBe(200)
    expect(await spokenText({ text: 'Hello TMB.' })).toContain('Timbre voices')
    // An empty list applies none; a request that names its own dictionaries uses only those.
    expect(await spokenText({ text: 'Hello TMB.', pronunciation_dictionary_locators: [] })).not.toContain(
      'Timbre voices',
    )
    expect(
      await spokenText({ text: 'Hello TMB.', pronunciation_dictionary_locators: locate(nyc) }),
    ).not.toContain('Timbre voices')
    await t.app.inject({
      method: 'PUT',
      url: '/v1/workspace/pronunciation-dictionary-locators',
      headers: user.auth,
      payload: { pronunciation_dictionary_locators: [] },
    })
    expect(await spokenText({ text: 'Hello TMB.' })).not.toContain('Timbre voices')
  })
})
