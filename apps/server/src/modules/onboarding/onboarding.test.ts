import { ONBOARDING_CHECKLIST_ITEMS } from '@timbre/contract'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { createWorkspaceVoice } from '../../../test/helpers/voice-factory.js'

let t: TestApp
const voiceId = PREMADE_VOICES[0]?.voice_id as string

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) })

type Checklist = {
  checklist_id: string | null
  is_initiated: boolean
  hidden: boolean
  is_completed: boolean
  items: { onboarding_checklist_item_id: string; is_completed: boolean; verified_by_server: boolean }[]
  newly_completed: string[]
}
const done = (c: Checklist) =>
  c.items.filter((i) => i.is_completed).map((i) => i.onboarding_checklist_item_id)

describe('onboarding checklist', () => {
  it('a new user starts with the survey and the checklist ahead; initiate is idempotent', async () => {
    const user = await createUser(t.app, t.database)
    const me = (await call(user, 'GET', '/v1/user')).json()
    expect(me).toMatchObject({ is_onboarding_completed: false, is_onboarding_checklist_completed: false })

    const fresh = (await call(user, 'GET', '/v1/onboarding/checklist')).json() as Checklist
    expect(fresh).toMatchObject({
      checklist_id: null,
      is_initiated: false,
      hidden: false,
      is_completed: false,
    })
    expect(fresh.items.map((i) => i.onboarding_checklist_item_id)).toEqual([...ONBOARDING_CHECKLIST_ITEMS])
    expect(done(fresh)).toEqual([])

    const first = (await call(user, 'POST', '/v1/onboarding/checklist/initiate')).json() as Checklist
    const again = (await call(user, 'POST', '/v1/onboarding/checklist/initiate')).json() as Checklist
    expect(first.is_initiated).toBe(true)
    expect(first.checklist_id).toMatch(/^[A-Za-z0-9]{20}$/)
    expect(again.checklist_id).toBe(first.checklist_id)
  })

  it('a real generation completes the text-to-speech step once, seen by the server', async () => {
    const user = await createUser(t.app, t.database)
    await call(user, 'POST', '/v1/onboarding/checklist/initiate')

    // Reported before it happened: refused, nothing recorded.
    const early = await call(user, 'POST', '/v1/onboarding/checklist/update', {
      item_id: 'generate_text_to_speech',
    })
    expect(early.statusCode).toBe(409)
    expect(early.json().detail.code).toBe('onboarding_step_not_done')
    const stored = await t.database.db
      .selectFrom('onboarding_checklist_items')
      .selectAll()
      .where('user_id', '=', user.userId)
      .execute()
    expect(stored).toEqual([])

    const speech = await call(user, 'POST', `/v1/text-to-speech/${voiceId}`, {
      text: 'Hello from the checklist.',
    })
    expect(speech.statusCode).toBe(200)

    const after = (await call(user, 'GET', '/v1/onboarding/checklist')).json() as Checklist
    expect(after.newly_completed).toEqual(['generate_text_to_speech'])
    expect(done(after)).toEqual(['generate_text_to_speech'])
    const row = await t.database.db
      .selectFrom('onboarding_checklist_items')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ item_id: 'generate_text_to_speech', detected_by: 'server' })

    // Congratulated once: the next read reports nothing new, and the client's report is accepted.
    const later = (await call(user, 'GET', '/v1/onboarding/checklist')).json() as Checklist
    expect(later.newly_completed).toEqual([])
    const reported = await call(user, 'POST', '/v1/onboarding/checklist/update', {
      item_id: 'generate_text_to_speech',
    })
    expect(reported.statusCode).toBe(200)
    expect(reported.json().newly_completed).toEqual([])
  })

  it('an API key and added voices are detected from their domains; a designed voice is not a lab voice', async () => {
    const user = await createUser(t.app, t.database)
    const key = await call(user, 'POST', '/v1/user/api-keys', { name: 'first' })
    expect(key.statusCode).toBe(201)
    await createWorkspaceVoice(t.database.db, { userId: user.userId, category: 'generated' })
    const one = (await call(user, 'GET', '/v1/onboarding/checklist')).json() as Checklist
    expect(one.newly_completed).toEqual(['design_voice', 'generate_api_key'])

    await createWorkspaceVoice(t.database.db, { userId: user.userId, category: 'cloned' })
    const two = (await call(user, 'GET', '/v1/onboarding/checklist')).json() as Checklist
    expect(two.newly_completed).toEqual(['add_voice_to_voice_lab'])
    expect(done(two)).toEqual(['add_voice_to_voice_lab', 'design_voice', 'generate_api_key'])

    // Another user's key and voices say nothing about this one.
    const other = await createUser(t.app, t.database)
    expect(done((await call(other, 'GET', '/v1/onboarding/checklist')).json())).toEqual([])
  })

  it('steps without a server domain are taken from the client; unknown items are refused', async () => {
    const user = await createUser(t.app, t.database)
    const dub = await call(user, 'POST', '/v1/onboarding/checklist/update', { item_id: 'create_dub' })
    expect(dub.statusCode).toBe(200)
    expect(dub.json().newly_completed).toEqual(['create_dub'])
    expect(
      dub
        .json()
        .items.find(
          (i: { onboarding_checklist_item_id: string }) => i.onboarding_checklist_item_id === 'create_dub',
        ),
    ).toMatchObject({ is_completed: true, verified_by_server: false })

    const unknown = await call(user, 'POST', '/v1/onboarding/checklist/update', { item_id: 'climb_everest' })
    expect(unknown.statusCode).toBe(422)
    expect(unknown.body).toContain('item_id')
  })

  it('hide, show and mark complete; the user flag follows', async () => {
    const user = await createUser(t.app, t.database)
    const hidden = (await call(user, 'POST', '/v1/onboarding/checklist/hide', {})).json() as Checklist
    expect(hidden.hidden).toBe(true)
    const shown = (
      await call(user, 'POST', '/v1/onboarding/checklist/hide', { hidden: false })
    ).json() as Checklist
    expect(shown.hidden).toBe(false)
    const complete = (await call(user, 'POST', '/v1/onboarding/checklist/mark-complete')).json() as Checklist
    expect(complete.is_completed).toBe(true)
    expect((await call(user, 'GET', '/v1/user')).json().is_onboarding_checklist_completed).toBe(true)
  })

  it('completing every step sends one notification', async () => {
    const user = await createUser(t.app, t.database)
    await call(user, 'POST', '/v1/user/api-keys', { name: 'k' })
    await createWorkspaceVoice(t.database.db, { userId: user.userId, category: 'generated' })
    await createWorkspaceVoice(t.database.db, { userId: user.userId, category: 'cloned' })
    await call(user, 'POST', `/v1/text-to-speech/${voiceId}`, { text: 'All steps.' })
    const workspaceId = (await call(user, 'GET', '/v1/user')).json().workspace_id as string
    // Speech to speech has no endpoint yet: its history item is written as that endpoint would.
    const tts = await t.database.db
      .selectFrom('history_items')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow()
    await t.database.db
      .insertInto('history_items')
      .values({
        ...tts,
        id: 'sts0000000000000000x',
        request_id: 'sts-request',
        source: 'STS',
        settings: JSON.stringify(tts.settings),
        alignment: JSON.stringify(tts.alignment),
        dialogue: JSON.stringify(tts.dialogue),
        feedback: JSON.stringify(tts.feedback),
      })
      .execute()
    await call(user, 'POST', '/v1/onboarding/checklist/update', { item_id: 'create_dub' })
    const last = (
      await call(user, 'POST', '/v1/onboarding/checklist/update', { item_id: 'join_affiliate' })
    ).json()
    expect(last.items.every((i: { is_completed: boolean }) => i.is_completed)).toBe(true)

    await call(user, 'GET', '/v1/onboarding/checklist')
    const list = (await call(user, 'GET', '/v1/notifications')).json()
    const kinds = list.notifications.map((n: { kind: string }) => n.kind)
    expect(kinds.filter((k: string) => k === 'onboarding_completed')).toHaveLength(1)
  })
})

