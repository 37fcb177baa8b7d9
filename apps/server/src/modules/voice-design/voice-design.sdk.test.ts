import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { analyseVoice, PREMADE_VOICES, voiceProfile } from '@timbre/speech'
import { MPEGDecoder } from 'mpg123-decoder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Voice design and remix through the official SDK (textToVoice.design, createPreviews,
// preview.stream, create, remix), measured: the three previews of a design differ in pitch or
// spectrum, a deep male description speaks lower than a high-pitched female one, a remix asked
// for a higher pitch raises it, and bad input is refused with nothing charged.

const TEXT =
  'Every morning the baker opens the shop at six, and the whole street smells of warm bread and fresh coffee until noon.'

let t: TestApp
let client: ElevenLabsClient
let user: TestUser
let other: TestUser

async function decodeMp3(audio: Uint8Array): Promise<{ samples: Float32Array; sampleRate: number }> {
  const decoder = new MPEGDecoder()
  await decoder.ready
  try {
    const out = decoder.decode(audio)
    return { samples: Float32Array.from(out.channelData[0]!), sampleRate: out.sampleRate }
  } finally {
    decoder.free()
  }
}

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return Buffer.concat(parts)
}

async function measure(audio: Uint8Array) {
  const { samples, sampleRate } = await decodeMp3(audio)
  const features = analyseVoice(samples, sampleRate)
  return {
    f0: features.f0MedianHz,
    centroid: voiceProfile(samples, sampleRate).centroidHz,
    seconds: samples.length / sampleRate,
  }
}

const semitones = (a: number, b: number) => 12 * Math.log2(a / b)
const used = async () => (await client.user.subscription.get()).characterCount

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  other = await createUser(t.app, t.database, { verified: true })
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk' },
  })
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address, timeoutInSeconds: 300 })
})
afterAll(async () => {
  await t?.close()
})

