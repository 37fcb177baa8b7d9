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

  it('/with-timestamps: the audio, character timings of the whole script and one voice segment per input', async () => {
    const inputs = [
      { text: 'Good morning, Noah.', voice_id: emma.voice_id },
      { text: '', voice_id: emma.voice_id },
      { text: 'Morning, Emma. Coffee?', voice_id: noah.voice_id },
      { text: 'Yes please.', voice_id: emma.voice_id },
    ]
    const res = await dialogue({ inputs }, '/with-timestamps?output_format=pcm_16000')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    const audio = Buffer.from(body.audio_base64, 'base64')
    expect(pcm16Rms(audio)).toBeGreaterThan(0.01)
    const seconds = audio.length / 2 / 16000
    const spoken = [inputs[0]!, inputs[2]!, inputs[3]!]
    expect(body.alignment.characters.join('')).toBe(spoken.map((i) => i.text).join(''))
    expect(body.normalized_alignment.characters.length).toBeGreaterThan(0)
    const segments = body.voice_segments as {
      voice_id: string
      start_time_seconds: number
      end_time_seconds: number
      character_start_index: number
      character_end_index: number
      dialogue_input_index: number
    }[]
    // One segment per spoken input, indexed as sent (the empty entry is skipped), back to back.
    expect(segments.map((s) => [s.voice_id, s.dialogue_input_index])).toEqual([
      [emma.voice_id, 0],
      [noah.voice_id, 2],
      [emma.voice_id, 3],
    ])
    let chars = 0
    let time = 0
    for (const [i, segment] of segments.entries()) {
      const text = spoken[i]!.text
      expect(segment.character_start_index).toBe(chars)
      expect(segment.character_end_index).toBe(chars + text.length)
      expect(body.alignment.characters.slice(chars, chars + text.length).join('')).toBe(text)
      expect(segment.start_time_seconds).toBeCloseTo(time, 2)
      expect(segment.end_time_seconds).toBeGreaterThan(segment.start_time_seconds)
      // The segment's characters start inside its time span.
      expect(body.alignment.character_start_times_seconds[chars]).toBeGreaterThanOrEqual(
        segment.start_time_seconds - 0.01,
      )
      expect(body.alignment.character_start_times_seconds[chars]).toBeLessThan(segment.end_time_seconds)
      chars = segment.character_end_index
      time = segment.end_time_seconds
    }
    expect(time).toBeCloseTo(seconds, 2)
    expect(res.headers['history-item-id']).toBeTruthy()
    expect(Number(res.headers['character-cost'])).toBeGreaterThan(0)
  })

  it('/stream/with-timestamps: JSON lines whose audio, timings and segments add up to the whole', async () => {
    const inputs = [
      { text: 'First speaker here.', voice_id: emma.voice_id },
      { text: 'Second speaker answers.', voice_id: noah.voice_id },
    ]
    const res = await dialogue({ inputs }, '/stream/with-timestamps?output_format=pcm_16000')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/json')
    const lines = res.payload
      .split('\n')
      .filter((l) => l.length > 0)
      .map((l) => JSON.parse(l))
    expect(lines.length).toBeGreaterThanOrEqual(2)
    expect(lines.every((l) => typeof l.audio_base64 === 'string' && Array.isArray(l.voice_segments))).toBe(
      true,
    )
    const characters = lines.flatMap((l) => l.alignment?.characters ?? []).join('')
    expect(characters).toBe(inputs.map((i) => i.text).join(''))
    const segments = lines.flatMap((l) => l.voice_segments)
    expect(new Set(segments.map((s: { dialogue_input_index: number }) => s.dialogue_input_index))).toEqual(
      new Set([0, 1]),
    )
    expect(segments.at(-1).character_end_index).toBe(characters.length)
    const audio = Buffer.concat(lines.map((l) => Buffer.from(l.audio_base64, 'base64')))
    expect(segments.at(-1).end_time_seconds).toBeCloseTo(audio.length / 2 / 16000, 2)
  })

  it('with-timestamps variants refuse bad input like the others, charging nothing', async () => {
    const before = await characterCount(t.database, workspaceId)
    for (const path of ['/with-timestamps', '/stream/with-timestamps']) {
      const empty = await dialogue({ inputs: [{ text: ' ', voice_id: emma.voice_id }] }, path)
      expect(empty.statusCode, path).toBe(400)
      expect(empty.json().detail.code, path).toBe('text_empty')
      const format = await dialogue(
        { inputs: [{ text: 'Hi.', voice_id: emma.voice_id }] },
        `${path}?output_format=opus_44100_64`,
      )
      expect(format.statusCode, path).toBe(422)
      expect(format.json().detail.code, path).toBe('invalid_output_format')
    }
    expect(await characterCount(t.database, workspaceId)).toBe(before)
  })
})
