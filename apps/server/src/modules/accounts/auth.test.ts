import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractActionLink, startSmtpSink } from '../../../test/helpers/smtp-sink.js'
import { createTestApp, PUBLIC_URL, type TestApp } from '../../../test/helpers/test-app.js'

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpSink>>

beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await createTestApp({ smtpUrl: smtp.url })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers })

describe('sign-up, verification and sign-in', () => {
  const email = 'ada@example.com'
  const password = 'analytical engine 1843'

  it('signs up, mails a verification link to the action handler, and verifies once', async () => {
    const res = await post('/v1/auth/sign-up', {
      email,
      password,
      first_name: 'Ada',
      continue_url: `${PUBLIC_URL}/app/home`,
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ email })

    const mail = await smtp.waitFor(email)
    expect(mail.raw).toContain('Subject: Verify your email for Timbre')
    const link = extractActionLink(mail.raw)
    expect(link.origin).toBe(PUBLIC_URL)
    expect(link.pathname).toBe('/action')
    expect(link.searchParams.get('mode')).toBe('verifyEmail')
    expect(link.searchParams.get('continueUrl')).toBe(`${PUBLIC_URL}/app/home`)
    expect(link.searchParams.get('lang')).toBe('en')
    const oobCode = link.searchParams.get('oobCode')!

    const signIn = await post('/v1/auth/sign-in', { email, password })
    const auth = { authorization: `Bearer ${signIn.json().access_token}` }
    const before = await t.app.inject({ url: '/v1/user', headers: auth })
    expect(before.json().is_email_verified).toBe(false)

    const verified = await post('/v1/auth/verify-email', { oob_code: oobCode })
    expect(verified.statusCode).toBe(200)
    expect(verified.json()).toEqual({ status: 'success', email })

    const reused = await post('/v1/auth/verify-email', { oob_code: oobCode })
    expect(reused.statusCode).toBe(400)
    expect(reused.json().detail.code).toBe('invalid_action_code')

    const after = await t.app.inject({ url: '/v1/user', headers: auth })
    expect(after.json()).toMatchObject({
      email,
      first_name: 'Ada',
      is_email_verified: true,
      // A new account has the survey and the checklist ahead of it.
      is_onboarding_completed: false,
      is_onboarding_checklist_completed: false,
      subscription: { tier: 'free', status: 'free', character_count: 0, character_limit: 10_000 },
    })
  })

  it('signs in with tokens and an httpOnly SameSite=Strict cookie that also authenticates', async () => {
    const res = await post('/v1/auth/sign-in', { email: 'ADA@example.com', password })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600 })
    const cookie = res.cookies.find((c) => c.name === 'timbre_session')!
    expect(cookie.httpOnly).toBe(true)
    expect(cookie.sameSite).toBe('Strict')
    const viaCookie = await t.app.inject({ url: '/v1/user', cookies: { timbre_session: cookie.value } })
    expect(viaCookie.statusCode).toBe(200)
    expect(viaCookie.json().email).toBe(email)
  })

  it('refresh rotates tokens; an old refresh token is refused', async () => {
    const first = (await post('/v1/auth/sign-in', { email, password })).json()
    const refreshed = await post('/v1/auth/refresh', { refresh_token: first.refresh_token })
    expect(refreshed.statusCode).toBe(200)
    const second = refreshed.json()
    expect(second.access_token).not.toBe(first.access_token)
    const old = await t.app.inject({
      url: '/v1/user',
      headers: { authorization: `Bearer ${first.access_token}` },
    })
    expect(old.statusCode).toBe(401)
    const replay = await post('/v1/auth/refresh', { refresh_token: first.refresh_token })
    expect(replay.statusCode).toBe(401)
    expect(replay.json().detail.code).toBe('invalid_refresh_token')
  })

  it('sign-out ends the session', async () => {
    const tokens = (await post('/v1/auth/sign-in', { email, password })).json()
    const headers = { authorization: `Bearer ${tokens.access_token}` }
    const out = await t.app.inject({ method: 'POST', url: '/v1/auth/sign-out', headers })
    expect(out.statusCode).toBe(204)
    expect((await t.app.inject({ url: '/v1/user', headers })).statusCode).toBe(401)
  })

  it('refuses a duplicate address, case-insensitively, and concurrent duplicates create one account', async () => {
    const dup = await post('/v1/auth/sign-up', { email: 'Ada@Example.com', password })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().detail.code).toBe('email_taken')

    const racing = await Promise.all(
      Array.from({ length: 6 }, () => post('/v1/auth/sign-up', { email: 'race@example.com', password })),
    )
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409])
    const users = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'race@example.com')
      .execute()
    expect(users).toHaveLength(1)
    const mails = await t.database.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('to_address', '=', 'race@example.com')
      .execute()
    expect(mails).toHaveLength(1)
  })
})

