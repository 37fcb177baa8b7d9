import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { characterCount, setProPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { multipartBody, pcmWav } from '../../../test/helpers/voice-factory.js'
import { createClaimsRepository } from './claims.repository.js'
import { sweepDeadlines } from './deadlines.use-case.js'
import { createOrdersRepository } from './orders.repository.js'
import type { ProductionsDeps } from './productions-deps.js'

// The marketplace end to end on real speech: a customer orders a human-edited transcript of a
// transcript the workspace has, pays with credits once, a qualified producer (applied, approved)
// claims it, edits the working copy in the transcript editor, saves and submits; the reviewer
// approves and the customer downloads the deliverable and rates it. Refusals are checked on
// the way: the spec's claim and feedback messages, an empty deliverable, an application without
// a qualification, a CV that is not a document, other workspaces and other producers.

const ADMIN_EMAIL = `productions-admin-${Date.now()}@example.com`
let t: TestApp
let customer: TestUser
let workspaceId: string
let admin: TestUser
let transcriptId: string
let silentTranscriptId: string

const as = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) })
const ws = (path: string) => `/v1/productions/workspace/${workspaceId}${path}`

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return Buffer.concat(parts)
}

async function order(
  transcription = transcriptId,
  name = 'Interview',
): Promise<{ description_id: string; order_id: string }> {
  const placed = await as(customer, 'POST', ws('/tasks/transcription-from-stt'), {
    transcription_id: transcription,
    source_language: 'en',
    number_of_speakers: 1,
    custom_name: name,
  })
  expect(placed.statusCode, placed.body).toBe(201)
  const body = placed.json()
  const paid = await as(customer, 'POST', ws(`/orders/${body.order_id}/pay`), { method: 'credits' })
  expect(paid.statusCode, paid.body).toBe(200)
  return body
}

async function producer(qualifications = [{ base: 'transcription', language: 'en' }]): Promise<TestUser> {
  const user = await createUser(t.app, t.database)
  const applied = await as(user, 'POST', '/v1/productions/producer-applicants', {
    first_name: 'Pat',
    email: user.email,
    start_date: '2026-12-01',
    context: 'Five years of subtitling for broadcast.',
    qualifications,
  })
  expect(applied.statusCode, applied.body).toBe(201)
  const decided = await as(
    admin,
    'PUT',
    `/v1/productions/producer-applicants/${applied.json().applicant_id}`,
    {
      decision: 'approve',
    },
  )
  expect(decided.statusCode, decided.body).toBe(200)
  return user
}

beforeAll(async () => {
  t = await createTestApp({
    env: { PRODUCTIONS_ADMIN_EMAILS: `other@example.com, ${ADMIN_EMAIL.toUpperCase()}` },
  })
  customer = await createUser(t.app, t.database)
  admin = await createUser(t.app, t.database, { email: ADMIN_EMAIL })
  workspaceId = await setProPlan(t.database, customer.userId)
  const key = (await as(customer, 'POST', '/v1/user/api-keys', { name: 'productions' })).json()
    .api_key as string
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const client = new ElevenLabsClient({ apiKey: key, baseUrl: address })
  const voice = PREMADE_VOICES.find((v) => v.name === 'Emma')!
  const pcm = await bytes(
    await client.textToSpeech.convert(voice.voice_id, {
      text: 'The weather was lovely this morning, so we walked along the river.',
      outputFormat: 'pcm_16000',
      seed: 3,
    }),
  )
  const speech = await client.speechToText.convert({
    modelId: 'scribe_v1',
    file: { data: pcmWav(pcm, 16_000), filename: 'walk.wav' },
  })
  transcriptId = (speech as { transcriptionId: string }).transcriptionId
  const silence = await client.speechToText.convert({
    modelId: 'scribe_v1',
    file: { data: pcmWav(Buffer.alloc(32_000 * 2), 16_000), filename: 'silence.wav' },
  })
  silentTranscriptId = (silence as { transcriptionId: string }).transcriptionId
}, 180_000)

afterAll(async () => {
  await t?.close()
})

