import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'

// One editor per project across browsers: the first editor's lease refuses a second one with
// the spec's message until it is given up or runs out, and then the second takes it over.

let t: TestApp
let user: TestUser
let projectId = ''

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  const made = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', permissions: ['projects'] },
  })
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const client = new ElevenLabsClient({ apiKey: made.json().api_key, baseUrl: address })
  const voice = PREMADE_VOICES[0]?.voice_id ?? ''
  const created = await client.studio.projects.create({
    name: 'Lease',
    defaultTitleVoiceId: voice,
    defaultParagraphVoiceId: voice,
  })
  projectId = created.project.projectId
})
afterAll(() => t?.close())

const lease = (holder: string, release = false, project = projectId) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/studio/projects/${project}/editor-lease${release ? '/release' : ''}`,
    headers: user.auth,
    payload: { holder },
  })

describe('the editor lease', () => {
  it('refuses a second editor with the spec message until the first gives it up', async () => {
    expect((await lease('browser-one')).statusCode).toBe(200)
    const second = await lease('browser-two')
    expect(second.statusCode).toBe(409)
    expect(second.json().detail).toMatchObject({
      code: 'studio_editor_in_use',
      message: 'Studio does not support multiple editors or tabs.',
    })
    // The first renews it as often as it likes; the second is still refused.
    expect((await lease('browser-one')).statusCode).toBe(200)
    expect((await lease('browser-two')).statusCode).toBe(409)
    expect((await lease('browser-one', true)).statusCode).toBe(200)
    expect((await lease('browser-two')).statusCode).toBe(200)
  })

  it('is taken over once the holder stops renewing it and the lease runs out', async () => {
    expect((await lease('browser-three')).statusCode).toBe(409)
    // The holder went away: its lease's time passes.
    await sql`update studio_editor_leases set expires_at = now() - interval '1 second'`.execute(t.database.db)
    expect((await lease('browser-three')).statusCode).toBe(200)
    // A release by someone who does not hold it changes nothing.
    expect((await lease('browser-two', true)).statusCode).toBe(200)
    expect((await lease('browser-two')).statusCode).toBe(409)
  })

  it('refuses a missing holder and another workspace’s project', async () => {
    expect((await lease('')).statusCode).toBe(422)
    expect((await lease('browser-one', false, 'nope')).statusCode).toBe(404)
  })
})
