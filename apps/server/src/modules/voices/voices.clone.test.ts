import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { analyseVoice, PREMADE_VOICES, type VoiceFeatures, voiceDistance } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { createWorkspaceVoice, pcmWav } from '../../../test/helpers/voice-factory.js'

// Instant voice cloning through the official SDK (voices.ivc.create), measured: samples are
// made by the project's own engines, a high voice and a low one; each clone must speak near
// its own samples' pitch and farther from the other's, and be usable for text to speech.

const RATE = 16_000
const SAMPLE_TEXT =
  'Good morning. This is a short recording of my voice, read slowly and clearly, so that a copy of it can be made. ' +
  'I am reading a few sentences about the weather, the garden and the river near my house.'
const TEST_TEXT =
  'Every clone should sound a little like the person it was made from. We measure its pitch and its pace on this sentence.'

let t: TestApp
let owner: TestUser
let client: ElevenLabsClient
let address: string

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return Buffer.concat(parts)
}

function pcmToFloat(pcm: Buffer): Float32Array {
  const out = new Float32Array(Math.floor(pcm.length / 2))
  for (let i = 0; i < out.length; i++) out[i] = pcm.readInt16LE(i * 2) / 32768
  return out
}

const wav = (pcm: Buffer, rate = RATE): Buffer => pcmWav(pcm, rate)

async function speak(voiceId: string, text: string): Promise<Buffer> {
  return bytes(
    await client.textToSpeech.convert(voiceId, {
      text,
      modelId: 'eleven_multilingual_v2',
      outputFormat: 'pcm_16000',
      seed: 1,
    }),
  )
}

const file = (data: Buffer, name: string) => new File([new Uint8Array(data)], name, { type: 'audio/wav' })

async function setTier(user: TestUser, tier: string): Promise<void> {
  await t.database.db
    .updateTable('subscriptions')
    .set({ tier, status: 'active', character_count: 0, character_limit: 1_000_000 })
    .where('workspace_id', '=', await workspaceIdOf(t.database.db, user.userId))
    .execute()
}

async function sdkFor(user: TestUser): Promise<ElevenLabsClient> {
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', permissions: ['voices', 'text-to-speech', 'models', 'user'] },
  })
  return new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address })
}

async function refusal(call: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  try {
    await call
  } catch (error) {
    if (!(error instanceof ElevenLabsError)) throw error
    const detail = (error.body as { detail: { code: string; message: string } }).detail
    return { status: error.statusCode ?? 0, code: detail.code, message: detail.message }
  }
  throw new Error('expected a refusal')
}

const ownedCount = async (user: TestUser) =>
  Number(
    (
      await t.database.db
        .selectFrom('voices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('workspace_id', '=', await workspaceIdOf(t.database.db, user.userId))
        .executeTakeFirstOrThrow()
    ).n,
  )

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t.app, t.database, { verified: true })
  await setTier(owner, 'creator')
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = await sdkFor(owner)
})
afterAll(() => t?.close())

