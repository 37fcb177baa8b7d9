import { type ElevenLabs, ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'
import { pcmWav } from '../../../../test/helpers/voice-factory.js'

// The transcript editor on real speech: a dialogue our own voices speak is transcribed with the
// official SDK, its audio is kept and played back in byte ranges, and edits re-align their words
// within their segment, name and merge speakers, cut and join segments, each on the version the
// caller saw.

let t: TestApp
let client: ElevenLabsClient
let key: string
let otherKey: string
let transcriptId: string

const TURNS = [
  'Good morning, did you sleep well last night?',
  'Not really, the neighbours were playing loud music until two.',
]

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return Buffer.concat(parts)
}

interface Word {
  text: string
  start: number | null
  end: number | null
  type: string
  speaker_id: string | null
}
interface Doc {
  file_name: string
  version: number
  text: string
  words: Word[]
  segments: Array<{
    start_index: number
    end_index: number
    speaker_id: string | null
    start: number
    end: number
  }>
  speakers: Array<{ speaker_id: string; name: string | null }>
  audio: { available: boolean; url: string | null }
  peaks: number[]
  audio_duration_secs: number
}

const call = (method: 'GET' | 'PATCH' | 'POST', path: string, payload?: object, apiKey = key) =>
  t.app.inject({
    method,
    url: `/v1/speech-to-text/transcripts/${transcriptId}${path}`,
    headers: { 'xi-api-key': apiKey },
    ...(payload ? { payload } : {}),
  })

async function editor(): Promise<Doc> {
  const response = await call('GET', '/editor')
  expect(response.statusCode).toBe(200)
  return response.json() as Doc
}

/** Every timed word of the list starts no earlier than the one before it ends. */
function expectMonotonic(words: Word[]) {
  const spoken = words.filter((w) => w.type !== 'spacing')
  spoken.forEach((w, i) => {
    expect(w.end!).toBeGreaterThanOrEqual(w.start!)
    if (i > 0) expect(w.start!).toBeGreaterThanOrEqual(spoken[i - 1]!.end! - 1e-9)
  })
}

beforeAll(async () => {
  t = await createTestApp()
  const keyOf = async (verified: boolean) => {
    const user = await createUser(t.app, t.database, { verified })
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/user/api-keys',
      headers: user.auth,
      payload: { name: 'editor' },
    })
    return response.json().api_key as string
  }
  key = await keyOf(true)
  otherKey = await keyOf(true)
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey: key, baseUrl: address })
  const voices = ['Emma', 'Noah'].map((name) => PREMADE_VOICES.find((v) => v.name === name)!)
  const parts: Buffer[] = []
  for (const [i, text] of TURNS.entries()) {
    const pcm = await bytes(
      await client.textToSpeech.convert(voices[i]!.voice_id, { text, outputFormat: 'pcm_16000', seed: 2 }),
    )
    parts.push(pcm, Buffer.alloc(32_000)) // a second's pause after each turn
  }
  const result = (await client.speechToText.convert({
    modelId: 'scribe_v1',
    file: { data: pcmWav(Buffer.concat(parts), 16_000), filename: 'dialogue.wav' },
    diarize: true,
    timestampsGranularity: 'character',
  })) as ElevenLabs.SpeechToTextChunkResponseModel
  transcriptId = result.transcriptionId!
}, 180_000)

afterAll(async () => {
  await t?.close()
})

