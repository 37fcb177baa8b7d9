import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { setProPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { multipartBody, toneWav } from '../../../test/helpers/voice-factory.js'

// Producers' teams and the application questionnaires, through the API: a producer makes a
// team and others join it with its code (a wrong code, a second team, strangers and plain
// users are refused); members and administrators see the members with their outcomes and the
// tasks they hold; an applicant reads the questionnaire of a qualification without its right
// answers, and the application's score is the share answered right.

const ADMIN_EMAIL = `teams-admin-${Date.now()}@example.com`
let t: TestApp
let admin: TestUser

const as = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) })

async function apply(user: TestUser, extra: object = {}) {
  const applied = await as(user, 'POST', '/v1/productions/producer-applicants', {
    first_name: 'Sam',
    email: user.email,
    start_date: '2026-12-01',
    context: 'Court reporter for ten years.',
    qualifications: [{ base: 'transcription', language: 'en' }],
    ...extra,
  })
  return applied
}

async function producer(): Promise<TestUser> {
  const user = await createUser(t.app, t.database)
  const applied = await apply(user)
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
  t = await createTestApp({ env: { PRODUCTIONS_ADMIN_EMAILS: ADMIN_EMAIL } })
  admin = await createUser(t.app, t.database, { email: ADMIN_EMAIL })
}, 60_000)
afterAll(async () => {
  await t?.close()
})

