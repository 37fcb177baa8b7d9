import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser, workspaceIdOf } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// The transcripts list: a workspace's own transcripts only, newest first, a page at a time,
// each row with the start of its text rather than the whole transcript.

let t: TestApp
let owner: TestUser
let stranger: TestUser

async function seed(user: TestUser, name: string, at: Date, text: string) {
  await t.database.db
    .insertInto('speech_to_text_transcripts')
    .values({
      id: `tr_${name}`,
      workspace_id: await workspaceIdOf(t.database.db, user.userId),
      user_id: user.userId,
      request_id: `req_${name}`,
      model_id: 'scribe_v1',
      file_name: `${name}.wav`,
      language_code: 'eng',
      language_probability: 1,
      text,
      words: JSON.stringify([]),
      audio_duration_seconds: 12.5,
      credits: 21,
      created_at: at,
    })
    .execute()
}

const list = (user: TestUser, query = '') =>
  t.app.inject({ method: 'GET', url: `/v1/speech-to-text/transcripts${query}`, headers: user.auth })

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t.app, t.database)
  stranger = await createUser(t.app, t.database)
  await seed(owner, 'first', new Date('2026-11-01T10:00:00Z'), 'one')
  await seed(owner, 'second', new Date('2026-11-02T10:00:00Z'), 'two '.repeat(100))
  await seed(owner, 'third', new Date('2026-11-03T10:00:00Z'), 'three')
  await seed(stranger, 'theirs', new Date('2026-11-04T10:00:00Z'), 'not yours')
}, 60_000)
afterAll(() => t?.close())

describe('GET /v1/speech-to-text/transcripts', () => {
  it('pages through the workspace’s transcripts, newest first', async () => {
    const first = await list(owner, '?page_size=2')
    expect(first.statusCode).toBe(200)
    const page = first.json()
    expect(page.transcripts.map((r: { transcription_id: string }) => r.transcription_id)).toEqual([
      'tr_third',
      'tr_second',
    ])
    expect(page).toMatchObject({ has_more: true, last_transcription_id: 'tr_second' })
    expect(page.transcripts[1]).toMatchObject({
      file_name: 'second.wav',
      audio_duration_secs: 12.5,
      credits: 21,
      created_at_unix: Date.parse('2026-11-02T10:00:00Z') / 1000,
    })
    expect(page.transcripts[1].text_start).toHaveLength(200)
    const rest = (await list(owner, '?page_size=2&start_after_transcription_id=tr_second')).json()
    expect(rest.transcripts.map((r: { transcription_id: string }) => r.transcription_id)).toEqual([
      'tr_first',
    ])
    expect(rest).toMatchObject({ has_more: false, last_transcription_id: 'tr_first' })
  })

  it('shows nothing of another workspace, and refuses a cursor it does not own or a bad page size', async () => {
    const theirs = (await list(stranger)).json()
    expect(theirs.transcripts.map((r: { transcription_id: string }) => r.transcription_id)).toEqual([
      'tr_theirs',
    ])
    expect((await list(stranger, '?start_after_transcription_id=tr_first')).statusCode).toBe(404)
    expect((await list(owner, '?page_size=0')).statusCode).toBe(422)
    expect((await list(owner, '?page_size=lots')).statusCode).toBe(422)
  })
})