describe('POST /v1/voices/add (instant voice cloning)', () => {
  it('clones a high and a low voice; each clone speaks near its own samples', async () => {
    const english = PREMADE_VOICES.filter((v) => v.language === 'en' && v.engine.engine === 'flite')
    const high = english.find((v) => v.labels.gender === 'female')!
    const low = english.find((v) => v.labels.gender === 'male')!
    const highPcm = await speak(high.voice_id, SAMPLE_TEXT)
    const lowPcm = await speak(low.voice_id, SAMPLE_TEXT)
    const highSamples = analyseVoice(pcmToFloat(highPcm), RATE)
    const lowSamples = analyseVoice(pcmToFloat(lowPcm), RATE)

    const highClone = await client.voices.ivc.create({
      name: 'High clone',
      files: [file(wav(highPcm), 'high.wav')],
      description: 'A clone of a high voice',
      labels: { language: 'en', accent: 'american' },
      removeBackgroundNoise: false,
    })
    expect(highClone).toEqual({ voiceId: expect.any(String), requiresVerification: false })
    const lowClone = await client.voices.ivc.create({
      name: 'Low clone',
      files: [
        file(wav(lowPcm.subarray(0, lowPcm.length / 2)), 'low-1.wav'),
        file(wav(lowPcm.subarray(lowPcm.length / 2)), 'low-2.wav'),
      ],
      removeBackgroundNoise: true,
    })

    const highOut = analyseVoice(pcmToFloat(await speak(highClone.voiceId, TEST_TEXT)), RATE)
    const lowOut = analyseVoice(pcmToFloat(await speak(lowClone.voiceId, TEST_TEXT)), RATE)
    const report = (f: VoiceFeatures) =>
      `F0 ${f.f0MedianHz.toFixed(1)} Hz (${f.f0LowHz.toFixed(0)}-${f.f0HighHz.toFixed(0)}), ` +
      `${f.syllablesPerSecond.toFixed(2)} syll/s, ${f.loudnessDb.toFixed(1)} dB`
    console.info(
      [
        `high samples: ${report(highSamples)}`,
        `high clone:   ${report(highOut)}`,
        `low samples:  ${report(lowSamples)}`,
        `low clone:    ${report(lowOut)}`,
        `distances: high clone to high samples ${voiceDistance(highOut, highSamples).toFixed(2)}, to low ${voiceDistance(highOut, lowSamples).toFixed(2)}; ` +
          `low clone to low samples ${voiceDistance(lowOut, lowSamples).toFixed(2)}, to high ${voiceDistance(lowOut, highSamples).toFixed(2)}`,
      ].join('\n'),
    )
    // The high clone speaks at least four semitones above the low one.
    expect(12 * Math.log2(highOut.f0MedianHz / lowOut.f0MedianHz)).toBeGreaterThan(4)
    // Each clone's pitch lies within two semitones of its own samples.
    expect(Math.abs(12 * Math.log2(highOut.f0MedianHz / highSamples.f0MedianHz))).toBeLessThan(2)
    expect(Math.abs(12 * Math.log2(lowOut.f0MedianHz / lowSamples.f0MedianHz))).toBeLessThan(2)
    expect(voiceDistance(highOut, highSamples)).toBeLessThan(voiceDistance(highOut, lowSamples))
    expect(voiceDistance(lowOut, lowSamples)).toBeLessThan(voiceDistance(lowOut, highSamples))

    // The similarity measured at creation is stored with the voice.
    const row = await t.database.db
      .selectFrom('voices')
      .select(['definition', 'category', 'labels'])
      .where('id', '=', highClone.voiceId)
      .executeTakeFirstOrThrow()
    const analysis = (row.definition as { clone_analysis: { similarity: number; distance: number } })
      .clone_analysis
    const lowRow = await t.database.db
      .selectFrom('voices')
      .select('definition')
      .where('id', '=', lowClone.voiceId)
      .executeTakeFirstOrThrow()
    const lowDefinition = lowRow.definition as {
      engine: unknown
      clone_analysis: { similarity: number; distance: number; base_voice_id: string; samples: VoiceFeatures }
    }
    console.info(
      `stored similarity: high ${analysis.similarity} (distance ${analysis.distance}); ` +
        `low ${lowDefinition.clone_analysis.similarity} (distance ${lowDefinition.clone_analysis.distance}), ` +
        `engine ${JSON.stringify(lowDefinition.engine)}, samples as measured ${report(lowDefinition.clone_analysis.samples)}`,
    )
    expect(analysis.similarity).toBeGreaterThan(0.5)
    expect(row.labels).toEqual({ language: 'en', accent: 'american' })

    // Both additions count towards the month's add/edit counter.
    expect((await client.user.subscription.get()).voiceAddEditCounter).toBe(2)

    // The clones list as cloned voices with their samples, and the denoise flag is kept.
    const listed = await client.voices.search({ category: 'cloned' })
    expect(listed.voices.map((v) => v.voiceId).sort()).toEqual([highClone.voiceId, lowClone.voiceId].sort())
    const lowVoice = await client.voices.get(lowClone.voiceId)
    expect(lowVoice).toMatchObject({ name: 'Low clone', category: 'cloned' })
    expect(lowVoice.samples).toHaveLength(2)
    expect(lowVoice.samples?.[0]).toMatchObject({
      fileName: 'low-1.wav',
      mimeType: 'audio/wav',
      removeBackgroundNoise: true,
    })
  }, 240_000)

  it('refuses non-audio, silence and a missing name; nothing is stored', async () => {
    const before = await ownedCount(owner)
    const text = await refusal(
      client.voices.ivc.create({
        name: 'Fake',
        files: [file(Buffer.from('RIFF....WAVEnot really audio'), 'fake.wav')],
      }),
    )
    expect(text).toMatchObject({ status: 422, code: 'invalid_audio_file' })
    expect(text.message).toContain('fake.wav')
    const silence = await refusal(
      client.voices.ivc.create({
        name: 'Quiet',
        files: [file(wav(Buffer.alloc(RATE * 2 * 3)), 'quiet.wav')],
      }),
    )
    expect(silence).toMatchObject({ status: 422, code: 'voice_sample_silent' })
    // Five minutes and a second: over the sample length limit (and still under 10 MiB).
    const long = await refusal(
      client.voices.ivc.create({
        name: 'Long',
        files: [file(wav(Buffer.alloc(RATE * 2 * 301)), 'long.wav')],
      }),
    )
    expect(long).toMatchObject({ status: 422, code: 'voice_sample_too_long' })
    expect(long.message).toContain('5 minutes')
    const noName = await t.app.inject({
      method: 'POST',
      url: '/v1/voices/add',
      headers: { ...owner.auth, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="description"\r\n\r\nhi\r\n--x--\r\n',
    })
    expect(noName.statusCode).toBe(422)
    expect(await ownedCount(owner)).toBe(before)
  })

  it('refuses a free plan and a workspace at its voice limit', async () => {
    const free = await createUser(t.app, t.database, { verified: true })
    const freeClient = await sdkFor(free)
    const sample = file(wav(await speak(PREMADE_VOICES[0]!.voice_id, SAMPLE_TEXT)), 's.wav')
    const refused = await refusal(freeClient.voices.ivc.create({ name: 'Mine', files: [sample] }))
    expect(refused).toMatchObject({ status: 403, code: 'voice_cloning_not_allowed' })
    expect(refused.message).toContain('free plan')

    const full = await createUser(t.app, t.database, { verified: true })
    await setTier(full, 'starter')
    for (let i = 0; i < 10; i++) await createWorkspaceVoice(t.database.db, { userId: full.userId })
    const limited = await refusal(
      (await sdkFor(full)).voices.ivc.create({ name: 'One more', files: [sample] }),
    )
    expect(limited).toMatchObject({ status: 403, code: 'voice_limit_reached' })
    expect(limited.message).toContain('10')
    expect(await ownedCount(full)).toBe(10)

    // The month's additions and edits are capped at round(1.5 x voice limit + 50): 65 on Starter.
    const busy = await createUser(t.app, t.database, { verified: true })
    await setTier(busy, 'starter')
    const workspaceId = await workspaceIdOf(t.database.db, busy.userId)
    await t.database.db
      .insertInto('voice_add_edits')
      .values(
        Array.from({ length: 65 }, (_, i) => ({
          id: `busy-${i}`,
          workspace_id: workspaceId,
          voice_id: 'gone',
          kind: 'add',
        })),
      )
      .execute()
    const capped = await refusal((await sdkFor(busy)).voices.ivc.create({ name: 'Again', files: [sample] }))
    expect(capped).toMatchObject({ status: 403, code: 'voice_add_edit_limit_reached' })
    expect(capped.message).toContain('65')
    expect(await ownedCount(busy)).toBe(0)
  }, 60_000)
})
