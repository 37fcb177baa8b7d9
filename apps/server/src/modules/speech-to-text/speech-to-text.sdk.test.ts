import { type ElevenLabs, ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { alignBySynthesis, PREMADE_VOICES } from '@timbre/speech'
import mammoth from 'mammoth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { pcmWav } from '../../../test/helpers/voice-factory.js'
import { wordErrorRate, words } from '../../../test/helpers/word-error.js'

// Speech to text and forced alignment through the official SDK with only baseUrl changed: our
// own speech of sentences the recogniser was never tuned on comes back with a word error rate
// of at most 0.3, transcripts are stored per workspace, aligned word times fall within 100 ms
// of the synthesiser's own timestamps (50 ms on average, in English, Spanish, German and
// French), and bad input is refused with nothing charged.

const HELD_OUT = 'My neighbour grows tomatoes and beans in a small garden behind the house.'
const ALIGNED = 'The old lighthouse keeper walked slowly along the rocky shore every evening.'

let t: TestApp
let client: ElevenLabsClient
let user: TestUser
let other: ElevenLabsClient
let address: string
let apiKey: string
let otherKey: string

const used = async () => (await client.user.subscription.get()).characterCount

/** Our speech of `text` as a 16 kHz WAV, with the synthesiser's start time of each word. */
async function speak(text: string, voiceName = 'Emma'): Promise<{ wav: Buffer; starts: number[] }> {
  const voice = PREMADE_VOICES.find((v) => v.name === voiceName)!
  const r = await client.textToSpeech.convertWithTimestamps(voice.voice_id, {
    text,
    outputFormat: 'pcm_16000',
    seed: 5,
  })
  const a = r.alignment!
  const starts: number[] = []
  a.characters.forEach((c, i) => {
    if (c !== ' ' && (i === 0 || a.characters[i - 1] === ' ')) starts.push(a.characterStartTimesSeconds[i]!)
  })
  return { wav: pcmWav(Buffer.from(r.audioBase64, 'base64'), 16_000), starts }
}

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return Buffer.concat(parts)
}

async function refusal(call: Promise<unknown>): Promise<number> {
  try {
    await call
  } catch (error) {
    if (error instanceof ElevenLabsError) return error.statusCode ?? 0
    throw error
  }
  throw new Error('the call was not refused')
}

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  const otherUser = await createUser(t.app, t.database, { verified: true })
  const keyOf = async (u: TestUser) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/v1/user/api-keys',
        headers: u.auth,
        payload: { name: 'sdk' },
      })
    ).json().api_key as string
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  apiKey = await keyOf(user)
  client = new ElevenLabsClient({ apiKey, baseUrl: address })
  otherKey = await keyOf(otherUser)
  other = new ElevenLabsClient({ apiKey: otherKey, baseUrl: address })
}, 120_000)
afterAll(async () => {
  await t?.close()
})