describe('sign-in lockout', () => {
  it("answers 429 'Too many attempts, please try again in a few minutes' after 5 failures, even with the right password", async () => {
    const email = 'locked@example.com'
    const password = 'right password 1'
    expect((await post('/v1/auth/sign-up', { email, password })).statusCode).toBe(201)
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/v1/auth/sign-in', { email, password: 'wrong password 1' })
      expect(wrong.statusCode).toBe(401)
      expect(wrong.json().detail.code).toBe('invalid_credentials')
    }
    const locked = await post('/v1/auth/sign-in', { email, password })
    expect(locked.statusCode).toBe(429)
    expect(locked.json().detail.message).toBe('Too many attempts, please try again in a few minutes')
  })

  it('an unknown address fails like a wrong password', async () => {
    const res = await post('/v1/auth/sign-in', { email: 'nobody@example.com', password: 'whatever 123' })
    expect(res.statusCode).toBe(401)
    expect(res.json().detail.code).toBe('invalid_credentials')
  })
})

describe('password reset', () => {
  const email = 'grace@example.com'

  it('mails a reset link, checks the code, sets the new password and ends old sessions', async () => {
    expect((await post('/v1/auth/sign-up', { email, password: 'cobol 1959 rules' })).statusCode).toBe(201)
    const oldSession = (await post('/v1/auth/sign-in', { email, password: 'cobol 1959 rules' })).json()

    const sent = await post('/v1/auth/send-password-reset-email', {
      email,
      continue_url: `${PUBLIC_URL}/sign-in`,
    })
    expect(sent.statusCode).toBe(200)
    const mail = await smtp.waitFor(email).then(async () => {
      // The first mail to this address is the verification; wait for the reset.
      for (let i = 0; i < 75; i++) {
        const reset = smtp.received.find(
          (m) => m.to.includes(email) && m.raw.includes('mode=3DresetPassword'),
        )
        if (reset) return reset
        await new Promise((r) => setTimeout(r, 200))
      }
      throw new Error('no reset mail')
    })
    const link = extractActionLink(mail.raw)
    expect(link.searchParams.get('mode')).toBe('resetPassword')
    const code = link.searchParams.get('oobCode')!

    const checked = await post('/v1/auth/check-password-reset-code', { oob_code: code })
    expect(checked.json()).toEqual({ status: 'success', email })

    const weak = await post('/v1/auth/confirm-password-reset', { oob_code: code, new_password: 'short' })
    expect(weak.statusCode).toBe(422)
    expect(weak.json().detail.code).toBe('weak_password')

    const done = await post('/v1/auth/confirm-password-reset', {
      oob_code: code,
      new_password: 'new password 2024',
    })
    expect(done.statusCode).toBe(200)
    expect((await post('/v1/auth/sign-in', { email, password: 'cobol 1959 rules' })).statusCode).toBe(401)
    expect((await post('/v1/auth/sign-in', { email, password: 'new password 2024' })).statusCode).toBe(200)
    const old = await t.app.inject({
      url: '/v1/user',
      headers: { authorization: `Bearer ${oldSession.access_token}` },
    })
    expect(old.statusCode).toBe(401)

    const again = await post('/v1/auth/check-password-reset-code', { oob_code: code })
    expect(again.json().detail.code).toBe('invalid_action_code')
  })

  it('an expired reset code is refused with expired_action_code', async () => {
    await post('/v1/auth/send-password-reset-email', { email })
    const row = await t.database.db
      .selectFrom('action_codes')
      .select('code_hash')
      .where('purpose', '=', 'reset_password')
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow()
    await t.database.db
      .updateTable('action_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('code_hash', '=', row.code_hash)
      .execute()
    const mails = smtp.received.filter((m) => m.to.includes(email) && m.raw.includes('mode=3DresetPassword'))
    // Wait for the second reset mail to arrive.
    for (let i = 0; i < 75 && mails.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 200))
      mails.splice(
        0,
        mails.length,
        ...smtp.received.filter((m) => m.to.includes(email) && m.raw.includes('mode=3DresetPassword')),
      )
    }
    const code = extractActionLink(mails[mails.length - 1]!.raw).searchParams.get('oobCode')!
    const res = await post('/v1/auth/check-password-reset-code', { oob_code: code })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail.code).toBe('expired_action_code')
  })

  it('answers the same for an unknown address (no account enumeration)', async () => {
    const res = await post('/v1/auth/send-password-reset-email', { email: 'ghost@example.com' })
    expect(res.statusCode).toBe(200)
  })

  it('refuses a continue_url of another site', async () => {
    const res = await post('/v1/auth/send-password-reset-email', {
      email,
      continue_url: 'https://evil.example/x',
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().detail.param).toBe('continue_url')
  })
})