describe('producer teams', () => {
  it('makes a team, lets producers join with its code, and shows members, outcomes and tasks', async () => {
    const [owner, mate, loner] = [await producer(), await producer(), await producer()]
    const plain = await createUser(t.app, t.database)

    expect((await as(plain, 'POST', '/v1/productions/teams', { name: 'Night shift' })).statusCode).toBe(403)
    expect((await as(owner, 'POST', '/v1/productions/teams', { name: ' ' })).statusCode).toBe(422)
    const made = await as(owner, 'POST', '/v1/productions/teams', { name: 'Night shift' })
    expect(made.statusCode, made.body).toBe(201)
    const team = made.json()
    expect(team).toMatchObject({ name: 'Night shift', owner_id: owner.userId })
    expect(team.join_code).toMatch(/^[\w-]{12}$/)
    expect(team.members.map((m: { user_id: string }) => m.user_id)).toEqual([owner.userId])
    // A producer is in one team at a time.
    expect((await as(owner, 'POST', '/v1/productions/teams', { name: 'Second' })).json().detail.code).toBe(
      'production_team_member',
    )

    const wrong = await as(mate, 'POST', `/v1/productions/teams/${team.team_id}/join`, { join_code: 'nope' })
    expect([wrong.statusCode, wrong.json().detail.code]).toEqual([403, 'production_team_code'])
    expect(
      (await as(plain, 'POST', `/v1/productions/teams/${team.team_id}/join`, { join_code: team.join_code }))
        .statusCode,
    ).toBe(403)
    const joined = await as(mate, 'POST', `/v1/productions/teams/${team.team_id}/join`, {
      join_code: team.join_code,
    })
    expect(joined.statusCode, joined.body).toBe(200)
    expect(
      joined
        .json()
        .members.map((m: { user_id: string }) => m.user_id)
        .sort(),
    ).toEqual([owner.userId, mate.userId].sort())
    const member = joined.json().members.find((m: { user_id: string }) => m.user_id === mate.userId)
    expect(member).toMatchObject({
      first_name: 'Sam',
      is_owner: false,
      qualifications: [{ base: 'transcription', language: 'en' }],
      stats: { claimed: 0, approved: 0, approval_rate_percent: null, earnings_cents: 0 },
    })

    // Outsiders are told the team does not exist; administrators see it without its code.
    expect((await as(loner, 'GET', `/v1/productions/teams/${team.team_id}`)).statusCode).toBe(404)
    expect((await as(loner, 'GET', `/v1/productions/teams/${team.team_id}/tasks`)).statusCode).toBe(404)
    const seen = await as(admin, 'GET', `/v1/productions/teams/${team.team_id}`)
    expect([seen.statusCode, seen.json().join_code, seen.json().members.length]).toEqual([200, null, 2])

    // A task a member claims shows on the team's list, and in the member's stats.
    const customer = await createUser(t.app, t.database)
    const workspaceId = await setProPlan(t.database, customer.userId)
    const { payload, headers } = await multipartBody({ source_language: 'en', custom_name: 'Team task' }, [
      { field: 'file', name: 'team.wav', data: toneWav(1), type: 'audio/wav' },
    ])
    const placed = await t.app.inject({
      method: 'POST',
      url: `/v1/productions/workspace/${workspaceId}/tasks/register`,
      payload,
      headers: { ...customer.auth, ...headers },
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const order = placed.json()
    const paid = await as(
      customer,
      'POST',
      `/v1/productions/workspace/${workspaceId}/orders/${order.order_id}/pay`,
      {
        method: 'credits',
      },
    )
    expect(paid.statusCode, paid.body).toBe(200)
    let claimed = await as(mate, 'POST', `/v1/productions/producers/me/tasks/${order.description_id}/claim`)
    for (let i = 0; i < 120 && claimed.statusCode === 409; i++) {
      await new Promise((r) => setTimeout(r, 500))
      claimed = await as(mate, 'POST', `/v1/productions/producers/me/tasks/${order.description_id}/claim`)
    }
    expect(claimed.statusCode, claimed.body).toBe(200)
    const tasks = (await as(owner, 'GET', `/v1/productions/teams/${team.team_id}/tasks`)).json()
    expect(
      tasks.tasks.map((c: { task_id: string; producer_id: string; state: string }) => [
        c.task_id,
        c.producer_id,
        c.state,
      ]),
    ).toEqual([[order.description_id, mate.userId, 'claimed']])
    const stats = (await as(mate, 'GET', '/v1/productions/producers/me/stats')).json()
    expect(stats).toMatchObject({ claimed: 1, active: 1, approval_rate_percent: null })
    expect((await as(owner, 'GET', `/v1/productions/producers/${mate.userId}/stats`)).statusCode).toBe(403)

    // Leaving: the team no longer shows to the one who left.
    expect((await as(mate, 'POST', `/v1/productions/teams/${team.team_id}/leave`)).statusCode).toBe(200)
    expect((await as(mate, 'GET', `/v1/productions/teams/${team.team_id}`)).statusCode).toBe(404)
  }, 120_000)
})

describe('application questionnaires', () => {
  it('shows the questionnaire without its answers and scores the application', async () => {
    const user = await createUser(t.app, t.database)
    const catalogue = (await as(user, 'GET', '/v1/productions/qualifications/all')).json()
    const transcription = catalogue.qualifications.find((q: { base: string }) => q.base === 'transcription')
    expect(transcription.questionnaire_ids).toEqual(['transcription-style'])
    const read = await as(user, 'GET', '/v1/productions/labeling/questionnaires/transcription-style')
    expect(read.statusCode).toBe(200)
    const questionnaire = read.json()
    expect(questionnaire.questions).toHaveLength(3)
    expect(JSON.stringify(questionnaire)).not.toContain('"answer"')
    expect((await as(user, 'GET', '/v1/productions/labeling/questionnaires/nope')).statusCode).toBe(404)

    // A question of another qualification is refused, and nothing is stored.
    const stray = await apply(user, { questionnaire_answers: [{ question_id: 'ss-lines', option: 1 }] })
    expect([stray.statusCode, stray.json().detail.param]).toEqual([422, 'questionnaire_answers'])
    const beyond = await apply(user, { questionnaire_answers: [{ question_id: 'ts-fillers', option: 7 }] })
    expect(beyond.statusCode).toBe(422)
    expect((await as(user, 'GET', '/v1/productions/producer-applicants')).json().applicant).toBeNull()

    // Two of three right (the third unanswered): 67.
    const applied = await apply(user, {
      questionnaire_answers: [
        { question_id: 'ts-fillers', option: 1 },
        { question_id: 'ts-unclear', option: 1 },
      ],
    })
    expect([applied.statusCode, applied.json().questionnaire_score]).toEqual([201, 67])
    const listed = (await as(admin, 'GET', '/v1/productions/producer-applicants')).json().applicants
    expect(listed.find((a: { user_id: string }) => a.user_id === user.userId).questionnaire_score).toBe(67)
  })
})