describe('speech to text through the SDK', () => {
  it('transcribes our speech of a held-out sentence with a word error rate of at most 0.3, charged per minute', async () => {
    const { wav } = await speak(HELD_OUT)
    const before = await used()
    const result = (await client.speechToText.convert({
      modelId: 'scribe_v1',
      file: { data: wav, filename: 'garden.wav' },
      timestampsGranularity: 'character',
      diarize: true,
    })) as ElevenLabs.SpeechToTextChunkResponseModel
    const wer = wordErrorRate(words(HELD_OUT), words(result.text))
    console.log(`speech to text WER ${wer.toFixed(3)}: "${result.text}"`)
    expect(wer).toBeLessThanOrEqual(0.3)
    expect(result.languageCode).toBe('eng')
    const spoken = result.words.filter((w) => w.type === 'word')
    expect(spoken.length).toBeGreaterThan(5)
    expect(result.words.some((w) => w.type === 'spacing')).toBe(true)
    for (const w of spoken) {
      expect(w.end).toBeGreaterThan(w.start!)
      expect(w.logprob).toBeLessThanOrEqual(0)
      expect(w.speakerId).toBe('speaker_0')
      expect(w.characters?.length).toBe(w.text.length)
    }
    // About 5 seconds at 100 credits a minute, counted by the second.
    const cost = (await used()) - before
    expect(cost).toBeGreaterThanOrEqual(5)
    expect(cost).toBeLessThanOrEqual(15)

    const id = result.transcriptionId!
    const stored = (await client.speechToText.transcripts.get(
      id,
    )) as ElevenLabs.SpeechToTextChunkResponseModel
    expect(stored.text).toBe(result.text)
    expect(await refusal(other.speechToText.transcripts.get(id))).toBe(404)
    expect(await refusal(other.speechToText.transcripts.delete(id))).toBe(404)
    await client.speechToText.transcripts.delete(id)
    expect(await refusal(client.speechToText.transcripts.get(id))).toBe(404)
  }, 120_000)

  it('answers additional formats whose SRT cues hold the words at their own times, and downloads them again', async () => {
    const { wav } = await speak(HELD_OUT)
    const rows = async () =>
      (
        await t.database.db
          .selectFrom('speech_to_text_transcripts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n
    const started = performance.now()
    const result = (await client.speechToText.convert({
      modelId: 'scribe_v1',
      file: { data: wav, filename: 'garden.wav' },
      diarize: true,
      additionalFormats: [
        { format: 'srt', maxCharactersPerLine: 20, includeSpeakers: true },
        { format: 'txt' },
        { format: 'segmented_json' },
        { format: 'html' },
        { format: 'docx' },
        { format: 'pdf' },
      ],
    })) as ElevenLabs.SpeechToTextChunkResponseModel
    const files = result.additionalFormats!.map((f) => f!)
    console.log(
      `exports in ${Math.round(performance.now() - started)} ms with transcription: ${files
        .map((f) => `${f.requestedFormat} ${f.content.length} chars`)
        .join(', ')}`,
    )
    expect(files.map((f) => [f.requestedFormat, f.fileExtension, f.isBase64Encoded])).toEqual([
      ['srt', 'srt', false],
      ['txt', 'txt', false],
      ['segmented_json', 'json', false],
      ['html', 'html', false],
      ['docx', 'docx', true],
      ['pdf', 'pdf', true],
    ])
    const spoken = result.words.filter((w) => w.type === 'word')
    // Each cue: its number, its times, "Speaker 1: " and then lines of at most 20 characters.
    const srt = files[0]!.content
    const cues = srt
      .trim()
      .split('\n\n')
      .map((block) => {
        const [number, times, ...lines] = block.split('\n')
        const [start, end] = times!.split(' --> ').map((clock) => {
          const [h, m, rest] = clock.split(':')
          const [sec, ms] = rest!.split(',')
          return Number(h) * 3600 + Number(m) * 60 + Number(sec) + Number(ms) / 1000
        })
        expect(lines[0]).toMatch(/^Speaker 1: /)
        lines[0] = lines[0]!.replace(/^Speaker 1: /, '')
        return { number: Number(number), start: start!, end: end!, lines }
      })
    expect(cues.map((c) => c.number)).toEqual(cues.map((_, i) => i + 1))
    expect(cues.length).toBeGreaterThan(1)
    let next = 0
    for (const cue of cues) {
      const cueWords = cue.lines.join(' ').split(' ')
      const mine = spoken.slice(next, next + cueWords.length)
      next += cueWords.length
      expect(mine.map((w) => w.text)).toEqual(cueWords)
      expect(cue.start).toBeCloseTo(mine[0]!.start!, 3)
      expect(cue.end).toBeCloseTo(mine.at(-1)!.end!, 3)
      expect(cue.lines.length).toBeLessThanOrEqual(2)
      for (const line of cue.lines) if (line.includes(' ')) expect(line.length).toBeLessThanOrEqual(20)
    }
    expect(next).toBe(spoken.length)
    expect(files[1]!.content.replace(/^Speaker 1: /, '')).toBe(result.text)
    expect(Buffer.from(files[5]!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-')

    // The stored transcript downloads in the same formats, and in WebVTT.
    const download = (query: string) =>
      fetch(`${address}/v1/speech-to-text/transcripts/${result.transcriptionId}/export?${query}`, {
        headers: { 'xi-api-key': apiKey },
      })
    const again = await download('format=srt&max_characters_per_line=20&include_speakers=true')
    expect(again.status).toBe(200)
    expect(again.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8')
    expect(again.headers.get('content-disposition')).toBe(
      `attachment; filename="transcript-${result.transcriptionId}.srt"`,
    )
    expect(await again.text()).toBe(srt)
    const vtt = await (await download('format=vtt')).text()
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true)
    expect(vtt).toContain(
      srt
        .split('\n')[1]!
        .replace(/,/g, '.')
        .replace(/ --> .*/, ''),
    )
    const docx = await download('format=docx')
    expect(docx.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    )
    // The same document (only its creation time differs).
    const docxText = async (bytes: Buffer) => (await mammoth.extractRawText({ buffer: bytes })).value
    expect(await docxText(Buffer.from(await docx.arrayBuffer()))).toBe(
      await docxText(Buffer.from(files[4]!.content, 'base64')),
    )
    expect(await docxText(Buffer.from(files[4]!.content, 'base64'))).toContain(`Speaker 1: ${result.text}`)
    expect((await download('format=srt&max_segment_chars=-5')).status).toBe(422)
    expect((await download('format=mp4')).status).toBeGreaterThanOrEqual(400)
    const foreign = await fetch(
      `${address}/v1/speech-to-text/transcripts/${result.transcriptionId}/export?format=srt`,
      {
        headers: { 'xi-api-key': otherKey },
      },
    )
    expect(foreign.status).toBe(404)

    // Bad export requests are refused before any work: nothing charged, nothing stored.
    const before = await used()
    const stored = await rows()
    const bad: unknown[] = [
      [{ format: 'mp4' }],
      [{ format: 'srt', maxSegmentDurationS: -1 }],
      [{ format: 'pdf', includeSpeakers: 'yes' }],
      { format: 'srt' },
    ]
    for (const additionalFormats of bad)
      expect(
        await refusal(
          client.speechToText.convert({
            modelId: 'scribe_v1',
            file: { data: wav, filename: 'garden.wav' },
            additionalFormats: additionalFormats as ElevenLabs.AdditionalFormats,
          }),
        ),
      ).toBe(422)
    expect(
      await refusal(
        client.speechToText.convert({
          modelId: 'scribe_v1',
          file: { data: wav, filename: 'garden.wav' },
          timestampsGranularity: 'none',
          additionalFormats: [{ format: 'srt' }],
        }),
      ),
    ).toBe(422)
    const form = new FormData()
    form.append('model_id', 'scribe_v1')
    form.append('additional_formats', 'srt please')
    form.append('file', new Blob([new Uint8Array(wav)]), 'garden.wav')
    const notJson = await fetch(`${address}/v1/speech-to-text`, {
      method: 'POST',
      headers: { 'xi-api-key': apiKey },
      body: form,
    })
    expect(notJson.status).toBe(422)
    expect((await notJson.json()).detail.message).toContain('additional_formats must be JSON')
    expect(await used()).toBe(before)
    expect(await rows()).toBe(stored)
  }, 120_000)

  it('aligns a known text with word starts within 100 ms of the synthesiser timestamps', async () => {
    const { wav, starts } = await speak(ALIGNED)
    const result = await client.forcedAlignment.create({
      file: { data: wav, filename: 'shore.wav' },
      text: ALIGNED,
    })
    expect(result.words.map((w) => w.text)).toEqual(ALIGNED.split(' '))
    const errors = result.words.map((w, i) => Math.abs(w.start - starts[i]!))
    const mean = errors.reduce((s, e) => s + e, 0) / errors.length
    const seconds = (wav.length - 44) / 2 / 16_000
    const even =
      starts.reduce((s, t, i) => s + Math.abs((i * seconds) / starts.length - t), 0) / starts.length
    console.log(
      `forced alignment en: mean word start error ${(mean * 1000).toFixed(0)} ms, worst ${(Math.max(...errors) * 1000).toFixed(0)} ms (even share ${(even * 1000).toFixed(0)} ms)`,
    )
    // The same audio aligned against our own synthesis, to show why English keeps the recogniser.
    const pcm = new Int16Array(wav.buffer, wav.byteOffset + 44, (wav.length - 44) / 2)
    const synthesised = await alignBySynthesis({
      samples: Float32Array.from(pcm, (v) => v / 32768),
      sampleRate: 16_000,
      text: ALIGNED,
      words: [...ALIGNED.matchAll(/\S+/g)].map((m) => ({ from: m.index, to: m.index + m[0].length })),
      language: 'en',
    })
    const bySynthesis = synthesised.reduce((s, w, i) => s + Math.abs(w.start - starts[i]!), 0) / starts.length
    console.log(`forced alignment en against our synthesis: ${(bySynthesis * 1000).toFixed(0)} ms`)
    expect(mean).toBeLessThanOrEqual(0.05)
    expect(Math.max(...errors)).toBeLessThanOrEqual(0.1)
    expect(result.characters.length).toBe(ALIGNED.length)
    expect(result.loss).toBeGreaterThanOrEqual(0)
  }, 120_000)

  // Languages the recogniser lacks are aligned against eSpeak NG's default voice of the
  // language; the audio here is a premade voice of that language (another variant, rate,
  // pitch and formants), and the even share of the time between the words is the baseline.
  const OTHER_LANGUAGES = [
    {
      code: 'es',
      voice: 'Lucía',
      text: 'El viejo pescador caminaba despacio por la playa todas las tardes.',
    },
    {
      code: 'de',
      voice: 'Lena',
      text: 'Der alte Fischer ging jeden Abend langsam am steinigen Ufer entlang.',
    },
    {
      code: 'fr',
      voice: 'Chloé',
      text: 'Le vieux pêcheur marchait lentement le long de la plage chaque soir.',
    },
  ]
  for (const { code, voice, text } of OTHER_LANGUAGES)
    it(`aligns ${code} speech against our own synthesis within 50 ms on average`, async () => {
      const { wav, starts } = await speak(text, voice)
      const before = await used()
      const result = await client.forcedAlignment.create(
        { file: { data: wav, filename: `${code}.wav` }, text },
        { queryParams: { language_code: code } },
      )
      expect(result.words.map((w) => w.text)).toEqual(text.split(' '))
      const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length
      const error = mean(result.words.map((w, i) => Math.abs(w.start - starts[i]!)))
      const seconds = (wav.length - 44) / 2 / 16_000
      const even = mean(starts.map((s, i) => Math.abs((i * seconds) / starts.length - s)))
      console.log(
        `forced alignment ${code}: mean word start error ${(error * 1000).toFixed(0)} ms (even share ${(even * 1000).toFixed(0)} ms)`,
      )
      expect(error).toBeLessThanOrEqual(0.05)
      for (const w of result.words) {
        expect(w.end).toBeGreaterThanOrEqual(w.start)
        expect(w.loss).toBeGreaterThanOrEqual(0)
        expect(w.loss).toBeLessThanOrEqual(1)
      }
      expect(result.characters.length).toBe(text.length)
      expect(await used()).toBeGreaterThan(before)
    }, 60_000)

  it('refuses to align a language no engine here knows, charging nothing', async () => {
    const { wav } = await speak('A short test.')
    const before = await used()
    for (const code of ['xx', 'zu'])
      expect(
        await refusal(
          client.forcedAlignment.create(
            { file: { data: wav, filename: 'x.wav' }, text: 'A short test.' },
            { queryParams: { language_code: code } },
          ),
        ),
      ).toBe(422)
    const form = new FormData()
    form.append('text', 'A short test.')
    form.append('language_code', 'qqq')
    form.append('file', new Blob([new Uint8Array(wav)]), 'x.wav')
    const answer = await fetch(`${address}/v1/forced-alignment`, {
      method: 'POST',
      headers: { 'xi-api-key': apiKey },
      body: form,
    })
    expect(answer.status).toBe(422)
    expect((await answer.json()).detail.message).toContain('cannot be aligned')
    // A recording far too short to line up with its text is the caller's error, not the server's.
    const blip = await fetch(`${address}/v1/forced-alignment?language_code=es`, {
      method: 'POST',
      headers: { 'xi-api-key': apiKey },
      body: (() => {
        const short = new FormData()
        short.append('text', 'Una prueba corta.')
        short.append('file', new Blob([new Uint8Array(wav.subarray(0, 44 + 2 * 160))]), 'x.wav')
        return short
      })(),
    })
    expect(blip.status, await blip.clone().text()).toBeGreaterThanOrEqual(400)
    expect(blip.status).toBeLessThan(500)
    expect(await used()).toBe(before)
  }, 60_000)

  it('recognises a keyterm the dictionary lacks only when it is given', async () => {
    const { wav } = await speak('Zorbix. Zorbix is here.')
    const run = async (keyterms?: string[]) =>
      (
        (await client.speechToText.convert({
          modelId: 'scribe_v1',
          file: { data: wav, filename: 'report.wav' },
          ...(keyterms ? { keyterms } : {}),
        })) as ElevenLabs.SpeechToTextChunkResponseModel
      ).text
    const plain = await run()
    const boosted = await run(['Zorbix'])
    console.log(`keyterms: without "${plain}", with "${boosted}"`)
    expect(words(plain)).not.toContain('zorbix')
    expect(words(boosted)).toContain('zorbix')
  }, 120_000)

  it('splits a dialogue of a female and a male voice into two speakers at the turns', async () => {
    const voices = ['Emma', 'Noah'].map((name) => PREMADE_VOICES.find((v) => v.name === name)!)
    const turns = [
      'Good morning, did you sleep well last night?',
      'Not really, the neighbours were playing loud music until two.',
      'That sounds awful, you should talk to them today.',
      'I will knock on their door after breakfast.',
    ]
    const pause = Buffer.alloc(16_000) // half a second
    const parts: Buffer[] = []
    const truth: Array<{ start: number; end: number; speaker: number }> = []
    let at = 0
    for (const [i, text] of turns.entries()) {
      const pcm = await bytes(
        await client.textToSpeech.convert(voices[i % 2]!.voice_id, {
          text,
          outputFormat: 'pcm_16000',
          seed: 2,
        }),
      )
      truth.push({ start: at, end: at + pcm.length / 32_000, speaker: i % 2 })
      parts.push(pcm, pause)
      at += (pcm.length + pause.length) / 32_000
    }
    const result = (await client.speechToText.convert({
      modelId: 'scribe_v1',
      file: { data: pcmWav(Buffer.concat(parts), 16_000), filename: 'dialogue.wav' },
      diarize: true,
    })) as ElevenLabs.SpeechToTextChunkResponseModel
    const spoken = result.words.filter((w) => w.type === 'word')
    const labelled = spoken.map((w) => {
      const middle = (w.start! + w.end!) / 2
      return {
        said: w.speakerId!,
        truly: truth.find((t) => middle >= t.start && middle <= t.end)?.speaker ?? -1,
      }
    })
    expect(new Set(labelled.map((l) => l.said)).size).toBe(2)
    // The label the first speaker's words got most stands for her; the other for him.
    const firstLabel = labelled.find((l) => l.truly === 0)!.said
    const right = labelled.filter((l) => (l.said === firstLabel) === (l.truly === 0)).length
    console.log(`diarisation: ${right} of ${labelled.length} words on the right speaker`)
    expect(right / labelled.length).toBeGreaterThanOrEqual(0.9)
  }, 120_000)

  it('tags loud sound that is not speech as an audio event, free of charge like silence', async () => {
    let state = 11
    const noise = Buffer.alloc(16_000 * 2 * 2)
    for (let i = 0; i < noise.length / 2; i++) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0
      noise.writeInt16LE(Math.round((state / 2 ** 32 - 0.5) * 16_000), i * 2)
    }
    const before = await used()
    const result = (await client.speechToText.convert({
      modelId: 'scribe_v1',
      file: {
        data: pcmWav(Buffer.concat([Buffer.alloc(16_000), noise, Buffer.alloc(16_000)]), 16_000),
        filename: 'static.wav',
      },
      tagAudioEvents: true,
    })) as ElevenLabs.SpeechToTextChunkResponseModel
    const events = result.words.filter((w) => w.type === 'audio_event')
    expect(events.map((e) => e.text)).toEqual(['(noise)'])
    expect(events[0]!.start).toBeCloseTo(0.5, 0)
    expect(events[0]!.end).toBeCloseTo(2.5, 0)
    expect(await used()).toBe(before)
    const untagged = (await client.speechToText.convert({
      modelId: 'scribe_v1',
      file: { data: pcmWav(noise, 16_000), filename: 'static.wav' },
      tagAudioEvents: false,
    })) as ElevenLabs.SpeechToTextChunkResponseModel
    expect(untagged.words.filter((w) => w.type === 'audio_event')).toEqual([])
  }, 60_000)

  it('gives silence an empty transcript and charges nothing', async () => {
    const before = await used()
    const result = (await client.speechToText.convert({
      modelId: 'scribe_v1',
      file: { data: pcmWav(Buffer.alloc(16_000 * 2 * 3), 16_000), filename: 'silence.wav' },
    })) as ElevenLabs.SpeechToTextChunkResponseModel
    expect(result.text).toBe('')
    expect(result.words).toEqual([])
    expect(await used()).toBe(before)
  }, 60_000)

  it('refuses bad input with a 4xx and charges nothing', async () => {
    const before = await used()
    const file = (data: Buffer, filename: string) => ({ data, filename })
    expect(
      await refusal(
        client.speechToText.convert({
          modelId: 'scribe_v1',
          file: file(Buffer.from('just some words, not audio at all\n'.repeat(20)), 'notes.wav'),
        }),
      ),
    ).toBe(400)
    expect(
      await refusal(
        client.speechToText.convert({ modelId: 'scribe_v1', file: file(Buffer.alloc(0), 'empty.wav') }),
      ),
    ).toBe(400)
    const tone = pcmWav(Buffer.alloc(16_000), 16_000)
    for (const numSpeakers of [0, 33])
      expect(
        await refusal(
          client.speechToText.convert({ modelId: 'scribe_v1', file: file(tone, 'a.wav'), numSpeakers }),
        ),
      ).toBe(422)
    expect(
      await refusal(
        client.speechToText.convert({
          modelId: 'scribe_v1',
          cloudStorageUrl: 'http://example.com/audio.wav',
        }),
      ),
    ).toBe(422)
    expect(
      await refusal(
        client.speechToText.convert({ modelId: 'scribe_v1', file: file(tone, 'a.wav'), languageCode: 'xx' }),
      ),
    ).toBe(422)
    expect(await used()).toBe(before)
  }, 60_000)
})
