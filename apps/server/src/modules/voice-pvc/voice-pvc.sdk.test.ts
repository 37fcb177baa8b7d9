import { existsSync } from 'node:fs'
import { join as joinPath } from 'node:path'
import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { analyseVoice, PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, joinWorkspaceOf, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { pcmWav } from '../../../test/helpers/voice-factory.js'

// The professional voice clone flow through the official SDK (voices.pvc), measured: samples
// are spoken by two of the project's own engine voices (a female and a male one) and leveled
// to the recording rules; speaker separation must find both voices in their concatenation
// with the switch near the truth; the captcha passes for the sample's voice and is refused for
// the other; training runs as a job through the product's states and the clone then speaks.

const RATE = 16_000
/** Lower than the product's 30 minutes, so that a test can train (the operator's setting). */
const MIN_TRAINING_SECONDS = 15
const SENTENCES = [
  'Good morning. This is a recording of my voice, read slowly and clearly for a professional copy of it.',
  'I am reading about the weather, the garden and the river near my house, where the ducks swim in spring.',
  'On Sundays we walk to the market, buy fresh bread and apples, and talk with the neighbours for a while.',
]

let t: TestApp
let owner: TestUser
let client: ElevenLabsClient
let address: string
const english = PREMADE_VOICES.filter((v) => v.language === 'en' && v.engine.engine === 'flite')
const female = english.find((v) => v.labels.gender === 'female')!
const male = english.find((v) => v.labels.gender === 'male')!

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return Buffer.concat(parts)
}

const toFloat = (pcm: Buffer) => {
  const out = new Float32Array(Math.floor(pcm.length / 2))
  for (let i = 0; i < out.length; i++) out[i] = pcm.readInt16LE(i * 2) / 32768
  return out
}
const toPcm = (x: Float32Array) => {
  const out = Buffer.alloc(x.length * 2)
  for (let i = 0; i < x.length; i++)
    out.writeInt16LE(Math.round(Math.max(-1, Math.min(1, x[i]!)) * 32767), i * 2)
  return out
}

/** Speech of a voice leveled to `rmsDb` of speech, with peaks held below -3.5 dB. */
function leveled(x: Float32Array, rmsDb: number): Float32Array {
  const gain = 10 ** ((rmsDb - analyseVoice(x, RATE).loudnessDb) / 20)
  const ceiling = 10 ** (-3.5 / 20)
  return x.map((v) => Math.max(-ceiling, Math.min(ceiling, v * gain)))
}

async function speak(voiceId: string, text: string): Promise<Float32Array> {
  const pcm = await bytes(
    await client.textToSpeech.convert(voiceId, {
      text,
      modelId: 'eleven_multilingual_v2',
      outputFormat: 'pcm_16000',
      seed: 1,
    }),
  )
  return toFloat(pcm)
}

const join = (...parts: Float32Array[]) => {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
const wavFile = (x: Float32Array, name: string) =>
  new File([new Uint8Array(pcmWav(toPcm(x), RATE))], name, { type: 'audio/wav' })

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

async function status(user: TestUser, voiceId: string) {
  const response = await t.app.inject({ method: 'GET', url: `/v1/voices/pvc/${voiceId}`, headers: user.auth })
  expect(response.statusCode).toBe(200)
  return response.json()
}

async function captchaText(user: TestUser, voiceId: string, path = `/v1/voices/pvc/${voiceId}/captcha`) {
  const response = await t.app.inject({ method: 'GET', url: path, headers: user.auth })
  expect(response.statusCode).toBe(200)
  return response.json().text as string
}

const sampleCount = async (voiceId: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('pvc_samples')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('voice_id', '=', voiceId)
        .executeTakeFirstOrThrow()
    ).n,
  )

let femaleSpeech: Float32Array[]
let maleSpeech: Float32Array[]

beforeAll(async () => {
  t = await createTestApp({ env: { PVC_MIN_TRAINING_SECONDS: String(MIN_TRAINING_SECONDS) } })
  owner = await createUser(t.app, t.database, { verified: true })
  await setTier(owner, 'creator')
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = await sdkFor(owner)
  femaleSpeech = []
  maleSpeech = []
  for (const text of SENTENCES) {
    femaleSpeech.push(leveled(await speak(female.voice_id, text), -20))
    maleSpeech.push(leveled(await speak(male.voice_id, text), -20))
  }
}, 300_000)
afterAll(() => t?.close())

