import { createHmac } from 'node:crypto'
import { existsSync } from 'node:fs'
import type { IncomingHttpHeaders } from 'node:http'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { type ElevenLabs, ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { ERRORS, SPEECH_TO_TEXT_JOB_ATTEMPTS } from '@timbre/contract'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser, workspaceIdOf } from '../../../../test/helpers/factories.js'
import { type SelfSignedCertificate, selfSignedCertificate } from '../../../../test/helpers/self-signed.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'
import { pcmWav } from '../../../../test/helpers/voice-factory.js'
import { wordErrorRate, words } from '../../../../test/helpers/word-error.js'

// Background transcription through the official SDK: `webhook=true` answers at once, the job
// reports its percent, the transcript reaches a real HTTPS receiver signed with the webhook's
// secret and carrying the request's metadata, and is stored and charged once; a workspace runs
// at most three at a time; a job whose runs keep dying fails with the product's message and
// tells the receiver; bad webhook options are refused before anything is stored.

const SENTENCE = 'The children painted a bright yellow boat for the summer festival.'

let tls: SelfSignedCertificate
let receiver: Server
let receiverPort: number
const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = []
let t: TestApp
let user: TestUser
let client: ElevenLabsClient
let webhookId: string
let webhookSecret: string

async function waitFor<T>(what: string, fn: () => Promise<T | undefined | null | false>, ms = 60_000) {
  const end = Date.now() + ms
  for (;;) {
    const value = await fn()
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

const call = (method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: user.auth, ...(payload ? { payload } : {}) })

async function refusal(promise: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ElevenLabsError) return { status: error.statusCode ?? 0, body: error.body }
    throw error
  }
  throw new Error('the call was not refused')
}

async function speech(text: string): Promise<Buffer> {
  const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!
  const r = await client.textToSpeech.convertWithTimestamps(emma.voice_id, {
    text,
    outputFormat: 'pcm_16000',
  })
  return pcmWav(Buffer.from(r.audioBase64, 'base64'), 16_000)
}

const jobRows = async () =>
  t.database.db.selectFrom('speech_to_text_jobs').selectAll().where('user_id', '=', user.userId).execute()

beforeAll(async () => {
  tls = selfSignedCertificate('IP:127.0.0.1,DNS:localhost')
  receiver = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      res.end('{}')
    })
  })
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
  receiverPort = (receiver.address() as AddressInfo).port
  t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_CA_FILE: tls.certPath } })
  user = await createUser(t.app, t.database, { verified: true })
  const key = (await call('POST', '/v1/user/api-keys', { name: 'sdk' })).json().api_key as string
  client = new ElevenLabsClient({ apiKey: key, baseUrl: await t.app.listen({ port: 0, host: '127.0.0.1' }) })
  const hook = (
    await call('POST', '/v1/workspace/webhooks', {
      settings: {
        auth_type: 'hmac',
        name: 'Transcripts',
        webhook_url: `https://127.0.0.1:${receiverPort}/stt`,
      },
    })
  ).json() as { webhook_id: string; webhook_secret: string }
  await call('PATCH', `/v1/workspace/webhooks/${hook.webhook_id}`, {
    name: 'Transcripts',
    is_disabled: false,
    events: ['speech_to_text'],
  })
  webhookId = hook.webhook_id
  webhookSecret = hook.webhook_secret
}, 120_000)

afterAll(async () => {
  await t?.close()
  receiver?.closeAllConnections()
  await new Promise((r) => receiver?.close(r))
  tls?.remove()
})