describe('voice design through the SDK', () => {
  let firstPreview: { id: string; audio: string; f0: number }

  it('design gives three previews that differ measurably; a deep man speaks lower than a high-pitched woman', async () => {
    const before = await used()
    const deep = await client.textToVoice.design({
      voiceDescription: 'A deep, low male voice, an older man with a calm and warm tone',
      text: TEXT,
      seed: 11,
    })
    expect(deep.text).toBe(TEXT)
    expect(deep.previews).toHaveLength(3)
    const high = await client.textToVoice.createPreviews({
      voiceDescription: 'A high-pitched young female voice, bright and cheerful',
      text: TEXT,
      seed: 11,
    })
    expect(high.previews).toHaveLength(3)
    const deepM = await Promise.all(deep.previews.map((p) => measure(Buffer.from(p.audioBase64, 'base64'))))
    const highM = await Promise.all(high.previews.map((p) => measure(Buffer.from(p.audioBase64, 'base64'))))
    console.log(
      `design F0 (Hz): deep male ${deepM.map((m) => m.f0.toFixed(0)).join(', ')}; high female ${highM.map((m) => m.f0.toFixed(0)).join(', ')}`,
    )
    console.log(
      `design centroid (Hz): deep male ${deepM.map((m) => m.centroid.toFixed(0)).join(', ')}; high female ${highM.map((m) => m.centroid.toFixed(0)).join(', ')}`,
    )
    for (const p of [...deep.previews, ...high.previews]) {
      expect(p.mediaType).toBe('audio/mpeg')
      expect(p.generatedVoiceId).toMatch(/^[A-Za-z0-9]{20}$/)
      expect(p.language).toBe('en')
    }
    for (const [i, m] of [...deepM, ...highM].entries()) {
      expect(m.seconds).toBeGreaterThan(3)
      expect([...deep.previews, ...high.previews][i]!.durationSecs).toBeCloseTo(m.seconds, 0)
    }
    // Every pair of previews of one design: at least half a semitone or 3 % of spectral centroid apart.
    for (const set of [deepM, highM]) {
      for (let i = 0; i < set.length; i++) {
        for (let j = i + 1; j < set.length; j++) {
          const pitchApart = Math.abs(semitones(set[i]!.f0, set[j]!.f0)) >= 0.5
          const spectrumApart = Math.abs(set[i]!.centroid / set[j]!.centroid - 1) >= 0.03
          expect(pitchApart || spectrumApart, `previews ${i} and ${j}`).toBe(true)
        }
      }
    }
    expect(Math.max(...deepM.map((m) => m.f0))).toBeLessThan(Math.min(...highM.map((m) => m.f0)))
    expect(Math.max(...deepM.map((m) => m.f0))).toBeLessThan(140)
    expect(Math.min(...highM.map((m) => m.f0))).toBeGreaterThan(180)
    // Charged as text to speech: the text's characters, once per request.
    expect((await used()) - before).toBe(2 * TEXT.length)
    firstPreview = {
      id: deep.previews[0]!.generatedVoiceId,
      audio: deep.previews[0]!.audioBase64,
      f0: deepM[0]!.f0,
    }
  }, 240_000)

  it('reads descriptions in German, French and Spanish', async () => {
    const cases = [
      { voiceDescription: 'Eine tiefe, ruhige Männerstimme, langsam und warm', low: true, language: 'de' },
      {
        voiceDescription: 'Une voix de femme aiguë, douce et jeune, qui parle vite',
        low: false,
        language: 'fr',
      },
      {
        voiceDescription: 'Una voz masculina muy grave y lenta, de un hombre mayor',
        low: true,
        language: 'es',
      },
    ]
    for (const c of cases) {
      const result = await client.textToVoice.design({
        voiceDescription: c.voiceDescription,
        autoGenerateText: true,
        seed: 3,
      })
      expect(result.text.length).toBeGreaterThanOrEqual(70)
      const f0s = await Promise.all(
        result.previews.map(async (p) => (await measure(Buffer.from(p.audioBase64, 'base64'))).f0),
      )
      console.log(
        `design ${c.language}: F0 ${f0s.map((f) => f.toFixed(0)).join(', ')} Hz — ${result.text.slice(0, 40)}…`,
      )
      expect(result.previews.every((p) => p.language === c.language)).toBe(true)
      if (c.low) expect(Math.max(...f0s)).toBeLessThan(140)
      else expect(Math.min(...f0s)).toBeGreaterThan(180)
    }
  }, 240_000)

  it('preview.stream gives the stored preview; another workspace cannot reach it', async () => {
    const audio = await bytes(await client.textToVoice.preview.stream(firstPreview.id))
    expect(audio.equals(Buffer.from(firstPreview.audio, 'base64'))).toBe(true)
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/v1/text-to-voice/${firstPreview.id}/stream`,
      headers: other.auth,
    })
    expect(foreign.statusCode).toBe(404)
  })

  it('create makes a generated voice that speaks like its preview, within the plan voice limit', async () => {
    const voice = await client.textToVoice.create({
      voiceName: 'Deep designer',
      voiceDescription: 'A deep, low male voice, an older man with a calm and warm tone',
      generatedVoiceId: firstPreview.id,
      labels: { use_case: 'narration' },
    })
    expect(voice.category).toBe('generated')
    expect(voice.name).toBe('Deep designer')
    expect(voice.labels?.use_case).toBe('narration')
    const speech = await bytes(
      await client.textToSpeech.convert(voice.voiceId, { text: TEXT, outputFormat: 'mp3_44100_128' }),
    )
    const spoken = await measure(speech)
    console.log(`created voice F0 ${spoken.f0.toFixed(0)} Hz, its preview ${firstPreview.f0.toFixed(0)} Hz`)
    expect(Math.abs(semitones(spoken.f0, firstPreview.f0))).toBeLessThan(1)
    // The free plan holds 3 custom voices: two more fit, the fourth is refused and not stored.
    await client.textToVoice.create({
      voiceName: 'Two',
      voiceDescription: 'x',
      generatedVoiceId: firstPreview.id,
    })
    await client.textToVoice.create({
      voiceName: 'Three',
      voiceDescription: 'x',
      generatedVoiceId: firstPreview.id,
    })
    const refused = await client.textToVoice
      .create({ voiceName: 'Four', voiceDescription: 'x', generatedVoiceId: firstPreview.id })
      .then(
        () => null,
        (e: unknown) => e as ElevenLabsError,
      )
    expect(refused?.statusCode).toBe(403)
    const names = (await client.voices.search({ category: 'generated' })).voices.map((v) => v.name)
    expect(names.sort()).toEqual(['Deep designer', 'Three', 'Two'])
  }, 240_000)

  it('remix "a higher pitch" raises the F0 of a premade voice', async () => {
    const noah = PREMADE_VOICES.find((v) => v.name === 'Noah')!
    const original = await measure(
      await bytes(await client.textToSpeech.convert(noah.voice_id, { text: TEXT })),
    )
    const remix = await client.textToVoice.remix(noah.voice_id, {
      voiceDescription: 'Make the voice have a higher pitch.',
      text: TEXT,
      seed: 2,
    })
    expect(remix.previews).toHaveLength(3)
    const f0s = await Promise.all(
      remix.previews.map(async (p) => (await measure(Buffer.from(p.audioBase64, 'base64'))).f0),
    )
    console.log(
      `remix higher pitch: Noah ${original.f0.toFixed(0)} Hz -> ${f0s.map((f) => f.toFixed(0)).join(', ')} Hz`,
    )
    // One pitch step is 3 semitones; the three variations sit within half a semitone of it.
    // Each moves at least four fifths of its own step, and together they average that of one step.
    const moved = f0s.map((f0) => semitones(f0, original.f0))
    for (const shift of moved) expect(shift).toBeGreaterThan(0.8 * 2.35)
    expect(moved.reduce((a, b) => a + b, 0) / moved.length).toBeGreaterThanOrEqual(0.8 * 3)
  }, 240_000)

  it('refuses a short description, a preview text out of range, unknown previews and voices; nothing charged', async () => {
    const before = await used()
    const fail = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e as ElevenLabsError,
      )
    const short = await fail(client.textToVoice.design({ voiceDescription: 'A deep voice' }))
    expect(short?.statusCode).toBe(422)
    expect(JSON.stringify(short?.body)).toContain('at least 20 characters')
    const shortText = await fail(
      client.textToVoice.design({
        voiceDescription: 'A calm female narrator with a British accent',
        text: 'Too short.',
      }),
    )
    expect(shortText?.statusCode).toBe(422)
    expect(JSON.stringify(shortText?.body)).toContain('between 70 and 150 characters')
    // 151 characters: one over the limit, refused by every call that takes a preview text.
    const overLimit = `${TEXT} On Sundays the shop opens at half past eleven.`.slice(0, 151)
    expect([...overLimit.trim()].length).toBe(151)
    const description = 'A calm female narrator with a British accent'
    const longTexts = [
      await fail(client.textToVoice.design({ voiceDescription: description, text: overLimit })),
      await fail(client.textToVoice.createPreviews({ voiceDescription: description, text: overLimit })),
      await fail(
        client.textToVoice.remix(PREMADE_VOICES[0]!.voice_id, {
          voiceDescription: 'Make the voice have a higher pitch.',
          text: overLimit,
        }),
      ),
    ]
    for (const longText of longTexts) {
      expect(longText?.statusCode).toBe(422)
      expect(JSON.stringify(longText?.body)).toContain(
        'The preview text must be between 70 and 150 characters.',
      )
    }
    const unknown = await fail(
      client.textToVoice.create({
        voiceName: 'x',
        voiceDescription: 'x',
        generatedVoiceId: 'AAAAAAAAAAAAAAAAAAAA',
      }),
    )
    expect(unknown?.statusCode).toBe(404)
    const noVoice = await fail(
      client.textToVoice.remix('AAAAAAAAAAAAAAAAAAAA', {
        voiceDescription: 'Make the voice have a higher pitch.',
      }),
    )
    expect(noVoice?.statusCode).toBe(404)
    expect(await used()).toBe(before)
  })
})