describe('bad input', () => {
  it.each([
    ['weak password', { email: 'w@example.com', password: 'abcdefgh' }, 422],
    ['bad email', { email: 'not-an-email', password: 'good pass 123' }, 422],
    ['wrong type', { email: 42, password: 'good pass 123' }, 422],
    ['missing password', { email: 'm@example.com' }, 422],
    ['unknown field', { email: 'u@example.com', password: 'good pass 123', admin: true }, 422],
  ])('sign-up with %s is refused and writes nothing', async (_name, payload, status) => {
    const res = await post('/v1/auth/sign-up', payload)
    expect(res.statusCode).toBe(status)
    expect(res.json().detail).toBeDefined()
    const email = (payload as { email?: unknown }).email
    if (typeof email === 'string') {
      const rows = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute()
      expect(rows).toHaveLength(0)
    }
  })

  it('validation errors name each field', async () => {
    const res = await post('/v1/auth/sign-up', { email: 'bad', password: 7 })
    const fields = (res.json().detail as Array<{ loc: string[]; msg: string }>).map((d) => d.loc.join('.'))
    expect(fields).toEqual(expect.arrayContaining(['body.email', 'body.password']))
  })

  it('malformed JSON -> 400 invalid_json', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatchObject({
      code: 'invalid_json',
      status: 'invalid_json',
      type: 'invalid_request',
    })
    expect(res.json().detail.request_id).toBe(res.headers['request-id'])
  })

  it('an oversize body -> 413', async () => {
    const res = await post('/v1/auth/sign-up', { email: 'big@example.com', password: 'x1'.repeat(700_000) })
    expect(res.statusCode).toBe(413)
    expect(res.json().detail.code).toBe('payload_too_large')
  })

  it('an unknown verification code -> 400 invalid_action_code', async () => {
    const res = await post('/v1/auth/verify-email', { oob_code: 'nope' })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail.code).toBe('invalid_action_code')
  })

  it('an unknown route -> 404 JSON', async () => {
    const res = await t.app.inject({ url: '/v1/nothing-here' })
    expect(res.statusCode).toBe(404)
    expect(res.json().detail.code).toBe('not_found')
  })

  it('a failure while writing sign-up leaves nothing behind', async () => {
    // Fault injection in the real database: the outbox refuses this one address.
    await t.database.db.schema
      .alterTable('outbox_messages')
      .addCheckConstraint(
        'test_refuse_address',
        (await import('kysely')).sql`to_address <> 'fail@example.com'`,
      )
      .execute()
    try {
      const res = await post('/v1/auth/sign-up', { email: 'fail@example.com', password: 'good pass 123' })
      expect(res.statusCode).toBe(500)
      expect(res.json().detail.code).toBe('internal_error')
      const users = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'fail@example.com')
        .execute()
      expect(users).toHaveLength(0)
      const workspaces = await t.database.db
        .selectFrom('workspaces')
        .select('id')
        .where('name', 'like', 'fail%')
        .execute()
      expect(workspaces).toHaveLength(0)
    } finally {
      await t.database.db.schema.alterTable('outbox_messages').dropConstraint('test_refuse_address').execute()
    }
  })
})