describe('background transcription', () => {
  it('answers at once, reports progress, and delivers the signed transcript with its metadata to the webhook', async () => {
    const wav = await speech(SENTENCE)
    const before = (await client.user.subscription.get()).characterCount
    const answer = (await client.speechToText.convert({
      modelId: 'scribe_v1',
      file: { data: wav, filename: 'festival.wav' },
      webhook: true,
      webhookId,
      webhookMetadata: { order: 'A-17', batch: { n: 2 } },
    })) as ElevenLabs.SpeechToTextWebhookResponseModel
    expect(answer.message).toBe('Request processed successfully')
    const id = answer.transcriptionId!
    expect(id).toBeTruthy()

    const seen: number[] = []
    const done = await waitFor('the job to end', async () => {
      const job = (await call('GET', `/v1/speech-to-text/jobs/${id}`)).json()
      seen.push(job.progress)
      return job.status === 'done' || job.status === 'failed' ? job : undefined
    })
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null, file_name: 'festival.wav' })
    expect(seen.every((p, i) => i === 0 || p >= seen[i - 1]!)).toBe(true)

    const hit = await waitFor('the webhook', async () => received.find((r) => r.body.includes(id)))
    const [ts, v0] = String(hit.headers['elevenlabs-signature'])
      .split(',')
      .map((p) => p.split('=')[1])
    expect(v0).toBe(createHmac('sha256', webhookSecret).update(`${ts}.${hit.body}`).digest('hex'))
    const event = JSON.parse(hit.body)
    expect(event.type).toBe('speech_to_text_transcription')
    expect(event.data.request_id).toBe(answer.requestId)
    expect(event.data.webhook_metadata).toEqual({ order: 'A-17', batch: { n: 2 } })
    expect(wordErrorRate(words(SENTENCE), words(event.data.transcription.text))).toBeLessThanOrEqual(0.3)

    const stored = (await client.speechToText.transcripts.get(
      id,
    )) as ElevenLabs.SpeechToTextChunkResponseModel
    expect(stored.text).toBe(event.data.transcription.text)
    const charged = (await client.user.subscription.get()).characterCount - before
    expect(charged).toBeGreaterThan(0)
    // The upload is gone once the transcript is stored.
    const [row] = (await jobRows()).filter((r) => r.id === id)
    expect(existsSync(join(t.dataDir, 'files', row!.upload_key))).toBe(false)
  }, 120_000)

  it('refuses a fourth file while three are being transcribed, storing nothing', async () => {
    const workspaceId = await workspaceIdOf(t.database.db, user.userId)
    // Three files a live worker is busy with (fresh heartbeats).
    for (const n of [1, 2, 3])
      await t.database.db
        .insertInto('speech_to_text_jobs')
        .values({
          id: `busy-${n}`,
          workspace_id: workspaceId,
          user_id: user.userId,
          api_key_id: null,
          request_id: `busy-${n}`,
          status: 'running',
          worker_token: 'live-worker',
          file_name: `busy-${n}.wav`,
          upload_key: `speech-to-text/uploads/${workspaceId}/busy-${n}`,
          options: JSON.stringify({}),
          webhook: false,
          webhook_id: null,
          webhook_metadata: null,
          error_code: null,
          error_message: null,
        })
        .execute()
    const before = (await jobRows()).length
    const refused = await refusal(
      client.speechToText.convert({
        modelId: 'scribe_v1',
        file: { data: await speech('One more file.'), filename: 'four.wav' },
        webhook: true,
      }),
    )
    expect(refused.status).toBe(429)
    expect(JSON.stringify(refused.body)).toContain(ERRORS.speech_to_text_too_many_jobs.message)
    expect((await jobRows()).length).toBe(before)
    const open = (await call('GET', '/v1/speech-to-text/jobs')).json().jobs as { transcription_id: string }[]
    expect(open.map((j) => j.transcription_id)).toEqual(
      expect.arrayContaining(['busy-1', 'busy-2', 'busy-3']),
    )
    await t.database.db.deleteFrom('speech_to_text_jobs').where('id', 'like', 'busy-%').execute()
  }, 60_000)

  it('fails a job whose runs keep dying with the product’s message, tells the webhook, and charges nothing', async () => {
    const before = (await client.user.subscription.get()).characterCount
    const workspaceId = await workspaceIdOf(t.database.db, user.userId)
    const id = 'dead-runs'
    // A job whose every allowed run started and died (as a killed worker leaves its row): the
    // next sweep takes the row over and the run finds no attempt left.
    await t.database.db
      .insertInto('speech_to_text_jobs')
      .values({
        id,
        workspace_id: workspaceId,
        user_id: user.userId,
        api_key_id: null,
        request_id: 'req-dead-runs',
        status: 'running',
        worker_token: 'dead-worker',
        attempts: SPEECH_TO_TEXT_JOB_ATTEMPTS,
        file_name: 'lost.wav',
        upload_key: `speech-to-text/uploads/${workspaceId}/${id}`,
        options: JSON.stringify({ modelId: 'scribe_v1', fileFormat: 'other' }),
        webhook: true,
        webhook_id: null,
        webhook_metadata: null,
        error_code: null,
        error_message: null,
        updated_at: new Date(Date.now() - 10 * 60_000),
      })
      .execute()
    const failed = await waitFor('the job to fail', async () => {
      const job = (await call('GET', `/v1/speech-to-text/jobs/${id}`)).json()
      return job.status === 'failed' ? job : undefined
    })
    expect(failed.error).toEqual({
      code: 'speech_to_text_failed',
      message: 'Transcription failed after automatic retries.',
    })
    const hit = await waitFor('the failure webhook', async () =>
      received.find((r) => r.body.includes(`"${id}"`) && r.body.includes('failed')),
    )
    expect(JSON.parse(hit.body).type).toBe('speech_to_text_transcription_failed')
    expect((await refusal(client.speechToText.transcripts.get(id))).status).toBe(404)
    expect((await client.user.subscription.get()).characterCount).toBe(before)
    // A failed job can be dismissed; a second dismissal finds nothing.
    expect((await call('DELETE', `/v1/speech-to-text/jobs/${id}`)).statusCode).toBe(200)
    expect((await call('DELETE', `/v1/speech-to-text/jobs/${id}`)).statusCode).toBe(404)
  }, 90_000)

  it('refuses bad webhook options and bad files before anything is stored', async () => {
    const wav = await speech('Short.')
    const before = (await jobRows()).length
    const cases: [() => Promise<unknown>, number, string][] = [
      [
        () =>
          client.speechToText.convert({
            modelId: 'scribe_v1',
            file: wav,
            webhook: true,
            webhookId: 'wh_unknown',
          }),
        422,
        'webhook_id',
      ],
      [
        () => client.speechToText.convert({ modelId: 'scribe_v1', file: wav, webhookId: webhookId }),
        422,
        'webhook_id',
      ],
      [
        () =>
          client.speechToText.convert({
            modelId: 'scribe_v1',
            file: wav,
            webhook: true,
            webhookMetadata: { a: { b: { c: 1 } } },
          }),
        422,
        'webhook_metadata',
      ],
      [
        () =>
          client.speechToText.convert({
            modelId: 'scribe_v1',
            file: { data: Buffer.from('not audio at all, just words'), filename: 'fake.wav' },
            webhook: true,
          }),
        400,
        'speech_to_text_invalid_file',
      ],
    ]
    for (const [send, status, word] of cases) {
      const r = await refusal(send())
      expect(r.status).toBe(status)
      expect(JSON.stringify(r.body)).toContain(word)
    }
    expect((await jobRows()).length).toBe(before)
    expect((await call('GET', '/v1/speech-to-text/jobs/nope')).statusCode).toBe(404)
  }, 60_000)
})
