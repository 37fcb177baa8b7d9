import { audioIsolationCredits } from '@timbre/contract'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { characterCount, setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { multipartBody, pcmWav } from '../../../test/helpers/voice-factory.js'

// Voice isolation as a background job: the upload is stored and queued, a worker isolates it
// reporting its percent, and the job ends with a history item and the per-minute charge, or
// with the refusal and nothing charged; a job left by a dead worker is reported failed.

const RATE = 48_000
let t: TestApp
let user: TestUser
let other: TestUser
let workspaceId: string

/** A tone with noise: something to isolate, `seconds` long. */
function noisyTone(seconds: number): Buffer {
  const n = Math.round(seconds * RATE)
  const pcm = Buffer.alloc(n * 2)
  let state = 11
  for (let i = 0; i < n; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    const s = 0.3 * Math.sin((2 * Math.PI * 180 * i) / RATE) + 0.1 * (state / 2 ** 32 - 0.5)
    pcm.writeInt16LE(Math.round(s * 32767), i * 2)
  }
  return pcmWav(pcm, RATE)
}

async function submit(as: TestUser, audio: Buffer, url = '/v1/audio-isolation/jobs') {
  const body = await multipartBody({}, [{ name: 'take.wav', data: audio, type: 'audio/wav', field: 'audio' }])
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...as.auth, ...body.headers },
    payload: body.payload,
  })
}

const status = (as: TestUser, id: string) =>
  t.app.inject({ method: 'GET', url: `/v1/audio-isolation/jobs/${id}`, headers: as.auth })

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  other = await createUser(t.app, t.database, { verified: true })
  workspaceId = await setPlan(t.database, user.userId, {
    tier: 'creator',
    status: 'active',
    characterCount: 0,
    characterLimit: 100_000,
  })
})
afterAll(() => t?.close())

describe('voice isolation jobs', () => {
  it('reports its percent while it runs, then its history item; charges per minute once', async () => {
    const seconds = 40
    const submitted = await submit(user, noisyTone(seconds))
    expect(submitted.statusCode, submitted.body).toBe(202)
    const job = submitted.json()
    expect(job).toMatchObject({ status: 'queued', progress: 0, history_item_id: null, error: null })
    const seen: number[] = []
    let last = job
    for (let i = 0; i < 1200 && last.status !== 'done' && last.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 50))
      last = (await status(user, job.job_id)).json()
      if (last.status === 'running') seen.push(last.progress)
    }
    expect(last).toMatchObject({ status: 'done', progress: 100, error: null })
    expect(seen.some((p) => p > 0 && p < 100)).toBe(true)
    expect([...seen].sort((a, b) => a - b)).toEqual(seen)
    const audio = await t.app.inject({
      method: 'GET',
      url: `/v1/audio-isolation/history/${last.history_item_id}/audio`,
      headers: user.auth,
    })
    expect(audio.statusCode).toBe(200)
    expect(audio.rawPayload.length).toBeGreaterThan(100_000)
    expect(await characterCount(t.database, workspaceId)).toBe(audioIsolationCredits(seconds))
    // The job row says done; for another workspace the job does not exist.
    const uploads = await sql<{ n: number }>`select count(*)::int as n from audio_isolation_jobs
      where id = ${job.job_id} and status = 'done'`.execute(t.database.db)
    expect(uploads.rows[0]?.n).toBe(1)
    expect((await status(other, job.job_id)).statusCode).toBe(404)
  }, 120_000)

  it('a refused run (credits used up) fails the job with the refusal and charges nothing', async () => {
    await setPlan(t.database, user.userId, { characterCount: 99_990, characterLimit: 100_000 })
    const before = await characterCount(t.database, workspaceId)
    const sync = await submit(user, noisyTone(3), '/v1/audio-isolation')
    expect(sync.statusCode).toBe(401)
    expect(sync.json().detail.code).toBe('quota_exceeded')
    const submitted = (await submit(user, noisyTone(3))).json()
    let last = submitted
    for (let i = 0; i < 200 && last.status !== 'failed' && last.status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 50))
      last = (await status(user, submitted.job_id)).json()
    }
    expect(last).toMatchObject({ status: 'failed', history_item_id: null, error: { code: 'quota_exceeded' } })
    expect(await characterCount(t.database, workspaceId)).toBe(before)
    const ledger = await sql<{ n: number }>`select count(*)::int as n from credit_ledger
      where workspace_id = ${workspaceId} and state = 'reserved'`.execute(t.database.db)
    expect(ledger.rows[0]?.n).toBe(0)
    await setPlan(t.database, user.userId, { characterCount: 0 })
  }, 60_000)

  it('a job whose worker went silent is reported failed and marked so', async () => {
    const id = 'deadjob0000000000001'
    await t.database.db
      .insertInto('audio_isolation_jobs')
      .values({
        id,
        workspace_id: workspaceId,
        user_id: user.userId,
        api_key_id: null,
        request_id: 'req-dead',
        status: 'running',
        progress: 40,
        file_name: 'lost.wav',
        file_format: 'other',
        upload_key: 'audio-isolation/uploads/none',
        preview_b64: null,
        history_item_id: null,
        error_code: null,
        error_message: null,
        updated_at: new Date(Date.now() - 5 * 60_000),
      })
      .execute()
    const view = (await status(user, id)).json()
    expect(view).toMatchObject({ status: 'failed', progress: 40, error: { code: 'audio_isolation_failed' } })
    const row = await t.database.db
      .selectFrom('audio_isolation_jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('failed')
  })
})
