import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ElevenLabs, ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { DUBBING_CSV_COLUMNS, dubbingCredits } from '@timbre/contract'
import { analyseVoice, PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AafReader, textOf } from '../../../test/helpers/aaf-reader.js'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { pcmWav } from '../../../test/helpers/voice-factory.js'
import { decodeTo48kMono, ffmpegPath } from '../../lib/audio/audio-decode.js'

// Dubbing through the official SDK with only baseUrl changed, on a source our own text to speech
// made: two English speakers (a low voice, then a high one) over a quiet hum, dubbed into
// Spanish. Measured: the dub is as long as the source, speech sounds in every segment's window,
// every clip starts on its segment and stays in its slot, the higher speaker stays higher, the
// charge is the per-minute price; then the editor changes and re-dubs a segment, placement
// refusals carry the product's messages, exports read back, and bad input is refused.

const RATE = 16_000
const LINES = [
  { voice: 'Noah', text: 'Good morning. The weather is very nice today, and the market opens early.' },
  { voice: 'Grace', text: 'My sister bought a new house near the river last summer.' },
]

let t: TestApp
let client: ElevenLabsClient
let other: ElevenLabsClient
let user: TestUser
let address: string
let apiKey: string
let source: Buffer
let sourceSeconds: number

const used = async () => (await client.user.subscription.get()).characterCount

async function speak(voiceName: string, text: string): Promise<Int16Array> {
  const voice = PREMADE_VOICES.find((v) => v.name === voiceName)!
  const r = await client.textToSpeech.convertWithTimestamps(voice.voice_id, {
    text,
    outputFormat: 'pcm_16000',
    seed: 3,
  })
  const bytes = Buffer.from(r.audioBase64, 'base64')
  return new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
}

/** The two lines with silence around and between them, over a quiet 100 Hz hum. */
async function twoSpeakerSource(): Promise<Buffer> {
  const gap = new Int16Array(Math.round(0.8 * RATE))
  const parts: Int16Array[] = [gap]
  for (const line of LINES) parts.push(await speak(line.voice, line.text), gap)
  const total = parts.reduce((n, p) => n + p.length, 0)
  const pcm = new Int16Array(total)
  let at = 0
  for (const p of parts) {
    pcm.set(p, at)
    at += p.length
  }
  for (let i = 0; i < pcm.length; i++)
    pcm[i] = Math.max(
      -32768,
      Math.min(32767, pcm[i]! + Math.round(300 * Math.sin((2 * Math.PI * 100 * i) / RATE))),
    )
  sourceSeconds = pcm.length / RATE
  return pcmWav(Buffer.from(pcm.buffer), RATE)
}

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return Buffer.concat(parts)
}

async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await call
  } catch (error) {
    if (error instanceof ElevenLabsError) {
      const body = error.body as { detail?: { message?: string } } | undefined
      return { status: error.statusCode ?? 0, message: body?.detail?.message ?? JSON.stringify(error.body) }
    }
    throw error
  }
  throw new Error('the call was not refused')
}

/** Polls a dub until it leaves 'dubbing'; returns it and the progress messages seen. */
async function finished(
  id: string,
): Promise<{ dub: ElevenLabs.DubbingMetadataResponse; messages: string[] }> {
  const messages: string[] = []
  const started = Date.now()
  for (let i = 0; i < 600; i++) {
    // The SDK keeps only its own fields; progress and progress_message are read raw.
    const raw = await fetch(`${address}/v1/dubbing/${id}`, { headers: { 'xi-api-key': apiKey } })
    const body = (await raw.json()) as { status: string; progress: number; progress_message: string | null }
    const message = body.progress_message ? `${body.progress}% ${body.progress_message}` : null
    if (message && !messages.at(-1)?.endsWith(message))
      messages.push(`${((Date.now() - started) / 1000).toFixed(1)}s ${message}`)
    if (body.status !== 'dubbing') return { dub: await client.dubbing.get(id), messages }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('the dub did not finish')
}

const rms = (s: Float32Array) => Math.sqrt(s.reduce((a, v) => a + v * v, 0) / Math.max(1, s.length))

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
  other = new ElevenLabsClient({ apiKey: await keyOf(otherUser), baseUrl: address })
  source = await twoSpeakerSource()
}, 180_000)
afterAll(async () => {
  await t?.close()
})