describe('the transcript editor', () => {
  it('keeps the audio as a small MP3 with a waveform, played in byte ranges, in its own workspace only', async () => {
    const doc = await editor()
    expect(doc.version).toBe(0)
    expect(doc.file_name).toBe('dialogue.wav')
    expect(doc.audio.available).toBe(true)
    expect(doc.peaks.length).toBe(Math.round(doc.audio_duration_secs * 20))
    expect(Math.max(...doc.peaks)).toBe(100)
    expect(doc.speakers.map((s) => s.speaker_id)).toEqual(['speaker_0', 'speaker_1'])
    expect(doc.segments.length).toBeGreaterThanOrEqual(2)

    const whole = await call('GET', '/audio')
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-type']).toBe('audio/mpeg')
    // 32 kbit/s: about 4 kB a second.
    console.log(`kept audio: ${whole.rawPayload.length} bytes for ${doc.audio_duration_secs} s`)
    expect(whole.rawPayload.length).toBeLessThan(doc.audio_duration_secs * 4_000 + 2_000)
    const part = await t.app.inject({
      method: 'GET',
      url: `/v1/speech-to-text/transcripts/${transcriptId}/audio`,
      headers: { 'xi-api-key': key, range: 'bytes=100-199' },
    })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 100-199/${whole.rawPayload.length}`)
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true)

    expect((await call('GET', '/audio', undefined, otherKey)).statusCode).toBe(404)
    expect((await call('GET', '/editor', undefined, otherKey)).statusCode).toBe(404)
  })

  it('re-aligns a word typed again to within 150 ms of where it was heard, and new words inside their segment in order', async () => {
    const doc = await editor()
    const segment = doc.segments[0]!
    const indices = doc.words
      .map((w, i) => ({ w, i }))
      .filter(({ w, i }) => w.type === 'word' && i >= segment.start_index && i <= segment.end_index)
    const middle = indices[Math.floor(indices.length / 2)]!
    const began = performance.now()
    const same = await call('PATCH', '/words', {
      version: 0,
      from_index: middle.i,
      to_index: middle.i,
      text: middle.w.text.toUpperCase(),
    })
    expect(same.statusCode).toBe(200)
    const once = same.json() as Doc
    expect(once.version).toBe(1)
    const again = once.words[middle.i]!
    expect(again.text).toBe(middle.w.text.toUpperCase())
    console.log(
      `re-aligned "${again.text}" in ${Math.round(performance.now() - began)} ms: ${middle.w.start}-${middle.w.end} became ${again.start}-${again.end}`,
    )
    expect(Math.abs(again.start! - middle.w.start!)).toBeLessThan(0.15)
    expect(Math.abs(again.end! - middle.w.end!)).toBeLessThan(0.15)

    // Two words for the last two of the segment.
    const [a, b] = indices.slice(-2)
    const replaced = await call('PATCH', '/words', {
      version: 1,
      from_index: a!.i,
      to_index: b!.i,
      text: 'yes indeed thanks',
    })
    expect(replaced.statusCode).toBe(200)
    const twice = replaced.json() as Doc
    expect(twice.version).toBe(2)
    const first = twice.segments[0]!
    const fresh = twice.words.filter((w) => ['yes', 'indeed', 'thanks'].includes(w.text))
    expect(fresh.map((w) => w.text)).toEqual(['yes', 'indeed', 'thanks'])
    for (const w of fresh) {
      expect(w.start!).toBeGreaterThanOrEqual(segment.start)
      expect(w.end!).toBeLessThanOrEqual(segment.end)
    }
    expect(first.end).toBeLessThanOrEqual(segment.end)
    expectMonotonic(twice.words)
    expect(twice.text).toContain('yes indeed thanks')
    const stored = await client.speechToText.transcripts.get(transcriptId)
    expect((stored as ElevenLabs.SpeechToTextChunkResponseModel).text).toBe(twice.text)

    // An edit made on an older version is refused and changes nothing.
    const stale = await call('PATCH', '/words', { version: 1, from_index: a!.i, to_index: a!.i, text: 'no' })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().detail.message).toMatch(/^Conflict detected with server/)
    expect((await editor()).version).toBe(2)
    // A range over two segments, or on spacing, is refused.
    const across = await call('PATCH', '/words', {
      version: 2,
      from_index: middle.i,
      to_index: twice.segments[1]!.end_index,
      text: 'x',
    })
    expect(across.statusCode).toBe(422)
    expect(
      (
        await call('PATCH', '/words', {
          version: 2,
          from_index: middle.i + 1,
          to_index: middle.i + 1,
          text: 'x',
        })
      ).statusCode,
    ).toBe(422)
  }, 60_000)

  it('names, merges, splits and joins, each on the version seen', async () => {
    let doc = await editor()
    const named = await call('PATCH', '/speakers/speaker_1', { version: doc.version, name: '  Noah ' })
    expect(named.statusCode).toBe(200)
    doc = named.json() as Doc
    expect(doc.speakers.find((s) => s.speaker_id === 'speaker_1')!.name).toBe('Noah')
    expect((await call('PATCH', '/speakers/speaker_9', { version: doc.version, name: 'x' })).statusCode).toBe(
      422,
    )
    // Exports write the name given; a speaker left unnamed keeps its number.
    const text = await call('GET', '/export?format=txt&include_speakers=true')
    expect(text.statusCode).toBe(200)
    expect(text.body).toContain('Noah:')
    expect(text.body).toContain('Speaker 1:')
    const vtt = await call('GET', '/export?format=vtt&include_speakers=true')
    expect(vtt.body).toContain('<v Noah>')

    const before = doc.segments.length
    const target = doc.segments[0]!
    const cut = doc.words.findIndex(
      (w, i) => i > target.start_index + 2 && i < target.end_index && w.type === 'word',
    )
    const split = await call('POST', '/segments/split', { version: doc.version, word_index: cut })
    expect(split.statusCode).toBe(200)
    doc = split.json() as Doc
    expect(doc.segments.length).toBe(before + 1)
    expect(doc.segments[1]!.start_index).toBe(cut)
    expect(
      (await call('POST', '/segments/split', { version: doc.version, word_index: cut })).statusCode,
    ).toBe(422)
    const joined = await call('POST', '/segments/join', { version: doc.version, segment_index: 0 })
    expect(joined.statusCode).toBe(200)
    doc = joined.json() as Doc
    expect(doc.segments.length).toBe(before)

    const merged = await call('POST', '/speakers/speaker_1/merge', {
      version: doc.version,
      into_speaker_id: 'speaker_0',
    })
    expect(merged.statusCode).toBe(200)
    doc = merged.json() as Doc
    expect(doc.speakers).toEqual([{ speaker_id: 'speaker_0', name: null }])
    expect(doc.words.every((w) => w.speaker_id === 'speaker_0' || w.speaker_id === null)).toBe(true)
    expectMonotonic(doc.words)
  }, 60_000)

  it('cuts subtitle cues under the limits asked, as the SRT export does', async () => {
    const response = await call('GET', '/cues?max_characters_per_line=16')
    expect(response.statusCode).toBe(200)
    const { cues, options } = response.json() as {
      cues: Array<{ lines: string[]; start: number; end: number }>
      options: { max_characters_per_line: number }
    }
    expect(options.max_characters_per_line).toBe(16)
    expect(cues.length).toBeGreaterThan(2)
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(2)
      for (const line of cue.lines) if (line.includes(' ')) expect(line.length).toBeLessThanOrEqual(16)
      expect(cue.end).toBeGreaterThan(cue.start)
    }
    expect((await call('GET', '/cues?max_characters_per_line=abc')).statusCode).toBe(422)
  })

  it('removes the kept audio with the transcript', async () => {
    await client.speechToText.transcripts.delete(transcriptId)
    expect((await call('GET', '/audio')).statusCode).toBe(404)
    const left = await t.database.db.selectFrom('speech_to_text_transcript_edits').selectAll().execute()
    expect(left).toEqual([])
  })
})