describe('professional voice cloning (voices.pvc)', () => {
  let voiceId: string

  it('is refused below the Creator plan with the product message', async () => {
    const starter = await createUser(t.app, t.database, { verified: true })
    await setTier(starter, 'starter')
    const refused = await refusal((await sdkFor(starter)).voices.pvc.create({ name: 'No', language: 'en' }))
    expect(refused).toMatchObject({ status: 403, code: 'pvc_not_allowed' })
    expect(refused.message).toContain('Creator plan or higher')
  })

  it('creates a draft; Creator includes one professional clone', async () => {
    const created = await client.voices.pvc.create({
      name: 'My professional voice',
      language: 'en',
      description: 'Read in a quiet room',
      labels: { accent: 'british' },
    })
    voiceId = created.voiceId
    expect(await status(owner, voiceId)).toMatchObject({ state: 'draft', language: 'en', verified: false })
    const voice = await client.voices.get(voiceId)
    expect(voice).toMatchObject({ category: 'professional', name: 'My professional voice' })
    expect(voice.fineTuning).toMatchObject({
      isAllowedToFineTune: true,
      state: { eleven_multilingual_v2: 'not_started' },
      verificationAttemptsCount: 0,
      manualVerificationRequested: false,
      datasetDurationSeconds: 0,
    })
    const second = await refusal(client.voices.pvc.create({ name: 'Second', language: 'en' }))
    expect(second).toMatchObject({ status: 403, code: 'pvc_limit_reached' })
    expect(second.message).toContain('1 professional voice clone')
    await client.voices.pvc.update(voiceId, { name: 'My PVC', description: 'Renamed' })
    expect((await status(owner, voiceId)).name).toBe('My PVC')
  })

  it('refuses bad samples with clear messages and stores none of them', async () => {
    const text = new File([new TextEncoder().encode('this is not audio at all '.repeat(200))], 'voice.wav', {
      type: 'audio/wav',
    })
    expect(await refusal(client.voices.pvc.samples.create(voiceId, { files: [text] }))).toMatchObject({
      status: 422,
      code: 'invalid_audio_file',
    })
    const silence = wavFile(new Float32Array(RATE * 3), 'silence.wav')
    expect(await refusal(client.voices.pvc.samples.create(voiceId, { files: [silence] }))).toMatchObject({
      status: 422,
      code: 'voice_sample_silent',
    })
    const loud = wavFile(
      femaleSpeech[0]!.map((v) => Math.max(-0.99, Math.min(0.99, v * 4))),
      'loud.wav',
    )
    const tooLoud = await refusal(client.voices.pvc.samples.create(voiceId, { files: [loud] }))
    expect(tooLoud).toMatchObject({ status: 422, code: 'pvc_sample_too_loud' })
    expect(tooLoud.message).toMatch(/-23 to -18 dB RMS with peaks below -3 dB/)
    const quiet = wavFile(
      femaleSpeech[0]!.map((v) => v * 0.2),
      'quiet.wav',
    )
    expect(await refusal(client.voices.pvc.samples.create(voiceId, { files: [quiet] }))).toMatchObject({
      code: 'pvc_sample_too_quiet',
    })
    // A good sample beside a bad one: the whole upload is refused.
    const mixed = await refusal(
      client.voices.pvc.samples.create(voiceId, { files: [wavFile(femaleSpeech[0]!, 'ok.wav'), silence] }),
    )
    expect(mixed.code).toBe('voice_sample_silent')
    expect(await sampleCount(voiceId)).toBe(0)
  })

  it('takes samples in the voice language only, with waveform and audio', async () => {
    const added = await client.voices.pvc.samples.create(voiceId, {
      files: [wavFile(femaleSpeech[0]!, 'one.wav'), wavFile(femaleSpeech[1]!, 'two.wav')],
      removeBackgroundNoise: false,
    })
    expect(added).toHaveLength(2)
    expect(added[0]).toMatchObject({ fileName: 'one.wav', mimeType: 'audio/wav' })
    expect(added[0]!.durationSecs).toBeCloseTo(femaleSpeech[0]!.length / RATE, 1)
    const sampleId = added[0]!.sampleId!
    const waveform = await client.voices.pvc.samples.waveform.get(voiceId, sampleId)
    expect(waveform.visualWaveform).toHaveLength(200)
    expect(Math.max(...waveform.visualWaveform)).toBeGreaterThan(0.3)
    const audio = await client.voices.pvc.samples.audio.get(voiceId, sampleId)
    expect(audio).toMatchObject({ voiceId, sampleId, mediaType: 'audio/wav' })
    expect(Buffer.from(audio.audioBase64, 'base64').subarray(0, 4).toString()).toBe('RIFF')

    // A sample declared in another language is refused, and so is changing the voice's language.
    const boundary = 'pvc-boundary'
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="language"\r\n\r\nde\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="de.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
      ),
      pcmWav(toPcm(femaleSpeech[2]!), RATE),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const german = await t.app.inject({
      method: 'POST',
      url: `/v1/voices/pvc/${voiceId}/samples`,
      headers: { ...owner.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    })
    expect(german.statusCode).toBe(422)
    expect(german.json().detail.code).toBe('pvc_language_mismatch')
    const relabel = await refusal(client.voices.pvc.update(voiceId, { language: 'de' }))
    expect(relabel).toMatchObject({ status: 422, code: 'pvc_language_mismatch' })
    expect(await sampleCount(voiceId)).toBe(2)

    // Trim, rename, delete.
    await client.voices.pvc.samples.update(voiceId, sampleId, { trimStartTime: 0.2, fileName: 'first.wav' })
    const trimmed = await client.voices.pvc.samples.audio.get(voiceId, sampleId)
    expect(trimmed.durationSecs).toBeCloseTo(femaleSpeech[0]!.length / RATE - 0.2, 1)
    expect(
      await refusal(
        client.voices.pvc.samples.update(voiceId, sampleId, { trimStartTime: 5, trimEndTime: 1 }),
      ),
    ).toMatchObject({ status: 422 })
  })

  it('separates two engine voices in one sample, with the switch near the truth', async () => {
    const pause = new Float32Array(Math.round(RATE * 0.6))
    const first = join(femaleSpeech[0]!, pause, femaleSpeech[1]!)
    const switchAt = (first.length + pause.length) / RATE
    const mixed = join(first, pause, maleSpeech[0]!, pause, maleSpeech[1]!)
    const [sample] = await client.voices.pvc.samples.create(voiceId, {
      files: [wavFile(mixed, 'two-speakers.wav')],
    })
    const sampleId = sample!.sampleId!
    expect(await client.voices.pvc.samples.speakers.separate(voiceId, sampleId)).toEqual({ status: 'ok' })
    let result = await client.voices.pvc.samples.speakers.get(voiceId, sampleId)
    while (result.status === 'pending') {
      await new Promise((r) => setTimeout(r, 200))
      result = await client.voices.pvc.samples.speakers.get(voiceId, sampleId)
    }
    expect(result.status).toBe('completed')
    const speakers = Object.values(result.speakers ?? {})
    const report = speakers.map(
      (s) => `${s!.speakerId}: ${s!.utterances!.map((u) => `${u.start}-${u.end}`).join(', ')}`,
    )
    console.info(`speaker separation (truth: switch at ${switchAt.toFixed(2)} s): ${report.join(' | ')}`)
    expect(speakers).toHaveLength(2)
    const [a, b] = speakers as NonNullable<(typeof speakers)[number]>[]
    const lastOfFirst = Math.max(...a!.utterances!.map((u) => u.end))
    const firstOfSecond = Math.min(...b!.utterances!.map((u) => u.start))
    expect(Math.abs(lastOfFirst - (switchAt - pause.length / RATE))).toBeLessThan(0.5)
    expect(Math.abs(firstOfSecond - switchAt)).toBeLessThan(0.5)
    expect(a!.durationSecs).toBeGreaterThan(first.length / RATE - 1.5)
    const audio = await client.voices.pvc.samples.speakers.audio.get(voiceId, sampleId, b!.speakerId)
    expect(audio.durationSecs).toBeGreaterThan((maleSpeech[0]!.length + maleSpeech[1]!.length) / RATE - 1.5)
    // The separated male part measures lower than the female part.
    const pcm = toFloat(Buffer.from(audio.audioBase64, 'base64').subarray(44))
    const maleF0 = analyseVoice(pcm, 48_000).f0MedianHz
    const femaleF0 = analyseVoice(femaleSpeech[0]!, RATE).f0MedianHz
    console.info(`separated speaker F0 ${maleF0.toFixed(1)} Hz; the female voice ${femaleF0.toFixed(1)} Hz`)
    expect(maleF0).toBeLessThan(femaleF0 * 0.8)
    await client.voices.pvc.samples.delete(voiceId, sampleId)
    expect(await sampleCount(voiceId)).toBe(2)
  })

  it('refuses training without enough audio, then waits for verification', async () => {
    await client.voices.pvc.samples.delete(voiceId, (await status(owner, voiceId)).samples[1].sample_id)
    const short = await refusal(client.voices.pvc.train(voiceId))
    expect(short).toMatchObject({ status: 422, code: 'pvc_not_enough_audio' })
    await client.voices.pvc.samples.create(voiceId, {
      files: [wavFile(femaleSpeech[1]!, 'two.wav'), wavFile(femaleSpeech[2]!, 'three.wav')],
    })
    expect(await client.voices.pvc.train(voiceId, { modelId: 'eleven_multilingual_v2' })).toEqual({
      status: 'needs_verification',
    })
    expect((await status(owner, voiceId)).state).toBe('needs_verification')
    const waiting = (await client.voices.get(voiceId)).fineTuning
    expect(waiting?.state).toEqual({ eleven_multilingual_v2: 'queued' })
    expect(waiting?.datasetDurationSeconds).toBeGreaterThan(MIN_TRAINING_SECONDS)
    // Not ready: text to speech does not speak it yet.
    const early = await t.app.inject({
      method: 'POST',
      url: `/v1/text-to-speech/${voiceId}`,
      headers: owner.auth,
      payload: { text: 'Hello there.' },
    })
    expect(early.statusCode).toBeGreaterThanOrEqual(400)
    expect(early.statusCode).toBeLessThan(500)
  })

  it('refuses a captcha read by another speaker, accepts the owner, and trains as a job', async () => {
    const text = await captchaText(owner, voiceId)
    expect(text.length).toBeGreaterThan(30)
    expect(await captchaText(owner, voiceId, `/v1/voices/${voiceId}/captcha`)).not.toBe('')
    await client.voices.pvc.verification.captcha.get(voiceId)
    const reading = await captchaText(owner, voiceId)
    const other = leveled(await speak(male.voice_id, reading), -20)
    const refused = await refusal(
      client.voices.pvc.verification.captcha.verify(voiceId, { recording: wavFile(other, 'captcha.wav') }),
    )
    expect(refused).toMatchObject({ status: 422, code: 'pvc_verification_failed' })
    const otherDistance = Number(/distance ([\d.]+)/.exec(refused.message)![1])
    expect((await status(owner, voiceId)).verification_attempts_count).toBe(1)
    expect((await client.voices.get(voiceId)).fineTuning?.verificationAttemptsCount).toBe(1)

    const own = leveled(await speak(female.voice_id, reading), -20)
    const accepted = await client.voices.pvc.verification.captcha.verify(voiceId, {
      recording: wavFile(own, 'captcha.wav'),
    })
    expect(accepted.status).toBe('ok')
    const row = await t.database.db
      .selectFrom('pvc_voices')
      .select('last_verification_distance')
      .where('voice_id', '=', voiceId)
      .executeTakeFirstOrThrow()
    console.info(
      `captcha verification distance: owner ${row.last_verification_distance}, other speaker ${otherDistance} (threshold 3)`,
    )
    expect(otherDistance).toBeGreaterThan(3)
    expect(row.last_verification_distance!).toBeLessThan(otherDistance / 2)

    // Verification started the training asked for earlier; its progress rises to ready.
    const seen: string[] = []
    for (;;) {
      const s = await status(owner, voiceId)
      seen.push(`${s.state}:${s.training_progress}`)
      if (s.state === 'ready' || s.training_error) break
      await new Promise((r) => setTimeout(r, 100))
    }
    console.info(`training states seen: ${[...new Set(seen)].join(' ')}`)
    expect(seen.at(-1)).toBe('ready:100')
    expect(seen.some((s) => s.startsWith('fine_tuning'))).toBe(true)
    expect((await client.voices.get(voiceId)).fineTuning).toMatchObject({
      isAllowedToFineTune: false,
      state: { eleven_multilingual_v2: 'fine_tuned' },
      progress: { eleven_multilingual_v2: 1 },
    })
    expect(await refusal(client.voices.pvc.train(voiceId))).toMatchObject({
      status: 409,
      code: 'pvc_voice_busy',
    })

    // The ready clone speaks, near its samples' pitch.
    const trained = await t.database.db
      .selectFrom('voices')
      .select('definition')
      .where('id', '=', voiceId)
      .executeTakeFirstOrThrow()
    const report = (trained.definition as { clone_analysis: { distance: number; similarity: number } })
      .clone_analysis
    console.info(`training report: distance ${report.distance}, similarity ${report.similarity}`)
    expect(report.similarity).toBeGreaterThan(0.5)
    const out = analyseVoice(
      await speak(voiceId, 'The trained voice reads this sentence to be measured.'),
      RATE,
    )
    const samples = analyseVoice(join(...femaleSpeech), RATE)
    const semitones = 12 * Math.log2(out.f0MedianHz / samples.f0MedianHz)
    console.info(
      `trained clone F0 ${out.f0MedianHz.toFixed(1)} Hz, samples ${samples.f0MedianHz.toFixed(1)} Hz (${semitones.toFixed(2)} semitones)`,
    )
    expect(Math.abs(semitones)).toBeLessThan(2)
  })

  it('caps verification attempts, takes manual verification with documents, and keeps workspaces apart', async () => {
    const business = await createUser(t.app, t.database, { verified: true })
    await setTier(business, 'scale_2024_08_10')
    const sdk = await sdkFor(business)
    const { voiceId: id } = await sdk.voices.pvc.create({ name: 'Capped', language: 'en' })
    await sdk.voices.pvc.samples.create(id, { files: [wavFile(femaleSpeech[0]!, 'a.wav')] })
    await captchaText(business, id)
    const other = wavFile(maleSpeech[2]!, 'other.wav')
    const codes: string[] = []
    for (let i = 0; i < 6; i++) {
      codes.push((await refusal(sdk.voices.pvc.verification.captcha.verify(id, { recording: other }))).code)
    }
    expect(codes).toEqual([
      'pvc_verification_failed',
      'pvc_verification_failed',
      'pvc_verification_failed',
      'pvc_verification_failed',
      'pvc_verification_attempts_exhausted',
      'pvc_verification_attempts_exhausted',
    ])
    const exhausted = await refusal(
      sdk.voices.pvc.verification.captcha.verify(id, { recording: wavFile(femaleSpeech[1]!, 'own.wav') }),
    )
    expect(exhausted.message).toContain('Maximum verification attempts reached')

    expect(await refusal(sdk.voices.pvc.verification.request(id, { files: [] }))).toMatchObject({
      status: 422,
      code: 'pvc_manual_verification_files',
    })
    const document = new File([new TextEncoder().encode('%PDF-1.4 consent form')], 'consent.pdf', {
      type: 'application/pdf',
    })
    expect(
      await sdk.voices.pvc.verification.request(id, { files: [document], extraText: 'My own voice' }),
    ).toEqual({
      status: 'ok',
    })
    expect((await status(business, id)).manual_verification_requested).toBe(true)

    // Another workspace sees none of it.
    expect(
      await refusal(client.voices.pvc.samples.create(id, { files: [wavFile(femaleSpeech[0]!, 'x.wav')] })),
    ).toMatchObject({ status: 404 })
    const foreign = await t.app.inject({ method: 'GET', url: `/v1/voices/pvc/${id}`, headers: owner.auth })
    expect(foreign.statusCode).toBe(404)

    // A clone blocked for a terms violation takes no further step.
    await t.database.db
      .updateTable('pvc_voices')
      .set({ state: 'blocked' })
      .where('voice_id', '=', id)
      .execute()
    const blocked = await refusal(
      sdk.voices.pvc.samples.create(id, { files: [wavFile(femaleSpeech[0]!, 'b.wav')] }),
    )
    expect(blocked).toMatchObject({ status: 403, code: 'pvc_voice_blocked' })
    expect(blocked.message).toContain('blocked for a terms violation')
    const blockedView = (await sdk.voices.get(id)).fineTuning
    expect(blockedView).toMatchObject({
      isAllowedToFineTune: false,
      state: { eleven_multilingual_v2: 'failed' },
      verificationAttemptsCount: 5,
      manualVerificationRequested: true,
    })

    // Deleting the clone removes its sample and document files from storage.
    const flow = await t.database.db
      .selectFrom('pvc_voices')
      .select('manual_verification')
      .where('voice_id', '=', id)
      .executeTakeFirstOrThrow()
    const samples = await t.database.db
      .selectFrom('pvc_samples')
      .select('storage_key')
      .where('voice_id', '=', id)
      .execute()
    const keys = [
      ...samples.map((r) => r.storage_key),
      ...(flow.manual_verification as { files: Array<{ key: string }> }).files.map((f) => f.key),
    ]
    expect(keys).toHaveLength(2)
    const stored = () => keys.filter((key) => existsSync(joinPath(t.dataDir, 'files', key)))
    expect(stored()).toEqual(keys)
    await sdk.voices.delete(id)
    expect(stored()).toEqual([])
    expect(await sampleCount(id)).toBe(0)
  })
})