describe('dubbing through the SDK', () => {
  let dubbingId = ''
  let resource: ElevenLabs.DubbingResource

  it('dubs a two-speaker English recording into Spanish as a job with progress, charged per minute', async () => {
    const before = await used()
    const started = Date.now()
    const created = await client.dubbing.create({
      file: { data: source, filename: 'two-speakers.wav' },
      sourceLang: 'en',
      targetLang: 'es',
      numSpeakers: 2,
      watermark: true,
    })
    dubbingId = created.dubbingId
    expect(created.expectedDurationSec).toBeCloseTo(sourceSeconds, 0)
    const { dub, messages } = await finished(dubbingId)
    const seconds = (Date.now() - started) / 1000
    console.info(`dubbed ${sourceSeconds.toFixed(1)} s into Spanish in ${seconds.toFixed(1)} s`, messages)
    expect(dub.error).toBeUndefined()
    expect(dub.status).toBe('dubbed')
    expect(dub.targetLanguages).toEqual(['es'])
    expect(dub.sourceLanguage).toBe('en')
    expect(messages.length).toBeGreaterThanOrEqual(2)
    expect((await used()) - before).toBe(dubbingCredits(sourceSeconds, { watermark: true, studio: false }))
    const list = await client.dubbing.list({ pageSize: 10 })
    expect(list.dubs.map((d) => d.dubbingId)).toContain(dubbingId)
  }, 300_000)

  it('renders Spanish as long as the source, with speech in every segment window, each clip on time and in its slot', async () => {
    resource = await client.dubbing.resource.get(dubbingId)
    const speakers = Object.values(resource.speakerTracks)
    const segments = Object.values(resource.speakerSegments).sort((a, b) => a.startTime - b.startTime)
    expect(speakers).toHaveLength(2)
    expect(segments.length).toBeGreaterThanOrEqual(2)
    const audio = await bytes(await client.dubbing.audio.get(dubbingId, 'es'))
    const dubbed = await decodeTo48kMono(audio, 'detect', 120)
    const dubbedSeconds = dubbed.length / 48_000
    console.info(`source ${sourceSeconds.toFixed(3)} s, dub ${dubbedSeconds.toFixed(3)} s`)
    // MP3 frames pad the end by a few tens of milliseconds at most.
    expect(Math.abs(dubbedSeconds - sourceSeconds) / sourceSeconds).toBeLessThan(0.01)
    const quiet = rms(dubbed.subarray(0, Math.round(0.5 * 48_000)))
    for (const [i, segment] of segments.entries()) {
      const es = segment.dubs.es!
      expect(es.text?.length).toBeGreaterThan(0)
      expect(es.audioStale).toBe(false)
      expect(Math.abs(es.startTime - segment.startTime)).toBeLessThanOrEqual(0.1)
      const window = dubbed.subarray(Math.round(es.startTime * 48_000), Math.round(es.endTime * 48_000))
      console.info(
        `segment ${i}: "${segment.text}" -> "${es.text}", window rms ${rms(window).toFixed(4)} vs quiet ${quiet.toFixed(4)}`,
      )
      expect(rms(window)).toBeGreaterThan(quiet * 3)
      const clip = await fetch(`${address}/v1/dubbing/resource/${dubbingId}/segment/${segment.id}/es/audio`, {
        headers: { 'xi-api-key': apiKey },
      })
      const samples = await decodeTo48kMono(Buffer.from(await clip.arrayBuffer()), 'detect', 60)
      const next = segments[i + 1]?.startTime ?? sourceSeconds
      expect(es.startTime + samples.length / 48_000).toBeLessThanOrEqual(Math.min(es.endTime, next) + 0.005)
      let onset = 0
      while (onset < samples.length && Math.abs(samples[onset]!) < 0.02) onset++
      expect(onset / 48_000).toBeLessThanOrEqual(0.1)
    }
  }, 120_000)

  it('keeps the higher source speaker higher in the dub', async () => {
    const segments = Object.values(resource.speakerSegments)
    const pitchOf = async (speakerId: string) => {
      const ids = resource.speakerTracks[speakerId]!.segments
      const clips: Float32Array[] = []
      for (const id of ids) {
        const r = await fetch(`${address}/v1/dubbing/resource/${dubbingId}/segment/${id}/es/audio`, {
          headers: { 'xi-api-key': apiKey },
        })
        clips.push(await decodeTo48kMono(Buffer.from(await r.arrayBuffer()), 'detect', 60))
      }
      const joined = new Float32Array(clips.reduce((n, c) => n + c.length, 0))
      let at = 0
      for (const c of clips) {
        joined.set(c, at)
        at += c.length
      }
      return analyseVoice(joined, 48_000).f0MedianHz
    }
    const [first, second] = Object.keys(resource.speakerTracks)
    const firstStart = Math.min(
      ...resource.speakerTracks[first!]!.segments.map((id) => resource.speakerSegments[id]!.startTime),
    )
    const secondStart = Math.min(
      ...resource.speakerTracks[second!]!.segments.map((id) => resource.speakerSegments[id]!.startTime),
    )
    // The low voice (Noah) speaks first.
    const [low, high] = firstStart < secondStart ? [first!, second!] : [second!, first!]
    const lowHz = await pitchOf(low)
    const highHz = await pitchOf(high)
    console.info(
      `dubbed median F0: low speaker ${lowHz.toFixed(0)} Hz, high speaker ${highHz.toFixed(0)} Hz`,
      segments.length,
    )
    expect(highHz).toBeGreaterThan(lowHz)
  }, 60_000)

  it('answers transcripts in the SDK shapes, and CSV and SRT exports from the segments', async () => {
    const srt = await client.dubbing.transcript.getTranscriptForDub(dubbingId, 'es', { formatType: 'srt' })
    expect(typeof srt).toBe('string')
    expect(srt as string).toMatch(/^1\n00:00:\d\d,\d{3} --> 00:00:\d\d,\d{3}\n/)
    const json = (await client.dubbing.transcript.getTranscriptForDub(
      dubbingId,
      'en',
    )) as ElevenLabs.DubbingTranscriptResponseModel
    expect(json.language).toBe('en')
    expect(json.utterances.length).toBeGreaterThanOrEqual(2)
    const vtt = await client.dubbing.transcripts.get(dubbingId, 'es', 'webvtt')
    expect(vtt.transcriptFormat).toBe('webvtt')
    expect(vtt.webvtt).toMatch(/^WEBVTT/)
    const csv = await fetch(`${address}/v1/dubbing/${dubbingId}/export/es?format=csv`, {
      headers: { 'xi-api-key': apiKey },
    })
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/)
    const rows = (await csv.text()).trim().split('\r\n')
    expect(rows[0]).toBe(DUBBING_CSV_COLUMNS.join(','))
    expect(rows.length).toBe(Object.keys(resource.speakerSegments).length + 1)
  }, 60_000)

  it('exports AAF: a track per speaker, each Spanish segment a clip at its place with its dubbed sound', async () => {
    const current = await client.dubbing.resource.get(dubbingId)
    const response = await fetch(`${address}/v1/dubbing/${dubbingId}/export/es?format=aaf`, {
      headers: { 'xi-api-key': apiKey },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename=".*_es\.aaf"/)
    const aaf = new AafReader(Buffer.from(await response.arrayBuffer()))
    const root = aaf.object('')
    expect(root.classId).toBe('42464141-000d-4d4f-060e-2b34010101ff')
    const header = aaf.strong(root, 0x0002)
    expect(header.classId).toBe('0d010101-0101-2f00-060e-2b3402060101')
    const content = aaf.strong(header, 0x3b03)
    const mobs = new Map(
      aaf.collection(content, 0x1901).map(({ object, key }) => [key!.toString('hex'), object]),
    )
    const essence = new Map(
      aaf
        .collection(content, 0x1902)
        .map(({ object, key }) => [key!.toString('hex'), aaf.dataStream(object, 0x2702)]),
    )
    const composition = [...mobs.values()].find((m) => m.classId === '0d010101-0101-3500-060e-2b3402060101')!
    const slots = aaf.collection(composition, 0x4403).map((s) => s.object)
    const speakers = Object.values(current.speakerTracks)
    expect(slots).toHaveLength(speakers.length)
    for (const slot of slots) {
      const rate = aaf.value(slot, 0x4b01)
      expect([rate.readInt32LE(0), rate.readInt32LE(4)]).toEqual([48_000, 1])
      const speaker = speakers.find((s) => s.speakerName === textOf(aaf.value(slot, 0x4802)))!
      const expected = speaker.segments
        .map((id) => ({ id, dub: current.speakerSegments[id]!.dubs.es! }))
        .sort((a, b) => a.dub.startTime - b.dub.startTime)
      let position = 0
      const placed: { start: number; length: number; pcm: Buffer }[] = []
      for (const { object } of aaf.collection(aaf.strong(slot, 0x4803), 0x1001)) {
        const length = Number(aaf.value(object, 0x0202).readBigInt64LE(0))
        if (object.classId === '0d010101-0101-1100-060e-2b3402060101') {
          // composition clip -> master mob -> file mob, whose id keys the embedded essence
          const master = mobs.get(aaf.value(object, 0x1101).toString('hex'))!
          const fileClip = aaf.strong(aaf.collection(master, 0x4403)[0]!.object, 0x4803)
          placed.push({
            start: position,
            length,
            pcm: essence.get(aaf.value(fileClip, 0x1101).toString('hex'))!,
          })
        }
        position += length
      }
      expect(placed.map(({ start, length }) => ({ start, length }))).toEqual(
        expected.map(({ dub }) => ({
          start: Math.round(dub.startTime * 48_000),
          length: Math.round(dub.endTime * 48_000) - Math.round(dub.startTime * 48_000),
        })),
      )
      for (const [i, { id }] of expected.entries()) {
        const clip = await fetch(`${address}/v1/dubbing/resource/${dubbingId}/segment/${id}/es/audio`, {
          headers: { 'xi-api-key': apiKey },
        })
        const samples = Buffer.from(await clip.arrayBuffer()).subarray(44)
        const pcm = placed[i]!.pcm
        expect(pcm.length).toBe(placed[i]!.length * 2)
        const shared = Math.min(samples.length, pcm.length)
        expect(pcm.subarray(0, shared).equals(samples.subarray(0, shared))).toBe(true)
        expect(pcm.subarray(shared).every((b) => b === 0)).toBe(true)
        // The clip is speech, not silence: its loudest sample is well above the noise floor.
        let peak = 0
        for (let at = 0; at < pcm.length; at += 2) peak = Math.max(peak, Math.abs(pcm.readInt16LE(at)))
        expect(peak).toBeGreaterThan(1000)
      }
    }
  }, 60_000)

  it('edits a segment translation, refuses bad placements with the product messages, and re-dubs it', async () => {
    const segments = Object.values(resource.speakerSegments).sort((a, b) => a.startTime - b.startTime)
    const [first, second] = segments as [ElevenLabs.SpeakerSegment, ElevenLabs.SpeakerSegment]
    const backwards = await refusal(
      client.dubbing.resource.segment.update(dubbingId, first.id, 'es', { startTime: 2, endTime: 1 }),
    )
    expect(backwards).toEqual({ status: 422, message: 'Segment end time must exceed start time.' })
    const overlap = await refusal(
      client.dubbing.resource.segment.update(dubbingId, first.id, 'es', {
        startTime: first.startTime,
        endTime: second.dubs.es!.startTime + 0.2,
      }),
    )
    expect(overlap.status).toBe(409)
    expect(overlap.message).toMatch(/overlaps another segment/)
    const late = await refusal(
      client.dubbing.resource.segment.update(dubbingId, second.id, 'es', { endTime: sourceSeconds + 5 }),
    )
    expect(late.message).toBe('Invalid placement: the segment is later than the original media duration.')
    const edited = await client.dubbing.resource.segment.update(dubbingId, first.id, 'es', {
      text: 'Hola a todos.',
    })
    expect(edited.version).toBeGreaterThan(resource.version)
    const stale = await client.dubbing.resource.get(dubbingId)
    expect(stale.speakerSegments[first.id]!.dubs.es!.audioStale).toBe(true)
    await client.dubbing.resource.dub(dubbingId, { segments: [first.id], languages: ['es'] })
    const render = await client.dubbing.resource.render(dubbingId, 'es', { renderType: 'mp3' })
    const after = await client.dubbing.resource.get(dubbingId)
    expect(after.speakerSegments[first.id]!.dubs.es).toMatchObject({
      text: 'Hola a todos.',
      audioStale: false,
    })
    expect(after.renders[render.renderId]).toMatchObject({ status: 'complete', type: 'mp3', language: 'es' })
    const count = await refusal(
      client.dubbing.resource.speaker.segment.create(dubbingId, Object.keys(resource.speakerTracks)[0]!, {
        startTime: sourceSeconds - 0.3,
        endTime: sourceSeconds - 0.1,
        translations: { es: 'x', fr: 'y' },
      }),
    )
    expect(count.message).toBe('Number of translated clips must match the original clips.')
  }, 120_000)

  it('lets one editor session hold a dub and refuses a second', async () => {
    const hold = (session: string, method = 'PUT') =>
      fetch(`${address}/v1/dubbing/resource/${dubbingId}/editor`, {
        method,
        headers: { 'xi-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ session_id: session }),
      })
    expect((await hold('first-tab-session')).status).toBe(200)
    expect((await hold('first-tab-session')).status).toBe(200)
    const second = await hold('second-tab-session')
    expect(second.status).toBe(409)
    expect((await second.json()).detail.message).toMatch(/already being edited/)
    expect((await hold('first-tab-session', 'DELETE')).status).toBe(200)
    expect((await hold('second-tab-session')).status).toBe(200)
  })

  it('keeps dubs to their workspace, and deletes them', async () => {
    expect((await refusal(other.dubbing.get(dubbingId))).status).toBe(404)
    expect((await refusal(other.dubbing.resource.get(dubbingId))).status).toBe(404)
    await client.dubbing.delete(dubbingId)
    expect((await refusal(client.dubbing.get(dubbingId))).status).toBe(404)
  })

  it('refuses bad input before anything is charged', async () => {
    const before = await used()
    const same = await refusal(
      client.dubbing.create({
        file: { data: source, filename: 'a.wav' },
        sourceLang: 'en',
        targetLang: 'en',
      }),
    )
    expect(same).toEqual({
      status: 422,
      message: 'The target language must differ from the source language.',
    })
    const unknown = await refusal(
      client.dubbing.create({ file: { data: source, filename: 'a.wav' }, targetLang: 'xx' }),
    )
    expect(unknown.status).toBe(422)
    const text = await refusal(
      client.dubbing.create({
        file: { data: Buffer.from('not media at all'), filename: 'a.wav' },
        targetLang: 'es',
      }),
    )
    expect(text.status).toBe(422)
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(source)]), 'a.wav')
    form.append('file', new Blob([new Uint8Array(source)]), 'b.wav')
    form.append('target_lang', 'es')
    const two = await fetch(`${address}/v1/dubbing`, {
      method: 'POST',
      headers: { 'xi-api-key': apiKey },
      body: form,
    })
    expect(two.status).toBe(400)
    expect((await two.json()).detail.message).toBe('Only one file may be selected for dubbing.')
    const local = await refusal(
      client.dubbing.create({ sourceUrl: 'https://127.0.0.1/video.mp4', targetLang: 'es' }),
    )
    expect(local).toEqual({
      status: 422,
      message: 'source_url points at an address this server may not reach.',
    })
    const plain = await refusal(
      client.dubbing.create({ sourceUrl: 'http://example.com/video.mp4', targetLang: 'es' }),
    )
    expect(plain.message).toBe('source_url must be an HTTPS URL.')
    expect(await used()).toBe(before)
  })

  it('dubs a video into an MP4 with the same picture and the dubbed sound, and exports its tracks and SRT', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dub-video-'))
    try {
      writeFileSync(join(dir, 'in.wav'), source)
      const args = [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-t',
        sourceSeconds.toFixed(2),
        '-i',
        'testsrc=size=160x120:rate=10',
      ]
      execFileSync(ffmpegPath(), [
        ...args,
        '-i',
        join(dir, 'in.wav'),
        '-shortest',
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        join(dir, 'in.mp4'),
      ])
      const video = readFileSync(join(dir, 'in.mp4'))
      const created = await client.dubbing.create({
        file: { data: video, filename: 'clip.mp4' },
        targetLang: 'es',
        disableVoiceCloning: true,
      })
      const { dub } = await finished(created.dubbingId)
      expect(dub.status).toBe('dubbed')
      expect(dub.mediaMetadata?.contentType).toBe('video/mp4')
      const mp4 = await bytes(await client.dubbing.audio.get(created.dubbingId, 'es'))
      writeFileSync(join(dir, 'out.mp4'), mp4)
      const probe = (() => {
        try {
          execFileSync(ffmpegPath(), ['-hide_banner', '-i', join(dir, 'out.mp4')], { stdio: 'pipe' })
          return ''
        } catch (error) {
          return String((error as { stderr: Buffer }).stderr)
        }
      })()
      expect(probe).toMatch(/Video: h264/)
      expect(probe).toMatch(/Audio: aac/)
      const sound = await decodeTo48kMono(mp4, 'detect', 120)
      expect(Math.abs(sound.length / 48_000 - sourceSeconds) / sourceSeconds).toBeLessThan(0.02)
      const zip = await fetch(`${address}/v1/dubbing/${created.dubbingId}/export/es?format=tracks_zip`, {
        headers: { 'xi-api-key': apiKey },
      })
      expect(zip.headers.get('content-type')).toBe('application/zip')
      expect(
        Buffer.from(await zip.arrayBuffer())
          .subarray(0, 2)
          .toString(),
      ).toBe('PK')
      const srt = await fetch(`${address}/v1/dubbing/${created.dubbingId}/export/es?format=srt`, {
        headers: { 'xi-api-key': apiKey },
      })
      expect(srt.headers.get('content-disposition')).toMatch(/attachment; filename=".*_es\.srt"/)
      expect(await srt.text()).toMatch(/-->/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)

  it('fails a file with no speech and refunds it', async () => {
    const before = await used()
    const hum = new Int16Array(3 * RATE).map((_, i) =>
      Math.round(300 * Math.sin((2 * Math.PI * 100 * i) / RATE)),
    )
    const created = await client.dubbing.create({
      file: { data: pcmWav(Buffer.from(hum.buffer), RATE), filename: 'hum.wav' },
      targetLang: 'es',
    })
    const { dub } = await finished(created.dubbingId)
    expect(dub.status).toBe('failed')
    expect(dub.error).toMatch(/No speech was found/)
    const raw = await fetch(`${address}/v1/dubbing/${created.dubbingId}`, {
      headers: { 'xi-api-key': apiKey },
    })
    expect(await raw.json()).toMatchObject({ refunded: true, state: 'refunded', credits: 0 })
    expect(await used()).toBe(before)
  }, 120_000)
})
