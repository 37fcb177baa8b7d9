import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

const OPERATOR = 'operator-token-for-the-impact-tests'
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { OPERATOR_TOKEN: OPERATOR } })
})
afterAll(() => t?.close())

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) })
const STATEMENT = 'We run free reading classes for blind adults and need narrated course material every week.'

async function listPartner(reviewer: TestUser): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/operator/impact-partners',
    headers: { authorization: `Bearer ${OPERATOR}` },
    payload: {
      name: 'Open Reading Fund',
      description: 'Accessible reading for everyone.',
      category: 'accessibility',
      reviewer_email: reviewer.email,
      benefit: { tier: 'grant_tier_2', duration_months: 6 },
    },
  })
  expect(response.statusCode).toBe(201)
  return response.json().partner_id
}

describe('impact program', () => {
  it('an application is asked for more, answered, approved, and its grant redeemed', async () => {
    const reviewer = await createUser(t.app, t.database)
    const applicant = await createUser(t.app, t.database)
    const stranger = await createUser(t.app, t.database)
    const partnerId = await listPartner(reviewer)
    const partners = (await call(applicant, 'GET', '/v1/impact-program/partners')).json().partners
    expect(partners.find((p: { partner_id: string }) => p.partner_id === partnerId)).toMatchObject({
      category: 'accessibility',
      benefit: { tier: 'grant_tier_2', duration_months: 6 },
    })

    const short = await call(applicant, 'POST', '/v1/impact-program/apply', {
      partner_id: partnerId,
      organisation: 'Readers',
      statement: 'too short',
    })
    expect(short.statusCode).toBe(422)
    const unknown = await call(applicant, 'POST', '/v1/impact-program/apply', {
      partner_id: 'nope',
      organisation: 'Readers',
      statement: STATEMENT,
    })
    expect(unknown.statusCode).toBe(404)
    const form = { partner_id: partnerId, organisation: 'Readers Together', statement: STATEMENT }
    const applied = (await call(applicant, 'POST', '/v1/impact-program/apply', form)).json()
    expect(applied.status).toBe('pending')
    expect((await call(applicant, 'POST', '/v1/impact-program/apply', form)).statusCode).toBe(409)
    const id = applied.application_id

    const queue = (await call(reviewer, 'GET', '/v1/impact-program/partner-applications')).json().applications
    expect(queue).toHaveLength(1)
    expect(queue[0]).toMatchObject({ application_id: id, applicant_email: applicant.email, grant_code: null })
    expect(
      (await call(stranger, 'GET', '/v1/impact-program/partner-applications')).json().applications,
    ).toEqual([])
    const notTheirs = await call(stranger, 'POST', `/v1/impact-program/applications/${id}/review`, {
      decision: 'approve',
    })
    expect(notTheirs.statusCode).toBe(403)

    const noMessage = await call(reviewer, 'POST', `/v1/impact-program/applications/${id}/review`, {
      decision: 'request_more_info',
    })
    expect(noMessage.statusCode).toBe(422)
    await call(reviewer, 'POST', `/v1/impact-program/applications/${id}/review`, {
      decision: 'request_more_info',
      message: 'Please send your registration number.',
    })
    const mine = (await call(applicant, 'GET', '/v1/impact-program/user-applications')).json().applications
    expect(mine[0]).toMatchObject({
      status: 'more_info_requested',
      review_message: 'Please send your registration number.',
    })
    const answered = await call(applicant, 'POST', '/v1/impact-program/apply', {
      ...form,
      statement: `${STATEMENT} Registration number 12345.`,
    })
    expect(answered.json()).toEqual({ application_id: id, status: 'pending' })

    const approved = await call(reviewer, 'POST', `/v1/impact-program/applications/${id}/review`, {
      decision: 'approve',
    })
    expect(approved.json()).toEqual({ application_id: id, status: 'approved' })
    const again = await call(reviewer, 'POST', `/v1/impact-program/applications/${id}/review`, {
      decision: 'reject',
    })
    expect(again.statusCode).toBe(409)

    const granted = (await call(applicant, 'GET', '/v1/impact-program/user-applications')).json()
      .applications[0]
    expect(granted.status).toBe('approved')
    expect(granted.grant_code).toMatch(/^GRANT-/)
    const offer = await t.database.db
      .selectFrom('grant_offers')
      .selectAll()
      .where('code', '=', granted.grant_code)
      .executeTakeFirstOrThrow()
    expect(offer).toMatchObject({ tier: 'grant_tier_2', duration_months: 6 })
    const session = await call(applicant, 'POST', '/create-grant-acceptance-session', {
      grant_code: granted.grant_code,
    })
    expect(session.statusCode).toBe(200)
  })

  it('a rejection is final and grants nothing', async () => {
    const reviewer = await createUser(t.app, t.database)
    const applicant = await createUser(t.app, t.database)
    const partnerId = await listPartner(reviewer)
    const { application_id: id } = (
      await call(applicant, 'POST', '/v1/impact-program/apply', {
        partner_id: partnerId,
        organisation: 'Night School',
        statement: STATEMENT,
      })
    ).json()
    const bad = await call(reviewer, 'POST', `/v1/impact-program/applications/${id}/review`, {
      decision: 'maybe',
    })
    expect(bad.statusCode).toBe(422)
    await call(reviewer, 'POST', `/v1/impact-program/applications/${id}/review`, { decision: 'reject' })
    const row = (await call(applicant, 'GET', '/v1/impact-program/user-applications')).json().applications[0]
    expect(row).toMatchObject({ status: 'rejected', grant_code: null })
    const answer = await call(applicant, 'POST', '/v1/impact-program/apply', {
      partner_id: partnerId,
      organisation: 'Night School',
      statement: STATEMENT,
    })
    expect(answer.statusCode).toBe(409)
  })
})
