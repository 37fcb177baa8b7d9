import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { startSmtpSink } from '../../../test/helpers/smtp-sink.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Account emails in the recipient's locale, delivered through a real SMTP server: the saved
// locale first, else the one the request's Accept-Language picks; and the signed-in resend of
// the verification link, limited per account.

let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let t: TestApp
beforeAll(async () => {
  smtp = await startSmtpSink()
  t = await createTestApp({ smtpUrl: smtp.url })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

/** The mail's text with quoted-printable soft breaks undone. */
const unfolded = (raw: string) => raw.replace(/=\r?\n/g, '')
const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to))

async function waitForCount(to: string, count: number) {
  const deadline = Date.now() + 15_000
  while (mailsTo(to).length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} mails to ${to}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return mailsTo(to)
}

/** Waits for a mail to `to` whose text holds `text` (mails are delivered by jobs, in any order). */
async function waitForText(to: string, text: string) {
  const deadline = Date.now() + 15_000
  for (;;) {
    const found = mailsTo(to).find((m) => unfolded(m.raw).includes(text))
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${JSON.stringify(text)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function signUp(email: string, extra: object = {}, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/auth/sign-up',
    headers,
    payload: { email, password: 'correct horse 42', ...extra },
  })
}

describe('account emails in the recipient’s locale', () => {
  it('sends a German user the verification email in German', async () => {
    const email = `de-${Date.now()}@example.com`
    expect((await signUp(email, { locale: 'de-DE' })).statusCode).toBe(201)
    const text = unfolded((await smtp.waitFor(email)).raw)
    expect(text).toContain('Willkommen bei Timbre.')
    expect(text).not.toContain('Welcome to Timbre')
  })

  it('speaks the Accept-Language choice to someone with no saved locale', async () => {
    const email = `fr-${Date.now()}@example.com`
    const r = await signUp(email, {}, { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' })
    expect(r.statusCode).toBe(201)
    expect(unfolded((await smtp.waitFor(email)).raw)).toContain('Bienvenue sur Timbre.')
    const plain = `en-${Date.now()}@example.com`
    await signUp(plain)
    expect(unfolded((await smtp.waitFor(plain)).raw)).toContain('Welcome to Timbre.')
  })

  it('writes a password reset and an invite in the saved locale, whatever the request asks', async () => {
    const german: TestUser = await createUser(t.app, t.database)
    await t.app.inject({
      method: 'POST',
      url: '/v1/user/set-locale',
      headers: german.auth,
      payload: { locale: 'de-DE' },
    })
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/send-password-reset-email',
      headers: { 'accept-language': 'en-US' },
      payload: { email: german.email },
    })
    // The reset mail speaks German, and no English one was sent instead.
    await waitForText(german.email, 'Passwort zur')
    expect(mailsTo(german.email).some((m) => unfolded(m.raw).includes('Reset your Timbre password'))).toBe(
      false,
    )

    const admin = await createUser(t.app, t.database)
    await t.database.db
      .updateTable('subscriptions')
      .set({ tier: 'enterprise' })
      .where(
        'workspace_id',
        '=',
        (
          await t.database.db
            .selectFrom('users')
            .select('workspace_id')
            .where('id', '=', admin.userId)
            .executeTakeFirstOrThrow()
        ).workspace_id,
      )
      .execute()
    const invited = await t.app.inject({
      method: 'POST',
      url: '/v1/workspace/invites/add',
      headers: { ...admin.auth, 'accept-language': 'en-US' },
      payload: { email: german.email },
    })
    expect(invited.statusCode, invited.body).toBe(200)
    await waitForText(german.email, 'Einladung annehmen')
    expect(mailsTo(german.email).some((m) => unfolded(m.raw).includes('Accept invite'))).toBe(false)
  })
})

describe('resending the verification email when signed in', () => {
  it('sends a new link once a minute per account, and refuses verified accounts', async () => {
    const user = await createUser(t.app, t.database, { verified: false })
    await waitForCount(user.email, 1)
    // The sign-up mail was just sent: the minute has not passed.
    const early = await t.app.inject({
      method: 'POST',
      url: '/v1/user/send-verification-email',
      headers: user.auth,
      payload: {},
    })
    expect(early.statusCode).toBe(429)
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0)
    await t.database.db
      .updateTable('action_codes')
      .set({ created_at: new Date(Date.now() - 61_000) })
      .where('user_id', '=', user.userId)
      .execute()
    const sent = await t.app.inject({
      method: 'POST',
      url: '/v1/user/send-verification-email',
      headers: user.auth,
      payload: {},
    })
    expect(sent.statusCode, sent.body).toBe(200)
    await waitForCount(user.email, 2)
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/user/send-verification-email', payload: {} }))
        .statusCode,
    ).toBe(401)
    const verified = await createUser(t.app, t.database)
    const done = await t.app.inject({
      method: 'POST',
      url: '/v1/user/send-verification-email',
      headers: verified.auth,
      payload: {},
    })
    expect([done.statusCode, done.json().detail.code]).toEqual([409, 'email_already_verified'])
  })
})