describe('professional voice cloning in a workspace', () => {
  it('refuses a member once the Everyone group loses professional voice cloning, and creates nothing', async () => {
    const boss = await createUser(t.app, t.database, { verified: true })
    await setTier(boss, 'scale_2024_08_10')
    const member = await createUser(t.app, t.database, { verified: true })
    const workspaceId = await joinWorkspaceOf(t.database.db, boss, member)
    const memberSdk = await sdkFor(member)
    const clones = async () =>
      (
        await t.database.db
          .selectFrom('voices')
          .select('name')
          .where('workspace_id', '=', workspaceId)
          .where('category', '=', 'professional')
          .execute()
      ).map((v) => v.name)

    // With the permission the member may start a clone.
    await memberSdk.voices.pvc.create({ name: 'Allowed', language: 'en' })
    expect(await clones()).toEqual(['Allowed'])

    const groups = (
      await t.app.inject({ method: 'GET', url: '/v1/workspace/groups', headers: boss.auth })
    ).json()
    const everyone = Object.values(groups).find((g) => (g as { is_everyone: boolean }).is_everyone) as {
      id: string
      permissions: string[]
    }
    expect(everyone.permissions).toContain('create_professional_voice_clone')
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/v1/workspace/groups/${everyone.id}`,
      headers: boss.auth,
      payload: { permissions: everyone.permissions.filter((p) => p !== 'create_professional_voice_clone') },
    })
    expect(changed.statusCode, changed.body).toBe(200)

    let refused: ElevenLabsError | undefined
    try {
      await memberSdk.voices.pvc.create({ name: 'Refused', language: 'en' })
    } catch (error) {
      refused = error as ElevenLabsError
    }
    expect(refused).toBeInstanceOf(ElevenLabsError)
    expect(refused!.statusCode).toBe(403)
    expect((refused!.body as { detail: { status: string } }).detail.status).toBe('product_access_denied')
    expect(await clones()).toEqual(['Allowed'])

    // The owner keeps every product.
    await (await sdkFor(boss)).voices.pvc.create({ name: 'By the owner', language: 'en' })
    expect((await clones()).sort()).toEqual(['Allowed', 'By the owner'])
  })
})