describe('onboarding survey', () => {
  it('stores the answers, sets the first name and finishes onboarding', async () => {
    const user = await createUser(t.app, t.database)
    const res = await call(user, 'POST', '/v1/onboarding/survey/complete', {
      first_name: '  Grace ',
      role: 'developer',
      subrole: 'Backend',
      timezone: 'Europe/Stockholm',
      source: 'friend_or_colleague',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      is_onboarding_completed: true,
      onboarding_survey: {
        first_name: 'Grace',
        role: 'developer',
        subrole: 'Backend',
        timezone: 'Europe/Stockholm',
        source: 'friend_or_colleague',
      },
    })
    const me = (await call(user, 'GET', '/v1/user')).json()
    expect(me).toMatchObject({ first_name: 'Grace', is_onboarding_completed: true })
    const read = (await call(user, 'GET', '/v1/onboarding/survey')).json()
    expect(read.onboarding_survey.role).toBe('developer')
    expect(read.completed_at_unix).toBeGreaterThan(0)
  })

  it('an empty answer skips the survey; bad answers are refused with nothing written', async () => {
    const user = await createUser(t.app, t.database)
    const badZone = await call(user, 'POST', '/v1/onboarding/survey/complete', { timezone: 'Mars/Olympus' })
    expect(badZone.statusCode).toBe(422)
    expect(badZone.json().detail).toMatchObject({ code: 'invalid_timezone', param: 'timezone' })
    const badRole = await call(user, 'POST', '/v1/onboarding/survey/complete', { role: 'astronaut' })
    expect(badRole.statusCode).toBe(422)
    expect((await call(user, 'GET', '/v1/user')).json().is_onboarding_completed).toBe(false)

    const skipped = await call(user, 'POST', '/v1/onboarding/survey/complete', {})
    expect(skipped.json()).toEqual({ is_onboarding_completed: true, onboarding_survey: null })
    expect((await call(user, 'GET', '/v1/user')).json().is_onboarding_completed).toBe(true)
  })

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/onboarding/checklist' })
    expect(res.statusCode).toBe(401)
  })
})