describe('productions', () => {
  it('quotes by the one pricing rule: at least five minutes, modes add 30%, the launch discount', async () => {
    const quote = await as(customer, 'POST', ws('/quote'), {
      kind: 'transcription',
      transcription_id: transcriptId,
    })
    expect(quote.statusCode, quote.body).toBe(200)
    expect(quote.json()).toEqual({
      charged_duration_seconds: 300,
      cost_per_minute_cents: 220,
      subtotal_cents: 1100,
      discount_cents: 110,
      total_cents: 990,
      credits: 9900,
      estimated_hours: 48,
    })
    const verbatim = await as(customer, 'POST', ws('/quote'), {
      kind: 'subtitles',
      duration_seconds: 601,
      target_languages: ['fr', 'de'],
      verbatim: true,
    })
    // 11 minutes x 2 languages x $9.90 + 30%, less 10%.
    expect(verbatim.json()).toMatchObject({ charged_duration_seconds: 660, cost_per_minute_cents: 1287 })
    expect(verbatim.json().subtotal_cents).toBe(1287 * 11 * 2)
    const estimate = await as(
      customer,
      'GET',
      ws('/enterprise-credits-cost-estimate?kind=captions&duration_seconds=600'),
    )
    expect(estimate.json()).toMatchObject({ charged_duration_seconds: 600, total_cents: 2970 })
    const neither = await as(customer, 'POST', ws('/quote'), { kind: 'transcription' })
    expect(neither.statusCode).toBe(422)
  })

  it('orders from a transcript, charges the credits exactly once, and keeps other workspaces out', async () => {
    const before = await characterCount(t.database, workspaceId)
    const placed = await as(customer, 'POST', ws('/tasks/transcription-from-stt'), {
      transcription_id: transcriptId,
      source_language: 'en',
      verbatim: true,
      audio_event_tags: true,
      custom_name: 'River walk',
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const task = placed.json()
    expect(task).toMatchObject({
      name: 'River walk',
      status: 'payment_pending',
      task_state: 'payment_pending',
      options: { kind: 'transcription', verbatim: true, audio_event_tags: true, source_language: 'en' },
      quote: { charged_duration_seconds: 300, cost_per_minute_cents: 286 },
    })
    const stranger = await createUser(t.app, t.database)
    expect((await as(stranger, 'GET', ws(`/tasks/${task.description_id}`))).statusCode).toBe(403)
    const ownPath = `/v1/productions/workspace/${await import('../../../test/helpers/factories.js').then(
      (f) => f.workspaceIdOf(t.database.db, stranger.userId),
    )}/tasks/${task.description_id}`
    expect((await as(stranger, 'GET', ownPath)).statusCode).toBe(404)
    expect(
      (
        await as(customer, 'POST', ws('/tasks/transcription-from-stt'), {
          transcription_id: 'nope',
          source_language: 'en',
        })
      ).statusCode,
    ).toBe(404)

    const [first, second] = await Promise.all([
      as(customer, 'POST', ws(`/orders/${task.order_id}/pay`), { method: 'credits' }),
      as(customer, 'POST', ws(`/orders/${task.order_id}/pay`), { method: 'credits' }),
    ])
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409])
    const charged = task.quote.credits
    expect(await characterCount(t.database, workspaceId)).toBe(before + charged)
    const again = await as(customer, 'POST', ws(`/orders/${task.order_id}/pay`), { method: 'credits' })
    expect(again.statusCode).toBe(409)
    expect(await characterCount(t.database, workspaceId)).toBe(before + charged)
    const paid = (await as(customer, 'GET', ws(`/tasks/${task.description_id}`))).json()
    expect(paid).toMatchObject({ status: 'in_progress', task_state: 'unclaimed', payment_method: 'credits' })
    expect(paid.history.map((h: { event: string }) => h.event)).toEqual(['ordered', 'payment processed'])
    const renamed = await as(customer, 'PUT', ws(`/tasks/${task.description_id}/rename`), {
      name: 'River walk, final',
    })
    expect(renamed.json().name).toBe('River walk, final')
    const media = await as(customer, 'GET', ws(`/tasks/${task.description_id}/media`))
    expect(media.statusCode).toBe(200)
    expect(media.headers['content-type']).toBe('audio/mpeg')
    const waveform = (
      await as(customer, 'GET', ws(`/tasks/description/${task.description_id}/waveform`))
    ).json()
    expect(waveform.peaks.length).toBeGreaterThan(10)
  })

  it('refuses an application without a qualification and a CV that is not a document', async () => {
    const user = await createUser(t.app, t.database)
    const none = await as(user, 'POST', '/v1/productions/producer-applicants', {
      first_name: 'Sam',
      email: user.email,
      start_date: '2026-12-01',
      context: 'Court reporter.',
      qualifications: [],
    })
    expect(none.statusCode).toBe(422)
    expect(none.json().detail.message).toBe('Choose at least one qualification.')
    const missing = await as(user, 'POST', '/v1/productions/producer-applicants', {
      email: user.email,
      start_date: '2026-12-01',
      context: 'x',
      qualifications: [{ base: 'transcription', language: 'en' }],
    })
    expect(missing.statusCode).toBe(422)

    const upload = async (path: string, name: string, data: Buffer) => {
      const form = await multipartBody({}, [{ field: 'file', name, data }])
      return t.app.inject({
        method: 'POST',
        url: path,
        headers: { ...user.auth, ...form.headers },
        payload: form.payload,
      })
    }
    const notCv = await upload(
      '/v1/producer-applicants/cv/upload',
      'cv.pdf',
      pcmWav(Buffer.alloc(1000), 16_000),
    )
    expect(notCv.statusCode).toBe(422)
    expect(notCv.json().detail.message).toMatch(/not a document/)
    const cv = await upload(
      '/v1/producer-applicants/cv/upload',
      'cv.pdf',
      Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF'),
    )
    expect(cv.statusCode, cv.body).toBe(200)
    expect(cv.json().content_type).toBe('application/pdf')
    const notVideo = await upload(
      '/v1/producer-applicants/videos/upload',
      'me.mp4',
      Buffer.from('%PDF-1.4 pretending'),
    )
    expect(notVideo.statusCode).toBe(422)
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64)])
    const video = await upload('/v1/producer-applicants/videos/upload', 'me.mp4', mp4)
    expect(video.json().content_type).toBe('video/mp4')

    expect((await as(user, 'GET', '/v1/productions/producer-applicants/eligibility')).json().eligible).toBe(
      true,
    )
    const applied = await as(user, 'POST', '/v1/productions/producer-applicants', {
      first_name: 'Sam',
      email: user.email,
      start_date: '2026-12-01',
      context: 'Court reporter.',
      qualifications: [{ base: 'captions', language: 'en' }],
      cv_upload_id: cv.json().upload_id,
      video_upload_id: video.json().upload_id,
    })
    expect(applied.statusCode, applied.body).toBe(201)
    expect(
      (
        await as(user, 'POST', '/v1/productions/producer-applicants', {
          first_name: 'Sam',
          email: user.email,
          start_date: '2026-12-01',
          context: 'Again.',
          qualifications: [{ base: 'captions', language: 'en' }],
        })
      ).statusCode,
    ).toBe(409)
    // Applicants see their own application; only administrators see the pending ones and decide.
    expect((await as(user, 'GET', '/v1/productions/producer-applicants')).json().applicant.status).toBe(
      'pending',
    )
    expect(
      (
        await as(user, 'PUT', `/v1/productions/producer-applicants/${applied.json().applicant_id}`, {
          decision: 'approve',
        })
      ).statusCode,
    ).toBe(403)
    const pending = (await as(admin, 'GET', '/v1/productions/producer-applicants')).json().applicants
    expect(pending.find((a: { user_id: string }) => a.user_id === user.userId)).toMatchObject({
      has_cv: true,
      has_video: true,
      qualifications: [{ base: 'captions', language: 'en' }],
    })
    // Not yet a producer: the board is closed.
    expect((await as(user, 'GET', '/v1/productions/tasks/unclaimed')).statusCode).toBe(403)
  })

  it('a producer claims, edits, saves and submits; the review approves; the customer downloads and rates', async () => {
    const task = await order(transcriptId, 'Approved walk')
    const pat = await producer()
    const rival = await producer()
    const captioner = await producer([{ base: 'captions', language: 'en' }])
    const board = (await as(pat, 'GET', '/v1/productions/tasks/unclaimed')).json().tasks
    expect(board.map((b: { task_id: string }) => b.task_id)).toContain(task.description_id)
    expect((await as(captioner, 'GET', '/v1/productions/tasks/unclaimed')).json().tasks).toHaveLength(0)

    const missing = await as(pat, 'POST', '/v1/productions/producers/me/tasks/nope/claim')
    expect(missing.statusCode).toBe(409)
    expect(missing.json().detail.message).toBe(
      'This task could not be claimed or was not found or already claimed',
    )
    const claimed = await as(
      pat,
      'POST',
      `/v1/productions/producers/${pat.userId}/tasks/${task.description_id}/claim`,
    )
    expect(claimed.statusCode, claimed.body).toBe(200)
    const working = claimed.json().transcription_id as string
    const taken = await as(rival, 'POST', `/v1/productions/producers/me/tasks/${task.description_id}/claim`)
    expect(taken.statusCode).toBe(409)
    expect(taken.json().detail.message).toBe(
      'This task could not be claimed or was not found or already claimed',
    )
    const another = await order(transcriptId, 'Second walk')
    const second = await as(pat, 'POST', `/v1/productions/producers/me/tasks/${another.description_id}/claim`)
    expect(second.statusCode).toBe(409)
    expect(second.json().detail.message).toMatch(/already have an active production/)
    expect((await as(rival, 'GET', `/v1/productions/producers/${pat.userId}/tasks`)).statusCode).toBe(403)

    // The working copy is a transcript in the producer's workspace, edited in the transcript editor.
    const doc = (await as(pat, 'GET', `/v1/speech-to-text/transcripts/${working}/editor`)).json()
    expect(doc.audio.available).toBe(true)
    const first = doc.words.findIndex((w: { type: string }) => w.type === 'word')
    const edited = await as(pat, 'PATCH', `/v1/speech-to-text/transcripts/${working}/words`, {
      version: doc.version,
      from_index: first,
      to_index: first,
      text: 'Honestly',
    })
    expect(edited.statusCode, edited.body).toBe(200)
    const content = (
      await as(pat, 'GET', `/v1/productions/producers/me/tasks/${task.description_id}/content`)
    ).json()
    expect(content.text).toMatch(/^Honestly/)
    // What changed from the machine transcript: the first word, in the words and in the cues.
    const diffUrl = `/v1/productions/producers/me/tasks/${task.description_id}`
    const wordsDiff = (await as(pat, 'GET', `${diffUrl}/transcription/diff`)).json()
    expect(wordsDiff.hunks.slice(0, 3).map((h: { op: string }) => h.op)).toEqual([
      'delete',
      'insert',
      'equal',
    ])
    expect(wordsDiff.hunks[1].text).toBe('Honestly')
    expect(wordsDiff.added_words).toBe(1)
    expect(wordsDiff.edited_words).toBe(wordsDiff.machine_words - wordsDiff.removed_words + 1)
    const cuesDiff = (await as(pat, 'GET', `${diffUrl}/subtitles/diff`)).json()
    expect(cuesDiff.changed_cues).toBe(1)
    expect(cuesDiff.cues[0].op).toBe('changed')
    expect(cuesDiff.cues[0].edited.text).toMatch(/^Honestly/)
    expect(cuesDiff.cues[0].machine.text).not.toMatch(/^Honestly/)
    const othersDiff = `/v1/productions/producers/${pat.userId}/tasks/${task.description_id}/subtitles/diff`
    expect((await as(rival, 'GET', othersDiff)).statusCode).toBe(403)
    expect((await as(admin, 'GET', othersDiff)).json().changed_cues).toBe(1)
    expect(
      (
        await as(pat, 'PUT', `/v1/productions/producers/me/tasks/${task.description_id}/content`, {
          version: 0,
        })
      ).statusCode,
    ).toBe(409)
    const saved = await as(pat, 'PUT', `/v1/productions/producers/me/tasks/${task.description_id}/content`, {
      version: content.version,
    })
    expect(saved.json().saved_version).toBe(content.version)
    const mine = (await as(pat, 'GET', `/v1/productions/producers/me/tasks/${task.description_id}`)).json()
    expect(mine).toMatchObject({ state: 'claimed', nearly_overdue: false, bounty_cents: 495 })

    const submitted = await as(pat, 'PUT', `/v1/productions/producers/me/tasks/${task.description_id}/submit`)
    expect(submitted.statusCode, submitted.body).toBe(200)
    expect((await as(customer, 'GET', ws(`/tasks/${task.description_id}`))).json().status).toBe(
      'human_review',
    )
    expect(
      (await as(pat, 'PUT', `/v1/productions/producers/me/tasks/${task.description_id}/feedback/ack`))
        .statusCode,
    ).toBe(409)

    expect((await as(pat, 'GET', '/v1/productions/tasks/all')).statusCode).toBe(403)
    const review = (await as(admin, 'GET', '/v1/productions/tasks/all')).json()
    expect(review.under_review.map((c: { task_id: string }) => c.task_id)).toContain(task.description_id)
    const extras = (
      await as(
        admin,
        'GET',
        `/v1/productions/producers/${pat.userId}/tasks/${task.description_id}/review-extras`,
      )
    ).json()
    expect(extras.text).toMatch(/^Honestly/)
    expect(extras.srt).toMatch(/00:00:00,\d{3} --> /)
    const approve = await as(
      admin,
      'PUT',
      `/v1/productions/producers/${pat.userId}/tasks/${task.description_id}/feedback`,
      {
        decision: 'approve',
        feedback: 'Clean work.',
      },
    )
    expect(approve.statusCode, approve.body).toBe(200)
    const change = await as(
      admin,
      'PUT',
      `/v1/productions/producers/${pat.userId}/tasks/${task.description_id}/feedback`,
      {
        decision: 'reject',
        feedback: 'Changed my mind.',
      },
    )
    expect(change.statusCode).toBe(409)
    expect(change.json().detail.message).toBe('This feedback cannot be changed as it was already reviewed')

    const done = (await as(customer, 'GET', ws(`/tasks/${task.description_id}`))).json()
    expect(done).toMatchObject({ status: 'complete', task_state: 'complete', progress_percent: 100 })
    expect(done.deliverables.map((d: { name: string }) => d.name)).toEqual(
      ['Approved walk.srt', 'Approved walk.txt'].sort(),
    )
    const txt = done.deliverables.find((d: { name: string }) => d.name.endsWith('.txt'))
    const download = await as(
      customer,
      'GET',
      ws(`/tasks/${task.description_id}/deliverable/${txt.deliverable_id}`),
    )
    expect(download.statusCode).toBe(200)
    expect(download.body).toMatch(/^Honestly/)
    expect(download.headers['content-disposition']).toContain('Approved walk.txt')
    const feedbackUrl = `/v1/productions/${workspaceId}/feedback/${task.description_id}/deliverable/${txt.deliverable_id}`
    expect((await as(customer, 'POST', feedbackUrl, { rating: 5, comment: 'Perfect.' })).statusCode).toBe(200)
    expect((await as(customer, 'POST', feedbackUrl, { rating: 1 })).statusCode).toBe(409)
    expect((await as(customer, 'POST', feedbackUrl, { rating: 9 })).statusCode).toBe(422)

    const ack = await as(pat, 'PUT', `/v1/productions/producers/me/tasks/${task.description_id}/feedback/ack`)
    expect(ack.json().acknowledged).toBe(true)
    expect(
      (await as(pat, 'GET', `/v1/productions/producers/me/tasks/${task.description_id}/feedback`)).json(),
    ).toMatchObject({
      feedback: 'Clean work.',
      reviewed: true,
      acknowledged: true,
    })
    expect((await as(pat, 'GET', '/v1/productions/producers/me/stats')).json()).toMatchObject({
      approved: 1,
      earnings_cents: 495,
    })

    // Now free again, the producer claims the second order; the review rejects it and it is still paid.
    expect(
      (await as(pat, 'POST', `/v1/productions/producers/me/tasks/${another.description_id}/claim`))
        .statusCode,
    ).toBe(200)
    expect(
      (await as(pat, 'PUT', `/v1/productions/producers/me/tasks/${another.description_id}/submit`))
        .statusCode,
    ).toBe(200)
    const reject = await as(
      admin,
      'PUT',
      `/v1/productions/producers/${pat.userId}/tasks/${another.description_id}/feedback`,
      {
        decision: 'reject',
        feedback: 'Speaker labels are missing.',
      },
    )
    expect(reject.json()).toMatchObject({ state: 'unclaimed' })
    expect((await as(customer, 'GET', ws(`/tasks/${another.description_id}`))).json().status).toBe(
      'in_progress',
    )
    expect((await as(pat, 'GET', '/v1/productions/producers/me/stats')).json()).toMatchObject({
      approved: 1,
      rejected: 1,
      earnings_cents: 990,
    })
  })

  it('refuses to submit an empty deliverable', async () => {
    const task = await order(silentTranscriptId, 'Silence')
    const quiet = await producer()
    expect(
      (await as(quiet, 'POST', `/v1/productions/producers/me/tasks/${task.description_id}/claim`)).statusCode,
    ).toBe(200)
    const empty = await as(quiet, 'PUT', `/v1/productions/producers/me/tasks/${task.description_id}/submit`)
    expect(empty.statusCode).toBe(422)
    expect(empty.json().detail.message).toMatch(/deliverable is empty/)
    expect(
      (await as(quiet, 'GET', `/v1/productions/producers/me/tasks/${task.description_id}`)).json().state,
    ).toBe('claimed')
    // Giving it back puts it on the board again.
    expect(
      (await as(quiet, 'PUT', `/v1/productions/producers/me/tasks/${task.description_id}/revoke`)).statusCode,
    ).toBe(200)
    expect((await as(customer, 'GET', ws(`/tasks/${task.description_id}`))).json().task_state).toBe(
      'unclaimed',
    )
  })

  it('warns when nearly overdue, extends once, revokes when overdue and cancels unpaid orders', async () => {
    const task = await order(transcriptId, 'Deadline walk')
    const late = await producer()
    expect(
      (await as(late, 'POST', `/v1/productions/producers/me/tasks/${task.description_id}/claim`)).statusCode,
    ).toBe(200)
    const db = t.database.db
    const inTen = new Date(Date.now() + 10 * 60_000)
    await db
      .updateTable('production_claims')
      .set({ deadline_at: inTen })
      .where('task_id', '=', task.description_id)
      .execute()
    const url = `/v1/productions/producers/me/tasks/${task.description_id}`
    expect((await as(late, 'GET', url)).json().nearly_overdue).toBe(true)
    const extended = await as(late, 'PUT', `${url}/extend-deadline`)
    expect(extended.json().deadline_unix).toBe(Math.floor(inTen.getTime() / 1000) + 12 * 3600)
    expect((await as(late, 'GET', url)).json().nearly_overdue).toBe(false)
    expect((await as(late, 'PUT', `${url}/extend-deadline`)).statusCode).toBe(409)

    const unpaid = await as(customer, 'POST', ws('/tasks/transcription-from-stt'), {
      transcription_id: transcriptId,
    })
    await db
      .updateTable('production_claims')
      .set({ deadline_at: new Date(Date.now() - 1000) })
      .where('task_id', '=', task.description_id)
      .execute()
    await db
      .updateTable('production_orders')
      .set({ pay_by: new Date(Date.now() - 1000) })
      .where('id', '=', unpaid.json().order_id)
      .execute()
    const deps = {
      orders: createOrdersRepository(db),
      claims: createClaimsRepository(db),
      now: () => new Date(),
    } as unknown as ProductionsDeps
    const swept = await sweepDeadlines(deps)
    expect(swept.revoked).toBeGreaterThanOrEqual(1)
    expect(swept.cancelled).toBeGreaterThanOrEqual(1)
    expect((await as(late, 'GET', url)).json().state).toBe('revoked')
    const after = (await as(customer, 'GET', ws(`/tasks/${task.description_id}`))).json()
    expect(after.task_state).toBe('unclaimed')
    expect(after.history.map((h: { event: string }) => h.event)).toContain('revoked')
    const cancelled = (await as(customer, 'GET', ws(`/tasks/${unpaid.json().description_id}`))).json()
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      task_state: 'cancelled',
      cancel_reason: 'Payment was not received.',
    })
    expect((await sweepDeadlines(deps)).revoked).toBe(0)
  })
})
