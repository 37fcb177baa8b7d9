import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pcm16Rms } from '../../../test/helpers/audio-checks.js'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { characterCount, setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

let t: TestApp
let user: TestUser
let workspaceId: string
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!
const noah = PREMADE_VOICES.find((v) => v.name === 'Noah')!

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  workspaceId = await setPlan(t.database, user.userId, {})
})
afterAll(() => t?.close())

const dialogue = (payload: Record<string, unknown>, path = '') =>
  t.app.inject({ method: 'POST', url: `/v1/text-to-dialogue${path}`, headers: user.auth, payload })

describe('POST /v1/text-to-dialogue', () => {
  it('renders the inputs in order into one audio, drops empty entries and keeps the dialogue in history', async () => {
    const inputs = [
      { text: 'Hi Noah, how are you today?', voice_id: emma.voice_id },
      { text: '', voice_id: noah.voice_id },
      { text: '[laughs] I am fine, thank you Emma.', voice_id: noah.voice_id },
    ]
    const one = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${emma.voice_id}?output_format=pcm_16000&enable_logging=false`,
      headers: user.auth,
      payload: { text: inputs[0]!.text },
    })
    const res = await dialogue({ inputs }, '?output_format=pcm_16000')
    expect(res.statusCode).toBe(200)
    expect(pcm16Rms(res.rawPayload)).toBeGreaterThan(0.01)
    // Longer than the first line alone: the second speaker follows.
    expect(res.rawPayload.length).toBeGreaterThan(one.rawPayload.length * 1.5)
    const item = await t.database.db
      .selectFrom('history_items')
      .selectAll()
      .where('id', '=', String(res.headers['history-item-id']))
      .executeTakeFirstOrThrow()
    expect(item.dialogue).toEqual([
      { text: inputs[0]!.text, voice_id: emma.voice_id, voice_name: 'Emma' },
      { text: inputs[2]!.text, voice_id: noah.voice_id, voice_name: 'Noah' },
    ])
    expect(item.text).toBe('Hi Noah, how are you today?\nI am fine, thank you Emma.')
    expect(item.model_id).toBe('eleven_v3')
  })

  it('/stream streams MP3', async () => {
    const res = await dialogue(
      {
        inputs: [
          { text: 'One.', voice_id: emma.voice_id },
          { text: 'Two.', voice_id: noah.voice_id },
        ],
      },
      '/stream',
    )
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('audio/mpeg')
    expect(res.rawPayload.length).toBeGreaterThan(2000)
  })

  it('refuses all-empty inputs, an unknown voice and too many inputs, charging nothing', async () => {
    const before = await characterCount(t.database, workspaceId)
    const empty = await dialogue({
      inputs: [
        { text: '', voice_id: emma.voice_id },
        { text: '  ', voice_id: noah.voice_id },
      ],
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().detail.code).toBe('text_empty')
    const unknown = await dialogue({
      inputs: [
        { text: 'Hello.', voice_id: emma.voice_id },
        { text: 'Hi.', voice_id: 'NoSuchVoice000000000' },
      ],
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().detail.code).toBe('voice_not_found')
    const many = await dialogue({
      inputs: Array.from({ length: 51 }, () => ({ text: 'x', voice_id: emma.voice_id })),
    })
    expect(many.statusCode).toBe(422)
    expect(await characterCount(t.database, workspaceId)).toBe(before)
  })
})
